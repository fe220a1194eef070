import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscriptions.messages.ts';
import { captureAndSubscribe, createOrder, paymentSettings, subscribe } from './payments.service.ts';

/**
 * Checkout (decision 0019): api.settings.payment (what the browser needs to load PayPal, never the
 * secret), api.subscriptions.subscribe (subscribing is checkout: free, demo payment or PayPal) and
 * api.payments.* (orders created in GBP for the stored price, captured on approval).
 */
export const paymentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('settings', 'payment', () => paymentSettings(ctx));

  serve('subscriptions', 'subscribe', async ({ actor, body, log }) => ({
    message: SUBSCRIPTION_MESSAGES.subscribed,
    subscription: await subscribe(ctx, actor, body, log),
  }));

  serve('payments', 'createOrder', ({ actor, body }) => createOrder(ctx, actor, body.examId));

  serve('payments', 'capture', async ({ actor, params, log }) => {
    // Capture and subscription belong together: the learner who paid is subscribed even if their
    // browser never sends the follow-up POST /api/subscriptions (which then answers the same).
    const { status, subscription } = await captureAndSubscribe(ctx, actor.id, params.orderId, {
      unknownOrder: 'not-found',
      log,
    });
    return { id: params.orderId, status, subscription };
  });
};
