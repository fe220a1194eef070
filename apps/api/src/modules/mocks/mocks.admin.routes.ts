import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as mocks from './mocks.service.ts';
import { MOCK_MESSAGES } from './mocks.messages.ts';

/** api.adminMocks.* (packages/contract/src/routes.ts): scheduling live mock exams (decision 0077). */
export const adminMockRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminMocks', 'list', () => mocks.listForAdmin(ctx));
  serve('adminMocks', 'create', async ({ actor, body }) => ({
    message: MOCK_MESSAGES.created,
    mock: await mocks.create(ctx, actor, body),
  }));
  serve('adminMocks', 'update', async ({ actor, params, body }) => ({
    message: MOCK_MESSAGES.updated,
    mock: await mocks.update(ctx, actor, params.id, body),
  }));
  serve('adminMocks', 'cancel', async ({ actor, params }) => {
    await mocks.cancel(ctx, actor, params.id);
    return { message: MOCK_MESSAGES.cancelled };
  });
  serve('adminMocks', 'release', async ({ actor, params }) => ({
    message: MOCK_MESSAGES.releasedNow,
    mock: await mocks.releaseNow(ctx, actor, params.id),
  }));
  serve('adminMocks', 'live', ({ params }) => mocks.live(ctx, params.id));
  serve('adminMocks', 'items', ({ params }) => mocks.items(ctx, params.id));
};
