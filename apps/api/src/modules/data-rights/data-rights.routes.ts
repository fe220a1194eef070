import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import {
  deleteOwnAccount,
  downloadLearnerData,
  downloadOwnData,
  eraseLearner,
  type PersonalDataFile,
} from './data-rights.service.ts';

/** A data file as an attachment; a string with its own type is sent as it is (no second serialisation). */
function attachment(reply: FastifyReply, file: PersonalDataFile): string {
  reply
    .type('application/json; charset=utf-8')
    .header(
      'content-disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    );
  return file.body;
}

/** api.dataRights.* (packages/contract/src/routes.ts): data rights under UK GDPR (decision 0069). */
export const dataRightsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('dataRights', 'download', async ({ actor }, reply) =>
    attachment(reply, await downloadOwnData(ctx, actor)),
  );
  serve('dataRights', 'deleteAccount', async ({ actor, body }) => ({
    message: await deleteOwnAccount(ctx, actor, body),
  }));
  serve('dataRights', 'adminDownload', async ({ actor, params }, reply) =>
    attachment(reply, await downloadLearnerData(ctx, actor, params.id)),
  );
  serve('dataRights', 'adminErase', async ({ actor, params, body }) => ({
    message: await eraseLearner(ctx, actor, params.id, body),
  }));
};
