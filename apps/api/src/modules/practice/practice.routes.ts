import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import {
  createPracticeSet,
  practiceOptions,
  resumePracticeSet,
  submitPracticeSet,
} from './practice.service.ts';

/** api.practice.* (packages/contract/src/routes.ts): custom practice sets (issue 18). */
export const practiceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('practice', 'options', ({ actor }) => practiceOptions(ctx, actor));
  serve('practice', 'create', ({ actor, body }) => createPracticeSet(ctx, actor, body));
  serve('practice', 'resume', ({ actor, params }) => resumePracticeSet(ctx, actor, params.id));
  serve('practice', 'submit', async ({ actor, params, body }, reply) => {
    const { result, created } = await submitPracticeSet(ctx, actor, params.id, body.answers);
    if (!created) reply.status(200);
    return result;
  });
};
