import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { endpointServer } from '../../plugins/endpoints.ts';
import { ADMIN_MESSAGES } from './admins.messages.ts';
import * as admins from './admins.service.ts';

/** api.adminAuth.* and api.admins.* (packages/contract/src/routes.ts): sign-in and administrator accounts. */
export const adminRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const serve = endpointServer(app, ctx);

  serve('adminAuth', 'check', () => admins.check(ctx));
  serve('adminAuth', 'register', async ({ body, ip }) => ({
    token: await admins.registerFirst(ctx, body, ip),
  }));
  serve('adminAuth', 'login', async ({ body, ip }) => ({ token: await admins.login(ctx, body, ip) }));
  serve('adminAuth', 'logout', async ({ actor }) => {
    await admins.logout(ctx, actor);
    return null;
  });
  serve('adminAuth', 'me', ({ actor }) => admins.me(ctx, actor));
  serve('adminAuth', 'changePassword', async ({ actor, body }) => ({
    message: await admins.changePassword(ctx, actor, body),
  }));

  serve('admins', 'list', async ({ actor }) => ({ admins: await admins.list(ctx, actor) }));
  serve('admins', 'create', async ({ actor, body }) => ({
    message: ADMIN_MESSAGES.created,
    admin: await admins.create(ctx, actor, body),
  }));
  serve('admins', 'changeRole', async ({ actor, params, body }) => ({
    message: ADMIN_MESSAGES.roleChanged,
    admin: await admins.changeRole(ctx, actor, params.id, body.role),
  }));
  serve('admins', 'remove', async ({ actor, params }) => {
    await admins.remove(ctx, actor, params.id);
    return { message: ADMIN_MESSAGES.deleted };
  });
};
