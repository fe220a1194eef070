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
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** A JSON response, as the API would send it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** GET /api/settings/public's answer for an open site called MedLearn; `overrides` change it. */
export function publicSettings(overrides: Record<string, unknown> = {}): Response {
  return json({
    siteName: 'MedLearn',
    siteDescription: '',
    maintenanceMode: false,
    registrationEnabled: true,
    ...overrides,
  });
}

/**
 * Replaces global fetch with a table of handlers keyed 'METHOD /path'. Unknown requests answer 404 with
 * the API's error shape. Returns the list of requests made, for assertions.
 */
export function stubFetch(handlers: Record<string, Handler> = {}): RecordedRequest[] {
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
    };
    requests.push(request);
    const handler = handlers[`${method} ${url.pathname}`];
    return handler ? handler(request) : json({ message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}
