import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { SUBSCRIPTION_MESSAGES } from './subscriptions.messages.ts';
import * as subscriptions from './subscriptions.service.ts';

/**
 * api.subscriptions.* (packages/contract/src/routes.ts) but `subscribe`, which is checkout, and
 * `autoRenew`, which needs a way to pay: both live in the payments module (decisions 0019, 0030).
 */
export const subscriptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('subscriptions', 'list', ({ actor, query }) =>
    subscriptions.list(ctx, actor, query.page, query.limit),
  );

  serve('subscriptions', 'status', ({ actor, params }) => subscriptions.status(ctx, actor, params.examId));

  serve('subscriptions', 'cancel', async ({ actor, params }) => ({
    message: SUBSCRIPTION_MESSAGES.cancelled,
    subscription: await subscriptions.cancel(ctx, actor, params.subscriptionId),
  }));
};
