import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { checkSample, examInside } from './exam-samples.service.ts';
import { learnerExams, listPublished, publishedExam } from './exams.service.ts';

/** api.exams.* (packages/contract/src/routes.ts). */
export const examRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('exams', 'published', ({ query }) => listPublished(ctx, query));
  serve('exams', 'mine', async ({ actor }) => ({ exams: await learnerExams(ctx, actor) }));
  serve('exams', 'detail', ({ params }) => publishedExam(ctx, params.id));
  // Try before you buy (decision 0061).
  serve('exams', 'inside', ({ params }) => examInside(ctx, params.id));
  serve('exams', 'checkSample', ({ params, body, ip }) => checkSample(ctx, params, body, ip));
};
