import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { platformStats } from './stats.service.ts';

/** api.stats.read (packages/contract/src/routes.ts). */
export const statsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('stats', 'read', ({ actor }) => platformStats(ctx, actor));
};
