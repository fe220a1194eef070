import { likePattern } from '../../lib/paging.ts';
import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

export async function pageUsers(db: Executor, options: { keyword: string; limit: number; offset: number }) {
  const filter = options.keyword
    ? or(ilike(users.email, likePattern(options.keyword)), ilike(users.name, likePattern(options.keyword)))
    : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        createdAt: users.createdAt,
        emailVerifiedAt: users.emailVerifiedAt,
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
