import type { FastifyRequest } from 'fastify';
import { SESSION_REVOKED_MESSAGE } from '@mlp/contract';
import type { AppContext } from '../context.ts';
import type { Actor } from '../lib/actor.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findLiveSession, isRevokedSession, touchSession } from '../modules/users/users.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    learner?: Actor;
  }
}

/** Writing last-use on every request would cost a write per read; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

/** Our tokens are 32 random bytes in base64url (lib/tokens.ts): exactly 43 characters of that alphabet. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The token of `Authorization: <scheme> <token>`, or undefined. Strict (decision 0020): exactly the
 * scheme (case-insensitive, RFC 9110 §11.1), one space and a well-formed token; anything around it
 * (`Bearer <token> junk`, two spaces, a second header) is no credential at all.
 */
function credentials(request: FastifyRequest, scheme: 'Bearer' | 'Admin'): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== scheme.toLowerCase()) return undefined;
  const token = header.slice(space + 1);
  return TOKEN_PATTERN.test(token) ? token : undefined;
}

/** preHandler for learner routes: a live session from `Authorization: Bearer <token>`, else 401. */
export function requireLearner(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = credentials(request, 'Bearer');
    if (!token) throw new UnauthorizedError('Please log in to continue');
    const tokenHash = hashToken(token);
    const session = await findLiveSession(ctx.db, tokenHash);
    if (!session) {
      // A revoked session was ended by someone else: the learner logs out by discarding the token, so a
      // revoked token coming back means another device (or a password change) signed this one out.
      if (await isRevokedSession(ctx.db, tokenHash)) throw new UnauthorizedError(SESSION_REVOKED_MESSAGE);
      throw new UnauthorizedError('Your session has ended. Please log in again.');
    }
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(ctx.db, session);
    }
    request.learner = {
      role: 'learner',
      id: session.userId,
      email: session.email,
      sessionId: session.sessionId,
      deviceId: session.deviceId,
    };
  };
}

/** The learner of a request that passed `requireLearner`. */
export function learnerOf(request: FastifyRequest): Actor {
  if (!request.learner) throw new UnauthorizedError();
  return request.learner;
}

export { credentials as readCredentials };
