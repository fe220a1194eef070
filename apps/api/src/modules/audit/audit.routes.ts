import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditQuerySchema, AuditResponseSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { listAuditEntries } from './audit.service.ts';

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        summary: 'The activity log: administrator actions, newest first, paged and filtered',
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema },
      },
    },
    (request) => listAuditEntries(ctx.db, request.query),
  );
};
