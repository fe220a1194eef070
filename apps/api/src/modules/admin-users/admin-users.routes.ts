import { pageCount } from '../../lib/paging.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminListQuerySchema,
  AdminUsersResponseSchema,
  MessageResponseSchema,
  safeString,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { deleteUserCascade, findUserForDeletion, pageUsers } from './admin-users.repository.ts';

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
    async (request) => {
      const { page, keyword, limit } = request.query;
      const { rows, total } = await pageUsers(ctx.db, { keyword, limit, offset: (page - 1) * limit });
      return {
        users: rows.map((row) => ({
          _id: row.id,
          email: row.email,
          name: row.name,
          createdAt: row.createdAt.toISOString(),
          verified: row.emailVerifiedAt !== null,
        })),
        page,
        pages: pageCount(total, limit),
        total,
      };
    },
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
      const admin = adminOf(request);
      const { id } = request.params;
      if (!isUuid(id)) throw new NotFoundError('User not found');
      await ctx.db.transaction(async (tx) => {
        const user = await findUserForDeletion(tx, id);
        if (!user) throw new NotFoundError('User not found');
        await deleteUserCascade(tx, id);
        // The audit entry names the account by id only: the person's data is gone.
        await recordAudit(
          tx,
          { adminId: admin.adminId, email: admin.email },
          { action: 'deleted', entityType: 'user', entityId: id },
        );
      });
      return { message: 'User deleted successfully' };
    },
  );
};
