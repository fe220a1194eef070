import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreatePaypalOrderBodySchema,
  PaymentSettingsSchema,
  PaypalCaptureResponseSchema,
  PaypalOrderParamsSchema,
  PaypalOrderResponseSchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import { findPublishedExam } from '../exams/exams.repository.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.routes.ts';
import { findSubscriptionView } from '../subscriptions/subscriptions.repository.ts';
import { grantPaidSubscription } from '../subscriptions/subscriptions.service.ts';
import { captureOrder, createOrder, paymentSettings } from './payments.service.ts';

const tags = ['payments'];
const security = [{ learner: [] }];

/** GET /api/settings/payment: what the browser needs to load PayPal (never the secret). */
export const paymentSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get('/payment', { schema: { tags, response: { 200: PaymentSettingsSchema } } }, () =>
    paymentSettings(ctx),
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
    async (request, reply) => {
      const session = learnerOf(request);
      const exam = await findPublishedExam(ctx.db, request.body.examId);
      if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
      const current = await findSubscriptionView(ctx.db, session.userId, exam.id);
      return reply.status(201).send(await createOrder(ctx, session.userId, exam, Boolean(current?.isActive)));
    },
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
      const session = learnerOf(request);
      const { exam, payment, status } = await captureOrder(
        ctx,
        session.userId,
        request.params.orderId,
        (examId) => findPublishedExam(ctx.db, examId),
      );
      // Capture and subscription belong together: the learner who paid is subscribed even if their
      // browser never sends the follow-up POST /api/subscriptions (which is then an idempotent no-op).
      const subscription = await grantPaidSubscription(ctx, session.userId, exam, payment);
      return { id: payment.orderId, status, subscription };
    },
  );
};
