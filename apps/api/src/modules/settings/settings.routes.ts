import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PublicSettingsSchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';

export const publicSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/public',
    {
      schema: {
        tags: ['settings'],
        summary: 'Brand name and notices every page needs',
        response: { 200: PublicSettingsSchema },
      },
    },
    () => ctx.settings.getPublic(),
  );
};
