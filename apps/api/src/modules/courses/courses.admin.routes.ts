import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as adminCourses from './admin-courses.service.ts';
import { COURSES_MESSAGES } from './courses.messages.ts';

/** api.adminCourses.* (packages/contract/src/routes.ts): course authoring. */
export const adminCourseRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminCourses', 'list', ({ query }) => adminCourses.listForAdmin(ctx, query));
  serve('adminCourses', 'create', async ({ actor, body }) => ({
    message: COURSES_MESSAGES.created,
    course: await adminCourses.create(ctx, actor, body),
  }));
  serve('adminCourses', 'detail', ({ params }) => adminCourses.getForAdmin(ctx, params.id));
  serve('adminCourses', 'update', async ({ actor, params, body }) => ({
    message: COURSES_MESSAGES.updated,
    course: await adminCourses.update(ctx, actor, params.id, body),
  }));
  serve('adminCourses', 'remove', async ({ actor, params }) => {
    await adminCourses.remove(ctx, actor, params.id);
    return { message: COURSES_MESSAGES.deleted };
  });
};
