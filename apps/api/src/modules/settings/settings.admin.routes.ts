import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  TestPaypalBodySchema,
  TestPaypalResponseSchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { adminSettings, saveSettings, testPaypalConnection } from './settings.service.ts';

const tags = ['admin'];
const security = [{ admin: [] }];

export const adminSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', { schema: { tags, security, response: { 200: SiteSettingsSchema } } }, () =>
    adminSettings(ctx),
  );

  app.put(
    '/',
    { schema: { tags, security, body: SiteSettingsUpdateSchema, response: { 200: SiteSettingsSchema } } },
    (request) => saveSettings(ctx, adminOf(request), request.body),
  );

  app.post(
    '/test-paypal',
    {
      schema: {
        tags,
        security,
        summary: 'Try PayPal credentials: the ones in the body (before saving), else the saved ones',
        body: TestPaypalBodySchema,
        response: { 200: TestPaypalResponseSchema },
      },
    },
    (request) => testPaypalConnection(ctx, request.body),
  );
};
