import type { ApiErrorBody } from '@mlp/contract';
import { BUSY_CODE, MAINTENANCE_MESSAGE } from '@mlp/contract/constants';
import {
  routeUrl,
  type RouteBody,
  type RouteDefinition,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@mlp/contract/routes';
import { readToken, type SessionKind } from './session-storage.ts';
import { reportMaintenance } from './maintenance.ts';

/** A failed API call. `serverMessage` is the `message` the API sent, when it sent one (spec §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly serverMessage: string | undefined;
  readonly errors: ApiErrorBody['errors'];
  /** What kind of refusal, when the page must act on it (e.g. PAYMENT_METHOD_REQUIRED, decision 0030). */
  readonly code: string | undefined;

  constructor(status: number, serverMessage?: string, errors?: ApiErrorBody['errors'], code?: string) {
    super(serverMessage ?? (status === 0 ? 'Network error' : `Request failed with status ${status}`));
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.code = code;
  }
}

/** Whether `err` is an API refusal with this `code` (ApiErrorBodySchema's `code`). */
export function hasErrorCode(err: unknown, code: string): boolean {
  return err instanceof ApiError && err.code === code;
}

/**
 * The text a page shows for a failed call: the server's message when present, otherwise the page's
 * default from the spec's error catalogue (e.g. 'Login failed').
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return fallback;
}

export type AuthMode = SessionKind | 'none';

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, as application/octet-stream (an image upload), instead of a JSON body. */
  file?: Blob;
  /** Which stored token to send: learner `Bearer` (default), administrator `Admin`, or none. */
  auth?: AuthMode;
  signal?: AbortSignal;
  /**
   * Gives up on a try that has not answered in full within this many milliseconds: it is aborted and fails
   * as unreachable (`ApiError` status 0), like a call without a connection, so the caller's retry takes
   * over. For the sitting's idempotent calls (decision 0066); other calls have no time-out (spec §7).
   */
  timeoutMs?: number;
  /** Let the request outlive the page (a save flushed on `pagehide`); the body must stay small. */
  keepalive?: boolean;
  /**
   * A 401 on a call made with a stored token normally means the session was revoked or expired, so the
   * session is cleared. Calls whose 401 means something else (none today) can opt out.
   */
  endSessionOnUnauthorized?: boolean;
}

/** `message` is the API's reason, e.g. SESSION_REVOKED_MESSAGE when another device signed this one out. */
type UnauthorizedHandler = (kind: SessionKind, message: string | undefined) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The auth provider registers how to end a session the server no longer accepts. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

function authorizationHeader(auth: AuthMode): string | null {
  if (auth === 'none') return null;
  const token = readToken(auth);
  if (!token) return null;
  // Spec §6: learners use the Bearer scheme, administrators the 'Admin' scheme.
  return auth === 'user' ? `Bearer ${token}` : `Admin ${token}`;
}

function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function readErrorBody(body: unknown): Partial<ApiErrorBody> {
  if (typeof body !== 'object' || body === null) return {};
  const record = body as Record<string, unknown>;
  const message = typeof record.message === 'string' && record.message.trim() ? record.message : undefined;
  const errors = Array.isArray(record.errors) ? (record.errors as ApiErrorBody['errors']) : undefined;
  const code = typeof record.code === 'string' && record.code ? record.code : undefined;
  return { ...(message ? { message } : {}), ...(errors ? { errors } : {}), ...(code ? { code } : {}) };
}

/** How a call names an endpoint's inputs: the route's own types (packages/contract/src/routes.ts). */
export type EndpointCallOptions<R> = Omit<ApiRequestOptions, 'method' | 'body' | 'auth'> & {
  params?: RouteParams<R>;
  /** sent as the query string, in this order; undefined and '' values are left out */
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
};

const AUTH_OF_ROUTE: Record<RouteDefinition['auth'], AuthMode> = {
  none: 'none',
  learner: 'user',
  admin: 'admin',
};

/**
 * The one way the web app talks to the API: JSON in and out, the right authorization header, an
 * `ApiError` for every failure. No time-out unless the call asks for one (`timeoutMs`; spec §7). Call it with a route of the contract —
 * `apiRequest(api.exams.detail, { params: { id } })` — and the URL, method, token and types follow from
 * it (decision 0028).
 */
export async function apiRequest<R extends RouteDefinition>(
  route: R,
  options: EndpointCallOptions<R> = {},
): Promise<RouteResponse<R>> {
  const { params, query, ...rest } = options;
  return (await send(routeUrl(route, params, query), {
    ...rest,
    method: route.method,
    auth: AUTH_OF_ROUTE[route.auth],
  })) as RouteResponse<R>;
}

/**
 * Sends a file's bytes as the body of a contract route (an image upload, decision 0040): the server reads
 * the content, so the declared type is always application/octet-stream. JSON back, `ApiError` on failure.
 */
export async function apiUpload<R extends RouteDefinition>(
  route: R,
  file: Blob,
  options: { params?: RouteParams<R>; signal?: AbortSignal } = {},
): Promise<RouteResponse<R>> {
  return (await send(routeUrl(route, options.params), {
    method: route.method,
    auth: AUTH_OF_ROUTE[route.auth],
    file,
    ...(options.signal ? { signal: options.signal } : {}),
  })) as RouteResponse<R>;
}

/** How often a request refused as busy is sent again before its error is shown (about 20 s in all). */
const BUSY_RETRIES = 5;

async function isBusyAnswer(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { code?: unknown };
    return body.code === BUSY_CODE;
  } catch {
    return false;
  }
}

/** Waits the Retry-After the server asked for, growing with each try and spread a little (no stampede). */
function busyPause(response: Response, attempt: number, signal: AbortSignal | undefined): Promise<void> {
  const header = response.headers.get('retry-after');
  const seconds = header && Number.isFinite(Number(header)) ? Number(header) : 2;
  const ms = seconds * 1000 * (1 + attempt * 0.5) * (0.75 + Math.random() * 0.5);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * A call's time-out (`timeoutMs`): each try gets its own controller, aborted when the time is up or when
 * the caller's own signal aborts. Without a time-out the caller's signal is used as it is.
 */
function timeLimit(ms: number | undefined, outer: AbortSignal | undefined) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  return {
    /** Starts a try: the signal its fetch (and the reading of its body) listens to. */
    start(): AbortSignal | undefined {
      clearTimeout(timer);
      if (!ms) return outer;
      const controller = new AbortController();
      if (outer?.aborted) controller.abort();
      else outer?.addEventListener('abort', () => controller.abort(), { once: true });
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, ms);
      return controller.signal;
    },
    stop(): void {
      clearTimeout(timer);
    },
    /** What a failed try throws: a time-out is an unreachable server; the caller's abort stays an abort. */
    failure(err: unknown): unknown {
      clearTimeout(timer);
      if (timedOut) return new ApiError(0);
      if (err instanceof DOMException && err.name === 'AbortError') return err;
      return new ApiError(0);
    },
  };
}

async function send(path: string, options: ApiRequestOptions): Promise<unknown> {
  const {
    method = 'GET',
    body,
    file,
    auth = 'user',
    signal,
    keepalive,
    timeoutMs,
    endSessionOnUnauthorized = true,
  } = options;
  const limit = timeLimit(timeoutMs, signal);
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (file !== undefined) headers['Content-Type'] = 'application/octet-stream';
  // Read the token now, before any await, so a caller may clear it right after starting the call.
  const authorization = authorizationHeader(auth);
  if (authorization) headers.Authorization = authorization;

  let response: Response;
  for (let attempt = 0; ; attempt += 1) {
    const trySignal = limit.start();
    try {
      response = await fetch(path, {
        method,
        headers,
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        ...(file !== undefined ? { body: file } : {}),
        ...(trySignal ? { signal: trySignal } : {}),
        ...(keepalive ? { keepalive } : {}),
        // Public reads may be kept by caches for 30 s (decision 0044); the app itself always asks the
        // server, which answers 304 when nothing changed, so a page never shows older data than the server's.
        ...(method === 'GET' && !authorization ? { cache: 'no-cache' as const } : {}),
      });
    } catch (err) {
      throw limit.failure(err);
    }
    // The server refused the request before doing anything of it (busy, decision 0046): send it again.
    if (response.status !== 503 || attempt >= BUSY_RETRIES || !(await isBusyAnswer(response))) break;
    limit.stop();
    await busyPause(response, attempt, signal);
  }

  let payload: unknown;
  try {
    // The time-out covers the body too: a process that dies mid-answer leaves it unfinished.
    payload = response.status === 204 ? undefined : parseJson(await response.text());
  } catch (err) {
    throw limit.failure(err);
  } finally {
    limit.stop();
  }

  if (!response.ok) {
    const { message, errors, code } = readErrorBody(payload);
    // Only the maintenance 503 means the site is down; others (PayPal or the AI provider unavailable) are
    // errors of that one call and are shown where they happened.
    if (response.status === 503 && message === MAINTENANCE_MESSAGE) reportMaintenance();
    if (response.status === 401 && authorization && auth !== 'none' && endSessionOnUnauthorized) {
      unauthorizedHandler?.(auth, message);
    }
    throw new ApiError(response.status, message, errors, code);
  }
  return payload;
}

/** A file the API sends (an export): its bytes and the name its Content-Disposition gives. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | null;
}

/** The file name of a Content-Disposition header: `filename*=UTF-8''…` first, else `filename="…"`. */
export function dispositionFileName(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header) ?? /filename=([^;]+)/i.exec(header);
  return plain?.[1]?.trim() || null;
}

/**
 * Downloads a file endpoint (a GET answering a file, not JSON) with the route's token, failing with an
 * `ApiError` like `apiRequest`.
 */
export async function apiDownload<R extends RouteDefinition>(
  route: R,
  options: Pick<EndpointCallOptions<R>, 'params' | 'query' | 'signal'> = {},
): Promise<DownloadedFile> {
  const auth = AUTH_OF_ROUTE[route.auth];
  const authorization = authorizationHeader(auth);
  let response: Response;
  try {
    response = await fetch(routeUrl(route, options.params, options.query), {
      method: route.method,
      headers: authorization ? { Authorization: authorization } : {},
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0);
  }
  if (!response.ok) {
    const { message, errors, code } = readErrorBody(parseJson(await response.text()));
    if (response.status === 401 && authorization && auth !== 'none') unauthorizedHandler?.(auth, message);
    throw new ApiError(response.status, message, errors, code);
  }
  return {
    blob: await response.blob(),
    fileName: dispositionFileName(response.headers.get('content-disposition')),
  };
}
