import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DevicesResponseSchema,
  IdParamsSchema,
  MessageResponseSchema,
  RenameDeviceBodySchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import * as devices from './devices.service.ts';
import { DEVICE_MESSAGES } from './devices.messages.ts';

const tags = ['devices'];
const security = [{ learner: [] }];

export const deviceRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireLearner(ctx));

  app.get('/', { schema: { tags, security, response: { 200: DevicesResponseSchema } } }, async (request) => ({
    devices: await devices.list(ctx, learnerOf(request)),
  }));

  app.put(
    '/:id/logout',
    { schema: { tags, security, params: IdParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await devices.logoutDevice(ctx, learnerOf(request), request.params.id);
      return { message: DEVICE_MESSAGES.loggedOut };
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        tags,
        security,
        params: IdParamsSchema,
        body: RenameDeviceBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => {
      await devices.rename(ctx, learnerOf(request), request.params.id, request.body.deviceName);
      return { message: DEVICE_MESSAGES.renamed };
    },
  );

  app.delete(
    '/:id',
    { schema: { tags, security, params: IdParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await devices.removeDevice(ctx, learnerOf(request), request.params.id);
      return { message: DEVICE_MESSAGES.removed };
    },
  );
};
