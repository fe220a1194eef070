import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  AdminUsersResponseSchema,
  MessageResponseSchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { ADMIN_USER_MESSAGES } from './admin-users.messages.ts';
import { deleteUser, listUsers } from './admin-users.service.ts';

const tags = ['admin'];
const security = [{ admin: [] }];

export const adminUserRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get(
    '/',
    {
      schema: {
        tags,
        security,
        querystring: AdminListQuerySchema,
        response: { 200: AdminUsersResponseSchema },
      },
    },
    (request) => listUsers(ctx, request.query),
  );

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: z.object({ id: safeString().max(64) }),
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await deleteUser(ctx, adminOf(request), request.params.id);
      return { message: ADMIN_USER_MESSAGES.deleted };
    },
  );
};
