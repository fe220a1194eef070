import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePaypalOrderBodySchema,
  CreateSubscriptionBodySchema,
  PaymentSettingsSchema,
  PaypalCaptureResponseSchema,
  PaypalOrderParamsSchema,
  PaypalOrderResponseSchema,
  SubscriptionResponseSchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import { SUBSCRIPTION_MESSAGES } from '../subscriptions/subscriptions.messages.ts';
import { captureAndSubscribe, createOrder, paymentSettings, subscribe } from './payments.service.ts';

const tags = ['payments'];
const security = [{ learner: [] }];

/** GET /api/settings/payment: what the browser needs to load PayPal (never the secret). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/payment', { schema: { tags, response: { 200: PaymentSettingsSchema } } }, () =>
    paymentSettings(ctx),
  );
};

/**
 * POST /api/subscriptions: subscribing is checkout (free, demo payment or PayPal), so it lives with
 * payments; reading and managing subscriptions stays in the subscriptions module (decision 0019).
 */
export const checkoutRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireLearner(ctx));

  app.post(
    '/',
    {
      schema: {
        tags: ['subscriptions'],
        security,
        body: CreateSubscriptionBodySchema,
        response: { 201: SubscriptionResponseSchema },
      },
    },
    async (request, reply) => {
      const subscription = await subscribe(ctx, learnerOf(request), request.body, request.log);
      return reply.status(201).send({ message: SUBSCRIPTION_MESSAGES.subscribed, subscription });
    },
  );
};

/** /api/payments/paypal: orders created in GBP for the exam's stored price, captured on approval. */
export const paypalRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireLearner(ctx));

  app.post(
    '/orders',
    {
      schema: {
        tags,
        security,
        body: CreatePaypalOrderBodySchema,
        response: { 201: PaypalOrderResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrder(ctx, learnerOf(request), request.body.examId)),
  );

  app.post(
    '/orders/:orderId/capture',
    {
      schema: {
        tags,
        security,
        params: PaypalOrderParamsSchema,
        response: { 200: PaypalCaptureResponseSchema },
      },
    },
    async (request) => {
      const orderId = request.params.orderId;
      // Capture and subscription belong together: the learner who paid is subscribed even if their
      // browser never sends the follow-up POST /api/subscriptions (which then answers the same).
      const { status, subscription } = await captureAndSubscribe(ctx, learnerOf(request).id, orderId, {
        unknownOrder: 'not-found',
        log: request.log,
      });
      return { id: orderId, status, subscription };
    },
  );
};
