import { count, gt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { articles, exams, subscriptions, users } from '../../db/schema/index.ts';

/** The four counters of the admin dashboard, counted in parallel. */
export async function countPlatform(db: Executor) {
  const [[learners], [allExams], [allArticles], [active]] = await Promise.all([
    db.select({ value: count() }).from(users),
    db.select({ value: count() }).from(exams),
    db.select({ value: count() }).from(articles),
    // Active = end date in the future (spec §4).
    db
      .select({ value: count() })
      .from(subscriptions)
      .where(gt(subscriptions.endDate, sql`now()`)),
  ]);
  return {
    users: learners?.value ?? 0,
    exams: allExams?.value ?? 0,
    articles: allArticles?.value ?? 0,
    activeSubscriptions: active?.value ?? 0,
  };
}
