import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { UnauthorizedError } from '../lib/errors.ts';
import { hashToken } from '../lib/tokens.ts';
import { findLiveSession, touchSession, type SessionRecord } from '../modules/users/sessions.repository.ts';

declare module 'fastify' {
  interface FastifyRequest {
    learner?: SessionRecord;
  }
}

/** Writing last-use on every request would cost a write per read; once a minute is precise enough. */
const TOUCH_INTERVAL_MS = 60_000;

function credentials(request: FastifyRequest, scheme: 'Bearer' | 'Admin'): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [given, token] = header.split(' ');
  if (given !== scheme || !token || token.length > 200) return undefined;
  return token;
}

/** preHandler for learner routes: a live session from `Authorization: Bearer <token>`, else 401. */
export function requireLearner(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const token = credentials(request, 'Bearer');
    if (!token) throw new UnauthorizedError('Please log in to continue');
    const session = await findLiveSession(ctx.db, hashToken(token));
    if (!session) throw new UnauthorizedError('Your session has ended. Please log in again.');
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS) {
      await touchSession(ctx.db, session);
    }
    request.learner = session;
  };
}

/** The learner of a request that passed `requireLearner`. */
export function learnerOf(request: FastifyRequest): SessionRecord {
  if (!request.learner) throw new UnauthorizedError();
  return request.learner;
}

export { credentials as readCredentials };
