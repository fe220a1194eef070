import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AutoRenewBodySchema,
  ExamIdParamsSchema,
  SubscriptionIdParamsSchema,
  SubscriptionResponseSchema,
  SubscriptionStatusSchema,
  SubscriptionsQuerySchema,
  SubscriptionsResponseSchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import * as subscriptions from './subscriptions.service.ts';
import { SUBSCRIPTION_MESSAGES } from './subscriptions.messages.ts';

const tags = ['subscriptions'];
const security = [{ learner: [] }];

export const subscriptionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireLearner(ctx));

  app.get(
    '/user',
    {
      schema: {
        tags,
        security,
        querystring: SubscriptionsQuerySchema,
        response: { 200: SubscriptionsResponseSchema },
      },
    },
    (request) => subscriptions.list(ctx, learnerOf(request), request.query.page, request.query.limit),
  );

  app.get(
    '/status/:examId',
    { schema: { tags, security, params: ExamIdParamsSchema, response: { 200: SubscriptionStatusSchema } } },
    (request) => subscriptions.status(ctx, learnerOf(request), request.params.examId),
  );

  app.put(
    '/:examId/auto-renew',
    {
      schema: {
        tags,
        security,
        params: ExamIdParamsSchema,
        body: AutoRenewBodySchema,
        response: { 200: SubscriptionResponseSchema },
      },
    },
    async (request) => ({
      message: SUBSCRIPTION_MESSAGES.autoRenewUpdated,
      subscription: await subscriptions.updateAutoRenew(
        ctx,
        learnerOf(request),
        request.params.examId,
        request.body.autoRenew,
      ),
    }),
  );

  app.put(
    '/cancel/:subscriptionId',
    {
      schema: {
        tags,
        security,
        params: SubscriptionIdParamsSchema,
        response: { 200: SubscriptionResponseSchema },
      },
    },
    async (request) => ({
      message: SUBSCRIPTION_MESSAGES.cancelled,
      subscription: await subscriptions.cancel(ctx, learnerOf(request), request.params.subscriptionId),
    }),
  );
};
