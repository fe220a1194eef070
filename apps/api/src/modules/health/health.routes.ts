import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthResponseSchema, ReadyResponseSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';

export const healthRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/health',
    { schema: { tags: ['health'], summary: 'The process is up', response: { 200: HealthResponseSchema } } },
    () => ({ status: 'ok' as const }),
  );
  app.get(
    '/ready',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: ReadyResponseSchema } } },
    async () => {
      try {
        await ctx.database.ping();
      } catch {
        throw new ServiceUnavailableError('Database is not reachable');
      }
      return { status: 'ready' as const, database: 'ok' as const };
    },
  );
};
