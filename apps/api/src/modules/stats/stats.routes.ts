import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { count, gt, sql } from 'drizzle-orm';
import { AdminStatsSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { articles, exams, subscriptions, users } from '../../db/schema/index.ts';
import { requireAdmin } from '../../plugins/admin-auth.ts';

export const statsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      preHandler: requireAdmin(ctx),
      schema: { tags: ['admin'], security: [{ admin: [] }], response: { 200: AdminStatsSchema } },
    },
    async () => {
      const [[u], [e], [a], [s]] = await Promise.all([
        ctx.db.select({ value: count() }).from(users),
        ctx.db.select({ value: count() }).from(exams),
        ctx.db.select({ value: count() }).from(articles),
        // Active = end date in the future (spec §4).
        ctx.db
          .select({ value: count() })
          .from(subscriptions)
          .where(gt(subscriptions.endDate, sql`now()`)),
      ]);
      return {
        totalUsers: u?.value ?? 0,
        totalExams: e?.value ?? 0,
        totalArticles: a?.value ?? 0,
        activeSubscriptions: s?.value ?? 0,
      };
    },
  );
};
