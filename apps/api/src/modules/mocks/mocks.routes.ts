import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as mocks from './mocks.service.ts';

/** api.mocks.* (packages/contract/src/routes.ts): live mock exams for learners (decision 0077). */
export const mockRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('mocks', 'list', ({ actor }) => mocks.listForLearner(ctx, actor));
  serve('mocks', 'start', ({ actor, params }) => mocks.start(ctx, actor, params.id));
  serve('mocks', 'submit', ({ actor, params, body }) => mocks.submit(ctx, actor, params.id, body.answers));
  serve('mocks', 'result', ({ actor, params }) => mocks.result(ctx, actor, params.id));
};
