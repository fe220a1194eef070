import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { userTokens, users } from '../../db/schema/index.ts';

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = (typeof userTokens.$inferSelect)['purpose'];

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Locks the user's row for the rest of the transaction (serialises device slots per account). */
export async function lockUser(db: Executor, id: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
}

/** Inserts a user; returns undefined when the e-mail is already taken (a concurrent registration). */
export async function insertUser(
  db: Executor,
  values: { name: string; email: string; passwordHash: string; emailVerifiedAt: Date | null },
): Promise<UserRow | undefined> {
  const [row] = await db
    .insert(users)
    .values(values)
    .onConflictDoNothing({ target: users.email })
    .returning();
  return row;
}

export async function setPasswordHash(db: Executor, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

export async function setUserName(db: Executor, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

export async function markEmailVerified(db: Executor, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

/** Stores a new token hash; unused tokens of the same purpose are superseded (marked used). */
export async function replaceToken(
  db: Executor,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; ttlMs: number; newEmail?: string },
): Promise<void> {
  await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(userTokens.userId, values.userId),
        eq(userTokens.purpose, values.purpose),
        isNull(userTokens.usedAt),
      ),
    );
  await db.insert(userTokens).values({
    userId: values.userId,
    purpose: values.purpose,
    tokenHash: values.tokenHash,
    newEmail: values.newEmail ?? null,
    expiresAt: sql`now() + ${`${values.ttlMs} milliseconds`}::interval`,
  });
}

function liveToken(userId: string, purpose: TokenPurpose, tokenHash: string) {
  return and(
    eq(userTokens.userId, userId),
    eq(userTokens.purpose, purpose),
    eq(userTokens.tokenHash, tokenHash),
    isNull(userTokens.usedAt),
    gt(userTokens.expiresAt, sql`now()`),
  );
}

export async function isTokenLive(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: userTokens.id })
    .from(userTokens)
    .where(liveToken(userId, purpose, tokenHash))
    .limit(1);
  return row !== undefined;
}

/** Uses a token once: the conditional update makes two concurrent uses end with exactly one winner. */
export async function consumeToken(
  db: Executor,
  userId: string,
  purpose: TokenPurpose,
  tokenHash: string,
): Promise<boolean> {
  const rows = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(liveToken(userId, purpose, tokenHash))
    .returning({ id: userTokens.id });
  return rows.length === 1;
}

/** Uses a live 'change_email' token once; the address it confirms, or undefined. */
export async function consumeEmailChangeToken(
  db: Executor,
  userId: string,
  tokenHash: string,
): Promise<string | undefined> {
  const [row] = await db
    .update(userTokens)
    .set({ usedAt: sql`now()` })
    .where(liveToken(userId, 'change_email', tokenHash))
    .returning({ newEmail: userTokens.newEmail });
  return row?.newEmail ?? undefined;
}

/** Replaces the address (it was confirmed from the new one, so it is verified too). */
export async function setUserEmail(db: Executor, userId: string, email: string): Promise<void> {
  await db
    .update(users)
    .set({ email, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}
