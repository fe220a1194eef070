import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { adminSettings, saveSettings, testPaypalConnection } from './settings.service.ts';

/** api.adminSettings.* (packages/contract/src/routes.ts). */
export const adminSettingsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('adminSettings', 'read', () => adminSettings(ctx));
  serve('adminSettings', 'save', ({ actor, body }) => saveSettings(ctx, actor, body));
  serve('adminSettings', 'testPaypal', ({ body }) => testPaypalConnection(ctx, body));
};
