import { ADMIN_ROLE_LABELS, api, endpointSchemas, type AdminRole, type RouteDefinition } from '@mlp/contract';
import type { z } from 'zod';
import { vi } from 'vitest';

export interface RecordedRequest {
  method: string;
  path: string;
  /** the query string, '' or starting with '?' */
  search: string;
  headers: Headers;
  body: unknown;
  /** the fetch's cache mode, when one was set */
  cache: RequestCache | undefined;
  /** the fetch's abort signal, when it had one */
  signal: AbortSignal | undefined;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

interface ContractRoute {
  /** 'group.name' in the contract's route table */
  key: string;
  method: string;
  pattern: RegExp;
  response: z.ZodType;
}

/** Every route of the contract with its response schema; fixed paths before those with parameters. */
const contractRoutes: ContractRoute[] = Object.entries(api)
  .flatMap(([group, table]) =>
    Object.entries(table as Record<string, RouteDefinition>).map(([name, route]) => ({
      key: `${group}.${name}`,
      method: route.method,
      params: route.path.split(':').length - 1,
      pattern: new RegExp(`^${route.path.replace(/:[^/]+/g, '[^/]+')}$`),
      response: (endpointSchemas as Record<string, Record<string, { response: z.ZodType }>>)[group]![name]!
        .response,
    })),
  )
  .sort((a, b) => a.params - b.params)
  .map(({ params: _params, ...route }) => route);

/** What stubbed answers said that the contract does not allow, reported by test/setup.ts after each test. */
const contractProblems: string[] = [];

/** The stubbed answers of the test that just ended that break the contract, and forgets them. */
export function takeContractProblems(): string[] {
  return contractProblems.splice(0);
}

/**
 * Checks a stubbed success against the contract's response schema for that route, so a web test's
 * stand-in for the server cannot drift from what the server answers (a contract change fails the tests
 * whose stubs it breaks). Errors (4xx/5xx), 204s and routes outside the contract are not checked.
 */
async function checkAgainstContract(method: string, path: string, response: Response): Promise<void> {
  if (!response.ok || response.status === 204) return;
  if (!response.headers.get('content-type')?.includes('application/json')) return;
  const route = contractRoutes.find(
    (candidate) => candidate.method === method && candidate.pattern.test(path),
  );
  if (!route) return;
  const parsed = route.response.safeParse(await response.clone().json());
  if (parsed.success) return;
  const issues = parsed.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(the answer)'}: ${issue.message}`)
    .join('; ');
  contractProblems.push(`The stub's answer to ${method} ${path} is not a ${route.key} response: ${issues}`);
}

/** A JSON response, as the API would send it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A file the API sends for download (decision 0068): its type, and `Content-Disposition` with its name. */
export function fileAnswer(
  body: string,
  fileName: string,
  contentType = 'text/plain; charset=utf-8',
): Response {
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'Content-Disposition': `attachment; filename="${fileName}"` },
  });
}

/**
 * An answer that never comes (a server process that died with the request on its way): the call hangs
 * until it is aborted, and then fails as fetch does, with an AbortError. A handler: `{ 'POST /…': noAnswer }`.
 */
export function noAnswer(request: RecordedRequest): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const { signal } = request;
    if (!signal) return;
    const abort = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (signal.aborted) abort();
    else signal.addEventListener('abort', abort, { once: true });
  });
}

/** GET /api/settings/public's answer for an open site called MedLearn; `overrides` change it. */
export function publicSettings(overrides: Record<string, unknown> = {}): Response {
  return json({
    siteName: 'MedLearn',
    siteDescription: '',
    contactEmail: '',
    maintenanceMode: false,
    registrationEnabled: true,
    ...overrides,
  });
}

/** GET /api/admin/auth/me's answer: the signed-in administrator, with `role` (an Owner unless given). */
export function adminMe(role: AdminRole = 'owner'): Response {
  return json({
    _id: '0190f3a2-0000-7000-8000-0000000000a1',
    email: `${role}@example.com`,
    name: ADMIN_ROLE_LABELS[role],
    role,
    createdAt: '2025-01-01T00:00:00.000Z',
    lastLogin: null,
    isCurrent: true,
  });
}

/**
 * Replaces global fetch with a table of handlers keyed 'METHOD /path'. Unknown requests answer 404 with
 * the API's error shape. Returns the list of requests made, for assertions. The panel asks who is signed
 * in (their role decides what it shows, decision 0067): an Owner unless the table answers
 * 'GET /api/admin/auth/me' itself (`adminMe('editor')`).
 */
export function stubFetch(handlers: Record<string, Handler> = {}): RecordedRequest[] {
  handlers = { 'GET /api/admin/auth/me': () => adminMe(), ...handlers };
  const requests: RecordedRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const rawBody = typeof init?.body === 'string' ? init.body : undefined;
    const request: RecordedRequest = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init?.headers),
      body: rawBody === undefined ? undefined : (JSON.parse(rawBody) as unknown),
      cache: init?.cache,
      signal: init?.signal ?? undefined,
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) return json({ message: 'Not found' }, 404);
    const response = await handler(request);
    await checkAgainstContract(method, url.pathname, response);
    return response;
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}
