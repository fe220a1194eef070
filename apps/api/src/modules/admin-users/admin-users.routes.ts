import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { ADMIN_USER_MESSAGES } from './admin-users.messages.ts';
import {
  changeEmail,
  changeName,
  deleteUser,
  grantAccess,
  listUsers,
  markVerified,
  sendPasswordReset,
  resendVerification,
  signOutEverywhere,
  suspendUser,
  userDetail,
} from './admin-users.service.ts';

/** api.adminUsers.* (packages/contract/src/routes.ts): learners as administrators see them. */
export const adminUserRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);
  serve('adminUsers', 'list', ({ query }) => listUsers(ctx, query));
  serve('adminUsers', 'detail', ({ params }) => userDetail(ctx, params.id));
  serve('adminUsers', 'remove', async ({ actor, params }) => {
    await deleteUser(ctx, actor, params.id);
    return { message: ADMIN_USER_MESSAGES.deleted };
  });
  serve('adminUsers', 'resendVerification', async ({ actor, params, body }) => ({
    message: await resendVerification(ctx, actor, params.id, body.reason),
  }));
  serve('adminUsers', 'signOut', async ({ actor, params, body }) => ({
    message: await signOutEverywhere(ctx, actor, params.id, body.reason),
  }));
  serve('adminUsers', 'suspend', ({ actor, params, body }) => suspendUser(ctx, actor, params.id, body));
  serve('adminUsers', 'grantAccess', async ({ actor, params, body }) => ({
    message: await grantAccess(ctx, actor, params.id, body),
  }));
  serve('adminUsers', 'changeName', ({ actor, params, body }) => changeName(ctx, actor, params.id, body));
  serve('adminUsers', 'changeEmail', async ({ actor, params, body }) => ({
    message: await changeEmail(ctx, actor, params.id, body),
  }));
  serve('adminUsers', 'sendPasswordReset', async ({ actor, params, body }) => ({
    message: await sendPasswordReset(ctx, actor, params.id, body.reason),
  }));
  serve('adminUsers', 'markVerified', ({ actor, params, body }) =>
    markVerified(ctx, actor, params.id, body.reason),
  );
};
