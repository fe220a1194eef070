import { count, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { articles, exams, subscriptions, users } from '../../db/schema/index.ts';

/** The four counters of the admin dashboard, counted in parallel. */
export async function countPlatform(db: Executor) {
  const [[learners], [allExams], [allArticles], [active]] = await Promise.all([
    // Erased accounts (decision 0069) are anonymous rows kept for exam statistics, not learners.
    db.select({ value: count() }).from(users).where(isNull(users.erasedAt)),
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

/**
 * Monthly recurring revenue: paid, active subscriptions with auto-renew on, each at the price its next
 * renewal will charge (the price announced in its reminder, or the exam's price if lower); and how many of
 * them renew before `weekEnd`.
 */
export async function recurringRevenue(
  db: Executor,
  now: Date,
  weekEnd: Date,
): Promise<{ monthlyPence: number; dueThisWeek: number }> {
  const result: unknown = await db.execute(sql`
    select
      coalesce(sum(least(coalesce(r.amount_pence, e.price_pence), e.price_pence)), 0)::int as monthly,
      count(*) filter (where s.end_date <= ${weekEnd})::int as due
    from ${subscriptions} s
    join ${exams} e on e.id = s.exam_id and e.is_active and e.price_pence > 0
    left join lateral (
      select amount_pence from subscription_renewals r
      where r.subscription_id = s.id and r.status in ('scheduled', 'charging', 'retrying', 'review')
      order by r.period_end desc limit 1
    ) r on true
    where s.auto_renew and not s.is_free and s.end_date > ${now}
  `);
  const [row] = (result as { rows: Array<{ monthly: number | null; due: number | null }> }).rows;
  return { monthlyPence: Number(row?.monthly ?? 0), dueThisWeek: Number(row?.due ?? 0) };
}
