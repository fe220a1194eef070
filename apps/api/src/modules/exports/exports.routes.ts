import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer, fileReply } from '../../plugins/endpoints.ts';
import * as exportsService from './exports.service.ts';

/** api.adminExports.* (packages/contract/src/routes.ts): streamed files for the accountant and tutors. */
export const exportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminExports', 'payments', async ({ actor, query }, reply) => {
    const file = await exportsService.exportPayments(ctx, actor, query);
    fileReply(reply, file);
    return file.body;
  });

  serve('adminExports', 'results', async ({ actor, params, query }, reply) => {
    const file = await exportsService.exportResults(ctx, actor, params.id, query);
    fileReply(reply, file);
    return file.body;
  });

  serve('adminExports', 'learners', async ({ actor, query }, reply) => {
    const file = await exportsService.exportLearners(ctx, actor, query);
    fileReply(reply, file);
    return file.body;
  });
};
