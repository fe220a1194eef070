import type { FastifyPluginAsync } from 'fastify';
import { NOTE_MESSAGES } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as notes from './notes.service.ts';

/** api.notes.* (packages/contract/src/routes.ts): learners' private notes and 'My notebook'. */
export const noteRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('notes', 'save', async ({ actor, params, body }) => ({
    message: NOTE_MESSAGES.saved,
    note: await notes.save(ctx, actor, params.questionId, body),
  }));
  serve('notes', 'remove', async ({ actor, params }) => {
    await notes.remove(ctx, actor, params.questionId);
    return null;
  });
  serve('notes', 'read', async ({ actor, params }) => ({
    note: await notes.read(ctx, actor, params.questionId),
  }));
  serve('notes', 'notebook', ({ actor, query }) => notes.notebook(ctx, actor, query));
  serve('notes', 'anki', async ({ actor, query }, reply) => {
    const file = await notes.ankiExport(ctx, actor, query);
    // A string with a non-JSON type is sent as it is (no JSON serialisation).
    reply
      .type('text/plain; charset=utf-8')
      .header('x-question-count', String(file.count))
      .header(
        'content-disposition',
        `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      );
    return file.body;
  });
  serve('notes', 'forResult', async ({ actor, params }) => ({
    notes: await notes.forResult(ctx, actor, params.id),
  }));
};
