import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ChangePasswordBodySchema,
  EmailBodySchema,
  EmailServiceStatusSchema,
  LoginBodySchema,
  LoginResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  RegisterBodySchema,
  RegisterResponseSchema,
  ResetPasswordBodySchema,
  TokenLinkParamsSchema,
  ValidateResetTokenResponseSchema,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { learnerOf, requireLearner } from '../../plugins/auth.ts';
import * as users from './users.service.ts';

const tags = ['account'];

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const auth = requireLearner(ctx);

  app.get(
    '/check-email-service',
    {
      schema: {
        tags,
        summary: 'Whether e-mail can be sent (drives the development login banner)',
        response: { 200: EmailServiceStatusSchema },
      },
    },
    () => users.emailServiceStatus(ctx),
  );

  app.post(
    '/register',
    { schema: { tags, body: RegisterBodySchema, response: { 201: RegisterResponseSchema } } },
    async (request, reply) => reply.status(201).send(await users.register(ctx, request.body, request.ip)),
  );

  app.get(
    '/verify-email/:userId/:token',
    { schema: { tags, params: TokenLinkParamsSchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({
      message: await users.verifyEmail(ctx, request.params.userId, request.params.token),
    }),
  );

  app.post(
    '/resend-verification',
    { schema: { tags, body: EmailBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({ message: await users.resendVerification(ctx, request.body.email, request.ip) }),
  );

  app.post(
    '/forgot-password',
    { schema: { tags, body: EmailBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => ({ message: await users.forgotPassword(ctx, request.body.email, request.ip) }),
  );

  app.get(
    '/validate-reset-token/:userId/:token',
    { schema: { tags, params: TokenLinkParamsSchema, response: { 200: ValidateResetTokenResponseSchema } } },
    async (request) => {
      await users.validateResetToken(ctx, request.params.userId, request.params.token, request.ip);
      return { valid: true as const };
    },
  );

  app.post(
    '/reset-password/:userId/:token',
    {
      schema: {
        tags,
        params: TokenLinkParamsSchema,
        body: ResetPasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => ({
      message: await users.resetPassword(
        ctx,
        request.params.userId,
        request.params.token,
        request.body.password,
        request.ip,
      ),
    }),
  );

  app.post(
    '/login',
    { schema: { tags, body: LoginBodySchema, response: { 200: LoginResponseSchema } } },
    async (request) => ({ token: await users.login(ctx, request.body, request.ip) }),
  );

  app.post(
    '/logout',
    { preHandler: auth, schema: { tags, security: [{ learner: [] }], response: { 204: z.null() } } },
    async (request, reply) => {
      await users.logout(ctx, learnerOf(request));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { preHandler: auth, schema: { tags, security: [{ learner: [] }], response: { 200: MeResponseSchema } } },
    (request) => users.me(ctx, learnerOf(request)),
  );

  app.put(
    '/password',
    {
      preHandler: auth,
      schema: {
        tags,
        security: [{ learner: [] }],
        body: ChangePasswordBodySchema,
        response: { 200: MessageResponseSchema },
      },
    },
    async (request) => ({ message: await users.changePassword(ctx, learnerOf(request), request.body) }),
  );
};
