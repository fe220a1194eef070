import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import {
  createPracticeSet,
  practiceOptions,
  resumePracticeSet,
  startAssignedSet,
  startReviewSession,
  submitPracticeSet,
} from './practice.service.ts';

/** api.practice.* and api.reviews.session (packages/contract/src/routes.ts): practice sets, review sessions. */
export const practiceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('practice', 'options', ({ actor }) => practiceOptions(ctx, actor));
  serve('practice', 'create', ({ actor, body }) => createPracticeSet(ctx, actor, body));
  serve('practice', 'startAssigned', ({ actor, params }) => startAssignedSet(ctx, actor, params.id));
  serve('practice', 'resume', ({ actor, params }) => resumePracticeSet(ctx, actor, params.id));
  serve('practice', 'submit', async ({ actor, params, body }, reply) => {
    const { result, created } = await submitPracticeSet(ctx, actor, params.id, body.answers);
    if (!created) reply.status(200);
    return result;
  });
  // A review session is a practice set built from the learner's due cards. Practice serves it, so the
  // dependency runs practice → reviews only (attempts, which practice builds on, update the review
  // cards; decision 0051).
  serve('reviews', 'session', ({ actor, body }) => startReviewSession(ctx, actor, body));
};
