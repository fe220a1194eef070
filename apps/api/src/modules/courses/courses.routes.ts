import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as courses from './courses.service.ts';

/** api.courses.* (packages/contract/src/routes.ts): published courses, enrolment and progress. */
export const courseRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('courses', 'list', ({ query }) => courses.listPublished(ctx, query));
  serve('courses', 'enrolled', ({ actor }) => courses.enrolled(ctx, actor));
  serve('courses', 'detail', ({ params }) => courses.getPublished(ctx, params.id));
  serve('courses', 'progress', ({ actor, params }) => courses.progress(ctx, actor, params.id));
  serve('courses', 'enrol', ({ actor, params }) => courses.enrol(ctx, actor, params.id));
  serve('courses', 'markRead', ({ actor, params }) => courses.markRead(ctx, actor, params.id, params.unitId));
  serve('courses', 'startUnit', ({ actor, params }) =>
    courses.startUnit(ctx, actor, params.id, params.unitId),
  );
  serve('courses', 'certificate', ({ actor, params }) => courses.certificate(ctx, actor, params.id));
};
