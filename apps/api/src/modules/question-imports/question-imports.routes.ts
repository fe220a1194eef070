import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as imports from './question-imports.service.ts';

/** api.questionImports.* (packages/contract/src/routes.ts): importing and exporting an exam's questions. */
export const questionImportRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('questionImports', 'preview', ({ params, body }) => imports.preview(ctx, params.id, body));

  serve('questionImports', 'confirm', async ({ actor, params, body }, reply) => {
    const result = await imports.importQuestions(ctx, actor, params.id, body);
    // A repeated key created nothing: 200 with the first outcome, as a repeated submit does.
    if (result.repeated) reply.status(200);
    return result;
  });

  serve('questionImports', 'export', async ({ actor, params, query }, reply) => {
    const file = await imports.exportFile(ctx, actor, params.id, query.format);
    // A string with a non-JSON type is sent as it is (no JSON serialisation).
    reply
      .type(file.contentType)
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      );
    return file.body;
  });
};
