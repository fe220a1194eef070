import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { startReviewSession } from '../practice/practice.service.ts';
import {
  preferences,
  resetDeck,
  reviewCards,
  reviewSummary,
  suspendCard,
  updatePreferences,
} from './reviews.service.ts';

/** api.reviews.* (packages/contract/src/routes.ts): spaced review (issue 19). */
export const reviewRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('reviews', 'summary', ({ actor }) => reviewSummary(ctx, actor));
  serve('reviews', 'cards', ({ actor, query }) => reviewCards(ctx, actor, query));
  serve('reviews', 'suspend', ({ actor, params, body }) =>
    suspendCard(ctx, actor, params.questionId, body.suspended),
  );
  serve('reviews', 'reset', ({ actor }) => resetDeck(ctx, actor));
  // A session is a practice set (the practice module builds it from the due cards).
  serve('reviews', 'session', ({ actor }) => startReviewSession(ctx, actor));
  serve('reviews', 'preferences', ({ actor }) => preferences(ctx, actor));
  serve('reviews', 'savePreferences', ({ actor, body }) => updatePreferences(ctx, actor, body));
};
