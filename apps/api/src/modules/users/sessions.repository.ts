import { and, eq, gt, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { devices, sessions, users } from '../../db/schema/index.ts';
import { prepared } from '../../db/prepared.ts';

const SESSION_IDLE_DAYS = 30;

export interface SessionRecord {
  sessionId: string;
  userId: string;
  email: string;
  deviceId: string;
  lastUsedAt: Date;
}

export async function insertSession(
  db: Executor,
  values: { userId: string; deviceId: string; tokenHash: string },
): Promise<void> {
  await db.insert(sessions).values({
    ...values,
    expiresAt: sql`now() + ${`${SESSION_IDLE_DAYS} days`}::interval`,
  });
}

/** A live session: not revoked, not expired, of an existing user. */
export async function findLiveSession(db: Executor, tokenHash: string): Promise<SessionRecord | undefined> {
  const statement = prepared(db, 'live_session', (on) =>
    on
      .select({
        sessionId: sessions.id,
        userId: sessions.userId,
        email: users.email,
        deviceId: sessions.deviceId,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          isNull(sessions.revokedAt),
          // A suspended learner's sessions are revoked too; this also holds while that commits.
          isNull(users.suspendedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ tokenHash });
  return row;
}

/** Whether a token belongs to a session that was revoked (not merely expired); only read on a 401. */
export async function isRevokedSession(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNotNull(sessions.revokedAt)))
    .limit(1);
  return row !== undefined;
}

/** Slides the 30-day idle expiry forward and records the device's last use. */
export async function touchSession(
  db: Executor,
  session: Pick<SessionRecord, 'sessionId' | 'deviceId'>,
): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: sql`now()`, expiresAt: sql`now() + ${`${SESSION_IDLE_DAYS} days`}::interval` })
    .where(eq(sessions.id, session.sessionId));
  await db
    .update(devices)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(devices.id, session.deviceId));
}

export async function revokeSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, or every one but `exceptSessionId`. */
export async function revokeUserSessions(
  db: Executor,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined,
      ),
    );
}
