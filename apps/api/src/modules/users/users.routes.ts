import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import * as users from './users.service.ts';

/** api.users.* (packages/contract/src/routes.ts): learner accounts. */
export const userRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('users', 'emailService', () => users.emailServiceStatus(ctx));
  serve('users', 'register', ({ body, ip }) => users.register(ctx, body, ip));
  serve('users', 'confirmEmailChange', async ({ params }) => ({
    message: await users.confirmEmailChange(ctx, params.userId, params.token),
  }));
  serve('users', 'verifyEmail', async ({ params }) => ({
    message: await users.verifyEmail(ctx, params.userId, params.token),
  }));
  serve('users', 'resendVerification', async ({ body, ip }) => ({
    message: await users.resendVerification(ctx, body.email, ip),
  }));
  serve('users', 'forgotPassword', async ({ body, ip }) => ({
    message: await users.forgotPassword(ctx, body.email, ip),
  }));
  serve('users', 'validateResetToken', async ({ params, ip }) => {
    await users.validateResetToken(ctx, params.userId, params.token, ip);
    return { valid: true as const };
  });
  serve('users', 'resetPassword', async ({ params, body, ip }) => ({
    message: await users.resetPassword(ctx, params.userId, params.token, body.password, ip),
  }));
  serve('users', 'login', async ({ body, ip }) => ({ token: await users.login(ctx, body, ip) }));
  serve('users', 'logout', async ({ actor }) => {
    await users.logout(ctx, actor);
    return null;
  });
  serve('users', 'me', ({ actor }) => users.me(ctx, actor));
  serve('users', 'changePassword', async ({ actor, body }) => ({
    message: await users.changePassword(ctx, actor, body),
  }));
};
