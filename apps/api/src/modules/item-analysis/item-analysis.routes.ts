import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { ITEM_ANALYSIS_MESSAGES, read, recalculate } from './item-analysis.service.ts';

/** api.itemAnalysis.* (packages/contract/src/routes.ts): the statistics of an exam's questions. */
export const itemAnalysisRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('itemAnalysis', 'read', ({ params, query }) => read(ctx, params.id, query));

  serve('itemAnalysis', 'recalculate', async ({ params }) => {
    await recalculate(ctx, params.id);
    return { message: ITEM_ANALYSIS_MESSAGES.recalculating };
  });
};
