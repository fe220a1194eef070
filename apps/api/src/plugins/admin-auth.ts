import type { FastifyRequest } from 'fastify';
import { ADMIN_ROLE_LABELS, type AdminRole } from '@mlp/contract';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { ForbiddenError, UnauthorizedError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findLiveAdminSession, touchAdminSession } from '../modules/admins/admins.service.ts';
import { readCredentials } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: Actor;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

/** What a role that may not call an operation is told (decision 0067). */
export function roleRefusal(role: AdminRole, allowed: readonly AdminRole[]): string {
  const names = allowed.map((allowedRole) => ADMIN_ROLE_LABELS[allowedRole]);
  const list = names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names.at(-1)!}` : names[0]!;
  return `Your role (${ADMIN_ROLE_LABELS[role]}) cannot do this. It needs ${list}.`;
}

/**
 * onRequest hook for administrator routes: `Authorization: Admin <token>` with a live administrator
 * session whose role is one of `roles` (decision 0067; the route's row in admin-roles.ts). A learner's
 * Bearer token never passes (different scheme and table), and vice versa. It runs before the body is
 * read and validated, so a caller without the right gets 401/403, never a 400 about fields.
 */
export function requireAdmin(ctx: AppContext, roles: readonly AdminRole[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = readCredentials(request, 'Admin');
    if (!token) throw new UnauthorizedError('Administrator login required');
    const session = await findLiveAdminSession(ctx.db, hashToken(token));
    if (!session) throw new UnauthorizedError('Your administrator session has ended. Please log in again.');
    if (!roles.includes(session.role)) throw new ForbiddenError(roleRefusal(session.role, roles));
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
      await touchAdminSession(ctx.db, session.sessionId);
    request.admin = {
      role: 'admin',
      id: session.adminId,
      email: session.email,
      sessionId: session.sessionId,
      adminRole: session.role,
    };
  };
}

/** The administrator of a request that passed `requireAdmin`. */
export function adminOf(request: FastifyRequest): Actor {
  if (!request.admin) throw new UnauthorizedError('Administrator login required');
  return request.admin;
}
