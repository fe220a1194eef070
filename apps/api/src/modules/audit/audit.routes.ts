import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuditResponseSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { latestAudit } from './audit.repository.ts';

function summarise(action: string, entityType: string, details: Record<string, unknown> | null): string {
  const label = typeof details?.label === 'string' ? ` "${details.label}"` : '';
  return `${action.replaceAll('_', ' ')} ${entityType}${label}`;
}

export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));
  app.get(
    '/',
    {
      schema: {
        tags: ['admin'],
        security: [{ admin: [] }],
        summary: 'Latest administrator actions',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(10) }),
        response: { 200: AuditResponseSchema },
      },
    },
    async (request) => {
      const rows = await latestAudit(ctx.db, request.query.limit);
      return {
        entries: rows.map((row) => ({
          _id: row.id,
          adminEmail: row.adminEmail,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          summary: summarise(row.action, row.entityType, row.details),
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  );
};
