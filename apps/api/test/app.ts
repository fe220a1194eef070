import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import {
  routeUrl,
  type RouteDefinition,
  type RouteBody,
  type RouteParams,
  type RouteQuery,
  type RouteResponse,
} from '@mlp/contract';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { closeAppContext, createAppContext, type AppContext } from '../src/context.ts';
import { loggerOptions, type LogStream } from '../src/lib/logging.ts';
import { movableClock, type MovableClock } from '../src/lib/clock.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  config: Config;
  /** the app's clock (the system clock until a test moves it forward) */
  clock: MovableClock;
  close(): Promise<void>;
  /** inject with a JSON body; returns the response with `json()` typed loosely */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Calls a route of the contract (`api.stats.read`), its URL built from `params` and `query` as the web
   * app builds it, as `as` (anything with `headers`: a learner, an administrator) or nobody, from an
   * address of its own (so per-IP rate limits do not pile up). The body is typed as the route's success;
   * check `statusCode` first (an error's body is `{ message }`).
   */
  call<R extends RouteDefinition>(route: R, options?: CallOptions<R>): Promise<CallResult<RouteResponse<R>>>;
  /**
   * `call` without the route's types, for what they would refuse (a body or query value of the wrong
   * kind, a missing field): tests of validation. Malformed JSON and raw headers stay with `request`.
   */
  send(route: RouteDefinition, options?: SendOptions): Promise<CallResult<unknown>>;
}

export interface SendOptions {
  params?: unknown;
  query?: unknown;
  body?: unknown;
  as?: { headers: Record<string, string> } | null;
}

export interface CallOptions<R extends RouteDefinition> {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
  as?: { headers: Record<string, string> } | null;
}

export interface CallResult<T> {
  statusCode: number;
  headers: LightMyRequestResponse['headers'];
  /** the parsed JSON answer (null for an empty one) */
  body: T;
  /** an error's message, when the answer has one */
  message: string | undefined;
}

/**
 * The real app on a database of its own. `env` overrides configuration variables; `logStream` receives
 * the server's JSON log lines (with the server's own logger options) instead of no logging.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { logStream?: LogStream } = {},
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://app.test', ...env });
  const database = await createTestDatabase();
  const clock = movableClock();
  const ctx = createAppContext(config, database, { settingsTtlMs: 0, clock });
  const app = await buildApp({
    ctx,
    ...(options.logStream ? { logger: loggerOptions(config, options.logStream) } : {}),
  });
  if (options.logStream) ctx.outbox.setLogger(app.log);
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    clock,
    request: (options) => app.inject(options),
    call: (route, options = {}) => callRoute(app, route, options) as never,
    send: (route, options = {}) => callRoute(app, route, options),
    async close() {
      await app.close();
      await closeAppContext(ctx);
      await database.destroy();
    },
  };
}

/**
 * Injects a request to the route's URL from an address of its own; the answer with its JSON parsed (a
 * file route's success, which is not JSON, comes back as its raw bytes: read it with `t.request`).
 */
async function callRoute(
  app: FastifyInstance,
  route: RouteDefinition,
  { params, query, body, as }: SendOptions,
): Promise<CallResult<unknown>> {
  const response = await app.inject({
    method: route.method,
    url: routeUrl(route, params, query),
    headers: as?.headers ?? {},
    remoteAddress: clientAddress(),
    ...(body === undefined ? {} : { payload: body as InjectOptions['payload'] }),
  });
  const json = String(response.headers['content-type'] ?? '').includes('json');
  const parsed: unknown = response.body === '' ? null : json ? response.json() : response.rawPayload;
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: parsed,
    message:
      parsed !== null && typeof parsed === 'object' && 'message' in parsed
        ? String(parsed.message)
        : undefined,
  };
}

let addressSequence = 0;

/** A distinct client address per request, so per-IP rate limits do not pile up across a test file. */
export function clientAddress(): string {
  addressSequence += 1;
  return `10.9.${Math.floor(addressSequence / 250) % 250}.${(addressSequence % 250) + 1}`;
}
