import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { DEVICE_MESSAGES } from './devices.messages.ts';
import * as devices from './devices.service.ts';

/** api.devices.* (packages/contract/src/routes.ts): the learner's devices. */
export const deviceRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('devices', 'list', async ({ actor }) => ({ devices: await devices.list(ctx, actor) }));

  serve('devices', 'logout', async ({ actor, params }) => {
    await devices.logoutDevice(ctx, actor, params.id);
    return { message: DEVICE_MESSAGES.loggedOut };
  });

  serve('devices', 'rename', async ({ actor, params, body }) => {
    await devices.rename(ctx, actor, params.id, body.deviceName);
    return { message: DEVICE_MESSAGES.renamed };
  });

  serve('devices', 'remove', async ({ actor, params }) => {
    await devices.removeDevice(ctx, actor, params.id);
    return { message: DEVICE_MESSAGES.removed };
  });
};
