import { likePattern } from '../../lib/paging.ts';
import { and, count, desc, eq, ilike, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { examResults, users } from '../../db/schema/index.ts';

export async function pageUsers(db: Executor, options: { keyword: string; limit: number; offset: number }) {
  // Erased accounts (decision 0069) are anonymous rows kept for exam statistics, not learners.
  const filter = and(
    isNull(users.erasedAt),
    options.keyword
      ? or(ilike(users.email, likePattern(options.keyword)), ilike(users.name, likePattern(options.keyword)))
      : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
        suspendedAt: users.suspendedAt,
      })
      .from(users)
      .where(filter)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(users).where(filter),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

export async function findUserForDeletion(db: Executor, id: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/**
 * Deletes a learner. Their devices, sessions, tokens, subscriptions and results go with the row
 * (ON DELETE CASCADE); payments stay for accounting with user_id set to null (ON DELETE SET NULL).
 */
export async function deleteUserCascade(db: Executor, id: string): Promise<void> {
  await db.delete(users).where(eq(users.id, id));
}

/** Suspends (or restores) a learner; false when there is no such learner. */
export async function setSuspended(db: Executor, id: string, suspended: boolean): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
    .where(eq(users.id, id))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** A learner's latest results for their page (newest first). */
export async function latestResults(db: Executor, userId: string, limit: number) {
  return db
    .select({
      id: examResults.id,
      examTitle: examResults.examTitle,
      kind: examResults.kind,
      score: examResults.score,
      completedAt: examResults.completedAt,
    })
    .from(examResults)
    .where(eq(examResults.userId, userId))
    .orderBy(desc(examResults.completedAt), desc(examResults.id))
    .limit(limit);
}
