import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as moderation from './moderation.service.ts';

/** api.adminCommunity.* (packages/contract/src/routes.ts): the moderation queue (decision 0056). */
export const adminCommunityRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminCommunity', 'queue', ({ query }) => moderation.queue(ctx, query));
  serve('adminCommunity', 'moderate', ({ actor, params, body }) =>
    moderation.moderate(ctx, actor, params.id, body),
  );
  serve('adminCommunity', 'reply', ({ actor, params, body }) =>
    moderation.reply(ctx, actor, params.id, body.body),
  );
  serve('adminCommunity', 'commenting', ({ actor, params, body }) =>
    moderation.setCommenting(ctx, actor, params.id, body),
  );
};
