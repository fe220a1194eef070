import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as attempts from './attempts.service.ts';

/** api.attempts.* (packages/contract/src/routes.ts): sitting an exam and reading results. */
export const attemptRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('attempts', 'start', ({ actor, params, body }) =>
    attempts.startOrResume(ctx, actor, params.id, body?.mode, body?.restart ?? false),
  );

  serve('attempts', 'saveAnswers', async ({ actor, params, body }) => {
    await attempts.saveProgress(ctx, actor, params.id, body);
    return null;
  });

  serve('attempts', 'answer', ({ actor, params, body }) =>
    attempts.answerQuestion(ctx, actor, params.id, body),
  );
  serve('attempts', 'pause', ({ actor, params }) => attempts.pause(ctx, actor, params.id, true));
  serve('attempts', 'resume', ({ actor, params }) => attempts.pause(ctx, actor, params.id, false));

  serve('attempts', 'heartbeat', ({ actor, params, body }) =>
    attempts.heartbeat(ctx, actor, params.id, body.currentIndex),
  );

  serve('attempts', 'submit', async ({ actor, params, body }, reply) => {
    const { result, created } = await attempts.submit(ctx, actor, params.id, body);
    // A repeated submit answers 200 with the first result (decision 0009).
    if (!created) reply.status(200);
    return result;
  });

  serve('attempts', 'results', ({ actor, query }) =>
    attempts.listResults(ctx, actor, query.page, query.limit),
  );

  serve('attempts', 'result', ({ actor, params }) => attempts.getResult(ctx, actor, params.id));

  serve('attempts', 'history', async ({ actor, query }) => {
    const { results, ...paging } = await attempts.listResults(ctx, actor, query.page, query.limit);
    return { history: results, ...paging };
  });

  serve('attempts', 'recent', ({ actor }) => attempts.recent(ctx, actor));

  serve('attempts', 'open', async ({ actor }) => ({ sittings: await attempts.openSittings(ctx, actor) }));

  serve('attempts', 'discard', async ({ actor, params }) => {
    await attempts.discardAttempt(ctx, actor, params.id);
    return null;
  });
};
