import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminAccountSchema,
  AdminCheckResponseSchema,
  AdminCreatedResponseSchema,
  AdminLoginBodySchema,
  AdminPasswordBodySchema,
  AdminRegisterBodySchema,
  AdminsResponseSchema,
  AdminTokenResponseSchema,
  CreateAdminBodySchema,
  MessageResponseSchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import * as admins from './admins.service.ts';
import { ADMIN_MESSAGES } from './admins.messages.ts';

const tags = ['admin'];
const security = [{ admin: [] }];

/** /api/admin/auth: sign-in and administrator accounts. */
export const adminAuthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = requireAdmin(ctx);

  app.get('/check', { schema: { tags, response: { 200: AdminCheckResponseSchema } } }, async () => ({
    exists: await admins.exists(ctx),
  }));

  app.post(
    '/register',
    {
      schema: {
        tags,
        summary: 'Create the first administrator',
        body: AdminRegisterBodySchema,
        response: { 201: AdminTokenResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ token: await admins.registerFirst(ctx, request.body, request.ip) }),
  );

  app.post(
    '/login',
    { schema: { tags, body: AdminLoginBodySchema, response: { 200: AdminTokenResponseSchema } } },
    async (request) => ({
      token: await admins.login(ctx, request.body, request.ip),
    }),
  );

  app.post(
    '/logout',
    { preHandler: auth, schema: { tags, security, response: { 204: z.null() } } },
    async (request, reply) => {
      await admins.logout(ctx, adminOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { preHandler: auth, schema: { tags, security, response: { 200: AdminAccountSchema } } },
    (request) => admins.me(ctx, adminOf(request)),
  );

  app.get(
    '/admins',
    { preHandler: auth, schema: { tags, security, response: { 200: AdminsResponseSchema } } },
    async (request) => ({
      admins: await admins.list(ctx, adminOf(request)),
    }),
  );

  app.post(
    '/admins',
    {
      preHandler: auth,
      schema: { tags, security, body: CreateAdminBodySchema, response: { 201: AdminCreatedResponseSchema } },
    },
    async (request, reply) => {
      const admin = await admins.create(ctx, adminOf(request), request.body);
      return reply.status(201).send({ message: ADMIN_MESSAGES.created, admin });
    },
  );

  app.delete(
    '/admins/:id',
    {
      preHandler: auth,
      schema: {
        tags,
        security,
        params: z.object({ id: safeString().max(64) }),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await admins.remove(ctx, adminOf(request), request.params.id);
      return { message: ADMIN_MESSAGES.deleted };
    },
  );
};

/** /api/admin/password */
export const adminPasswordRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.put(
    '/',
    {
      preHandler: requireAdmin(ctx),
      schema: { tags, security, body: AdminPasswordBodySchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => ({ message: await admins.changePassword(ctx, adminOf(request), request.body) }),
  );
};
