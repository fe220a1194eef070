import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AdminStatsSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';
import { platformStats } from './stats.service.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      preHandler: requireAdmin(ctx),
      schema: { tags: ['admin'], security: [{ admin: [] }], response: { 200: AdminStatsSchema } },
    },
    () => platformStats(ctx),
  );
};
