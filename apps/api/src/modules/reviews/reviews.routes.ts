import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import {
  preferences,
  resetDeck,
  reviewCards,
  reviewForecast,
  reviewSummary,
  suspendCard,
  updatePreferences,
} from './reviews.service.ts';

/** api.reviews.* (packages/contract/src/routes.ts): spaced review (decision 0035). */
export const reviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('reviews', 'summary', ({ actor, query }) => reviewSummary(ctx, actor, query.tz));
  serve('reviews', 'forecast', ({ actor, query }) => reviewForecast(ctx, actor, query.tz));
  serve('reviews', 'cards', ({ actor, query }) => reviewCards(ctx, actor, query));
  serve('reviews', 'suspend', ({ actor, params, body }) =>
    suspendCard(ctx, actor, params.questionId, body.suspended),
  );
  serve('reviews', 'reset', ({ actor }) => resetDeck(ctx, actor));
  // api.reviews.session is served by practice.routes.ts: a session is a practice set (decision 0051).
  serve('reviews', 'preferences', ({ actor }) => preferences(ctx, actor));
  serve('reviews', 'savePreferences', ({ actor, body }) => updatePreferences(ctx, actor, body));
};
