import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { SUBSCRIPTION_MESSAGES } from './subscriptions.messages.ts';
import * as subscriptions from './subscriptions.service.ts';

/**
 * api.subscriptions.* (packages/contract/src/routes.ts) but `subscribe`, which is checkout and lives in
 * the payments module (decision 0019).
 */
export const subscriptionRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('subscriptions', 'list', ({ actor, query }) =>
    subscriptions.list(ctx, actor, query.page, query.limit),
  );

  serve('subscriptions', 'status', ({ actor, params }) => subscriptions.status(ctx, actor, params.examId));

  serve('subscriptions', 'autoRenew', async ({ actor, params, body }) => ({
    message: SUBSCRIPTION_MESSAGES.autoRenewUpdated,
    subscription: await subscriptions.updateAutoRenew(ctx, actor, params.examId, body.autoRenew),
  }));

  serve('subscriptions', 'cancel', async ({ actor, params }) => ({
    message: SUBSCRIPTION_MESSAGES.cancelled,
    subscription: await subscriptions.cancel(ctx, actor, params.subscriptionId),
  }));
};
