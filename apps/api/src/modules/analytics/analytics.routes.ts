import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { analytics, resultPeers, tagMissedQuestion } from './analytics.service.ts';

/** api.analytics.* (packages/contract/src/routes.ts): learning analytics (decision 0035). */
export const analyticsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('analytics', 'read', ({ actor }) => analytics(ctx, actor));
  serve('analytics', 'peers', ({ actor, params }) => resultPeers(ctx, actor, params.id));
  serve('analytics', 'tagMiss', ({ actor, params, body }) =>
    tagMissedQuestion(ctx, actor, params.id, params.questionId, body.tag),
  );
};
