import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findLiveAdminSession, touchAdminSession } from '../modules/admins/admins.repository.ts';
import { readCredentials } from './auth.ts';

declare module 'fastify' {
  interface FastifyRequest {
    admin?: Actor;
  }
}

const TOUCH_INTERVAL_MS = 60_000;

/**
 * preHandler for administrator routes: `Authorization: Admin <token>` with a live administrator
 * session. A learner's Bearer token never passes (different scheme and table), and vice versa.
 */
export function requireAdmin(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = readCredentials(request, 'Admin');
    if (!token) throw new UnauthorizedError('Administrator login required');
    const session = await findLiveAdminSession(ctx.db, hashToken(token));
    if (!session) throw new UnauthorizedError('Your administrator session has ended. Please log in again.');
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
      await touchAdminSession(ctx.db, session.sessionId);
    request.admin = {
      role: 'admin',
      id: session.adminId,
      email: session.email,
      sessionId: session.sessionId,
    };
  };
}

/** The administrator of a request that passed `requireAdmin`. */
export function adminOf(request: FastifyRequest): Actor {
  if (!request.admin) throw new UnauthorizedError('Administrator login required');
  return request.admin;
}
