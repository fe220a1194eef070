import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscriptions.messages.ts';
import { captureAndSubscribe, createOrder, paymentSettings, subscribe } from './payments.service.ts';
import { adminPayments, ownPayments } from './payment-lists.service.ts';
import {
  createSetupToken,
  paymentMethod,
  removePaymentMethod,
  saveFromSetupToken,
  setAutoRenew,
} from './payment-methods.service.ts';
import { refundPayment } from './refunds.service.ts';
import { handlePaypalWebhook } from './webhooks.service.ts';

/**
 * Checkout (decision 0019): api.settings.payment (what the browser needs to load PayPal, never the
 * secret), api.subscriptions.subscribe (subscribing is checkout: free, demo payment or PayPal) and
 * api.payments.* (orders created in GBP for the stored price, captured on approval). Renewals (decision
 * 0030): the auto-renew switch, the learner's payments and saved PayPal payer, PayPal's webhook, and the
 * administrators' payments page with refunds (api.adminPayments.*).
 */
export const paymentRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('settings', 'payment', () => paymentSettings(ctx));

  serve('subscriptions', 'subscribe', async ({ actor, body, log }) => ({
    message: SUBSCRIPTION_MESSAGES.subscribed,
    subscription: await subscribe(ctx, actor, body, log),
  }));

  serve('payments', 'createOrder', ({ actor, body }) =>
    createOrder(ctx, actor, body.examId, body.autoRenew ?? false),
  );

  serve('payments', 'capture', async ({ actor, params, log }) => {
    // Capture and subscription belong together: the learner who paid is subscribed even if their
    // browser never sends the follow-up POST /api/subscriptions (which then answers the same).
    const { status, subscription } = await captureAndSubscribe(ctx, actor.id, params.orderId, {
      unknownOrder: 'not-found',
      log,
    });
    return { id: params.orderId, status, subscription };
  });

  // Auto-renew needs something to renew with (decision 0030), so the switch is served here.
  serve('subscriptions', 'autoRenew', async ({ actor, params, body }) => ({
    message: SUBSCRIPTION_MESSAGES.autoRenewUpdated,
    subscription: await setAutoRenew(ctx, actor, params.examId, body.autoRenew),
  }));

  serve('payments', 'list', ({ actor, query }) => ownPayments(ctx, actor, query.page, query.limit));
  serve('payments', 'method', ({ actor }) => paymentMethod(ctx, actor));
  serve('payments', 'removeMethod', ({ actor }) => removePaymentMethod(ctx, actor));
  serve('payments', 'createSetupToken', ({ actor }) => createSetupToken(ctx, actor));
  serve('payments', 'saveMethod', ({ actor, body }) => saveFromSetupToken(ctx, actor, body.setupTokenId));
  serve('payments', 'webhook', ({ body, headers, log }) => handlePaypalWebhook(ctx, body, headers, log));

  serve('adminPayments', 'list', ({ query }) => adminPayments(ctx, query));
  serve('adminPayments', 'refund', ({ actor, params, body }) =>
    refundPayment(ctx, actor, params.id, body.reason),
  );
};
