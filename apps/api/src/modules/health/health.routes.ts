import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ServiceUnavailableError } from '../../lib/errors.ts';
import { endpointServer } from '../../plugins/endpoints.ts';

/** api.health.* (packages/contract/src/routes.ts). */
export const healthRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('health', 'health', () => ({ status: 'ok' as const }));
  serve('health', 'ready', async () => {
    try {
      await ctx.database.ping();
    } catch {
      throw new ServiceUnavailableError('Database is not reachable');
    }
    return { status: 'ready' as const, database: 'ok' as const };
  });
};
