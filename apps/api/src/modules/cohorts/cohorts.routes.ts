import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as cohorts from './cohorts.service.ts';

/** api.cohorts.* (packages/contract/src/routes.ts): a learner joins a cohort and reads its assignments (0079). */
export const cohortRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('cohorts', 'join', ({ actor, body }) => cohorts.join(ctx, actor, body.code));
  serve('cohorts', 'assignments', ({ actor }) => cohorts.learnerAssignmentList(ctx, actor));
};
