import type { FastifyPluginAsync } from 'fastify';
import { REPORT_MESSAGES } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import {
  listReportedQuestions,
  listReports,
  resolveQuestionReports,
  resolveReport,
  sendReport,
} from './reports.service.ts';

/** api.reports.* (packages/contract/src/routes.ts): learner reports of problems with questions. */
export const reportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('reports', 'send', async ({ actor, params, body }) => ({
    message: await sendReport(ctx, actor, params.questionId, body),
  }));
  serve('reports', 'list', ({ query }) => listReports(ctx, query));
  serve('reports', 'resolve', async ({ actor, params, body }) => ({
    message: REPORT_MESSAGES.resolved,
    report: await resolveReport(ctx, actor, params.id, body),
  }));
  serve('reports', 'byQuestion', ({ query }) => listReportedQuestions(ctx, query));
  serve('reports', 'resolveQuestion', async ({ actor, params, body }) => {
    const resolved = await resolveQuestionReports(ctx, actor, params.questionId, body);
    return { message: REPORT_MESSAGES.resolvedMany(resolved), resolved };
  });
};
