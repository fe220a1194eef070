import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, onSendHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  api,
  endpointSchemas,
  rolesFor,
  type EndpointSchemas,
  type EndpointSchemaTable,
  type AdminRole,
  type RouteDefinition,
} from '@mlp/contract';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { matchesEtag, weakEtag } from '../lib/etag.ts';
import { adminOf, requireAdmin } from './admin-auth.ts';
import { learnerOf, requireLearner } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** what a 413 says on a route with its own body limit (routes.ts `bodyLimit`) */
    bodyLimitMessage?: string;
  }
}

type Group = keyof EndpointSchemaTable;
type Name<G extends Group> = keyof EndpointSchemaTable[G] & string;
type SchemasOf<G extends Group, N extends Name<G>> = EndpointSchemaTable[G][N];
type Parsed<S, K extends keyof EndpointSchemas> = S extends { [P in K]: infer T extends z.ZodType }
  ? z.output<T>
  : undefined;
type AuthOf<G extends Group, N extends Name<G>> = (typeof api)[G][N & keyof (typeof api)[G]] extends {
  auth: infer A;
}
  ? A
  : never;
type ResponseOf<S> = S extends { response: infer R extends z.ZodType } ? z.input<R> : never;

/** What a handler gets: the validated request parts and, on a learner or admin route, who is acting. */
export interface EndpointRequest<S, A> {
  params: Parsed<S, 'params'>;
  query: Parsed<S, 'query'>;
  body: Parsed<S, 'body'>;
  actor: A extends 'none' ? undefined : Actor;
  ip: string;
  headers: IncomingHttpHeaders;
  log: FastifyBaseLogger;
}

type Handler<G extends Group, N extends Name<G>> = (
  request: EndpointRequest<SchemasOf<G, N>, AuthOf<G, N>>,
  reply: FastifyReply,
) => ResponseOf<SchemasOf<G, N>> | Promise<ResponseOf<SchemasOf<G, N>>>;

export type ServeEndpoint = <G extends Group, N extends Name<G>>(
  group: G,
  name: N,
  handler: Handler<G, N>,
) => void;

/**
 * How long browsers and shared caches (a CDN) keep a public answer, and how long after that they may
 * still serve it while they revalidate (decision 0044): an administrator's change shows within 30 s.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=60';

/**
 * A `cache: 'public'` route's answer to an anonymous request: cacheable for a short time, with a weak
 * ETag of its JSON, and a 304 without a body when the caller already has it. A request that carries a
 * session keeps the app's `no-store` (nothing a session sees is put in a shared cache).
 */
const publicCache: onSendHookHandler = (request, reply, payload, done) => {
  if (reply.statusCode !== 200 || request.headers.authorization || typeof payload !== 'string') {
    done(null, payload);
    return;
  }
  const etag = weakEtag(payload);
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', etag);
  if (matchesEtag(request.headers['if-none-match'], etag)) {
    reply.code(304);
    done(null, '');
    return;
  }
  done(null, payload);
};

/** A file an endpoint answers with (a `file: true` route, decision 0068). */
export interface FileAnswer {
  fileName: string;
  contentType: string;
}

/**
 * Sets a file answer's Content-Type and Content-Disposition (attachment, with the name also in UTF-8);
 * the handler then returns the body: a string, bytes or a Node stream, which Fastify sends as it is.
 */
export function fileReply(reply: FastifyReply, file: FileAnswer): void {
  const plain = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  reply
    .type(file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    );
}

/** An admin route's roles from admin-roles.ts; a route missing there is a start-up error, not an open door. */
function adminRoles(group: string, name: string): readonly AdminRole[] {
  const roles = rolesFor(group, name);
  if (!roles) throw new Error(`No administrator roles declared for ${group}.${name} (admin-roles.ts)`);
  return roles;
}

/**
 * Registers routes from the contract (decision 0028): method, path, caller and success status
 * from `api.<group>.<name>` (routes.ts), validation and the response shape from `endpointSchemas` under the
 * same key. Learner and admin routes get their session check; the handler returns the body, sent with the
 * route's status (a handler may set another, as a repeated submit does with 200).
 */
export function endpointServer(app: FastifyInstance, ctx: AppContext): ServeEndpoint {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  return (group, name, handler) => {
    const route = (api[group] as Record<string, RouteDefinition>)[name]!;
    const schemas = (endpointSchemas[group] as Record<string, EndpointSchemas>)[name]!;
    const status = route.status ?? 200;
    const auth = route.auth;
    typed.route({
      method: route.method,
      url: route.path,
      ...(route.bodyLimit
        ? { bodyLimit: route.bodyLimit.bytes, config: { bodyLimitMessage: route.bodyLimit.message } }
        : {}),
      schema: {
        tags: [route.tag],
        ...(route.summary ? { summary: route.summary } : {}),
        ...(auth === 'none' ? {} : { security: [{ [auth]: [] }] }),
        ...(schemas.params ? { params: schemas.params } : {}),
        ...(schemas.query ? { querystring: schemas.query } : {}),
        ...(schemas.body ? { body: schemas.body } : {}),
        // A created resource may also be answered 200 (a repeated submit): both share the shape. A file
        // route's answer is sent as it is (decision 0068).
        ...(route.file
          ? {}
          : {
              response:
                status === 201
                  ? { 200: schemas.response, 201: schemas.response }
                  : { [status]: schemas.response },
            }),
      },
      ...(route.cache === 'public' ? { onSend: publicCache } : {}),
      // Who is calling is checked first, before the body is read and validated (decision 0067): a caller
      // without the right gets 401/403, never a 400 listing fields, and an anonymous upload is not parsed.
      ...(auth === 'learner' ? { onRequest: requireLearner(ctx) } : {}),
      ...(auth === 'admin' ? { onRequest: requireAdmin(ctx, adminRoles(group, name)) } : {}),
      handler: async (request, reply) => {
        const actor =
          auth === 'learner' ? learnerOf(request) : auth === 'admin' ? adminOf(request) : undefined;
        (reply as FastifyReply).status(status);
        const body: unknown = await handler(
          {
            params: request.params,
            query: request.query,
            body: request.body,
            actor,
            ip: request.ip,
            headers: request.headers,
            log: request.log,
          } as EndpointRequest<never, never>,
          reply,
        );
        return status === 204 ? null : body;
      },
    });
  };
}
