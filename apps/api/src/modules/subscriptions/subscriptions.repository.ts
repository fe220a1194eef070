import { and, count, desc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import { exams, payments, subscriptionRenewals, subscriptions } from '../../db/schema/index.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

const columns = {
  id: subscriptions.id,
  examId: subscriptions.examId,
  autoRenew: subscriptions.autoRenew,
  isFree: subscriptions.isFree,
  startDate: subscriptions.startDate,
  endDate: subscriptions.endDate,
  cancelledAt: subscriptions.cancelledAt,
  examTitle: exams.title,
  examDescription: exams.description,
  examAvailable: exams.isActive,
  examPricePence: exams.pricePence,
  paymentOrderId: payments.orderId,
  paymentStatus: payments.status,
  isActive: sql<boolean>`${subscriptions.endDate} > now()`,
  renewalStatus: sql<RenewalState | null>`open_renewal.status`,
  renewalAmountPence: sql<number | null>`open_renewal.amount_pence`.mapWith(Number),
  // Raw SQL comes back as text; the column's own mapping makes it a Date.
  renewalNextAttemptAt: sql<Date | null>`open_renewal.next_attempt_at`.mapWith(
    subscriptionRenewals.nextAttemptAt,
  ),
  renewalLastError: sql<string | null>`open_renewal.last_error`,
};

/** The state of a renewal not yet finished (decision 0030). */
export type RenewalState = 'scheduled' | 'charging' | 'retrying' | 'review';

export interface SubscriptionView {
  id: string;
  examId: string;
  autoRenew: boolean;
  isFree: boolean;
  startDate: Date;
  endDate: Date;
  cancelledAt: Date | null;
  examTitle: string | null;
  examDescription: string | null;
  examAvailable: boolean | null;
  examPricePence: number | null;
  paymentOrderId: string | null;
  paymentStatus: string | null;
  isActive: boolean;
  renewalStatus: RenewalState | null;
  renewalAmountPence: number | null;
  renewalNextAttemptAt: Date | null;
  renewalLastError: string | null;
}

/** The subscription's renewal that is not finished yet, if any (at most one: one per period). */
const openRenewal = sql`lateral (
  select r.status, r.amount_pence, r.next_attempt_at, r.last_error from ${subscriptionRenewals} r
  where r.subscription_id = ${subscriptions.id} and r.status in ('scheduled', 'charging', 'retrying', 'review')
  order by r.period_end desc limit 1
) open_renewal`;

function viewQuery(db: Executor) {
  return db
    .select(columns)
    .from(subscriptions)
    .leftJoin(exams, eq(exams.id, subscriptions.examId))
    .leftJoin(payments, eq(payments.id, subscriptions.lastPaymentId))
    .leftJoin(openRenewal, sql`true`);
}

export async function pageSubscriptions(db: Executor, userId: string, limit: number, offset: number) {
  const [rows, totals, active] = await Promise.all([
    viewQuery(db)
      .where(eq(subscriptions.userId, userId))
      // Active ones first (soonest to end first), then expired ones, most recently ended first.
      .orderBy(
        sql`(${subscriptions.endDate} > now()) desc`,
        desc(subscriptions.endDate),
        desc(subscriptions.id),
      )
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(subscriptions).where(eq(subscriptions.userId, userId)),
    db
      .select({ value: count() })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, userId), gt(subscriptions.endDate, sql`now()`))),
  ]);
  return {
    rows: rows as SubscriptionView[],
    total: totals[0]?.value ?? 0,
    activeCount: active[0]?.value ?? 0,
  };
}

export async function findSubscriptionView(
  db: Executor,
  userId: string,
  examId: string,
): Promise<SubscriptionView | undefined> {
  const statement = prepared(db, 'subscription_view', (on) =>
    viewQuery(on)
      .where(
        and(
          eq(subscriptions.userId, sql.placeholder('userId')),
          eq(subscriptions.examId, sql.placeholder('examId')),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ userId, examId });
  return row;
}

export async function findSubscriptionForUpdate(
  db: Executor,
  userId: string,
  examId: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.examId, examId)))
    .for('update')
    .limit(1);
  return row;
}

export async function findOwnSubscriptionById(
  db: Executor,
  userId: string,
  id: string,
): Promise<SubscriptionRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.id, id)))
    .limit(1);
  return row;
}

/** Starts (or restarts, for an expired one) a subscription of one calendar month from now. */
export async function upsertSubscriptionForMonth(
  db: Executor,
  values: { userId: string; examId: string; isFree: boolean; autoRenew: boolean; paymentId: string | null },
): Promise<void> {
  await db
    .insert(subscriptions)
    .values({
      userId: values.userId,
      examId: values.examId,
      isFree: values.isFree,
      autoRenew: values.autoRenew,
      lastPaymentId: values.paymentId,
      startDate: sql`now()`,
      endDate: sql`now() + interval '1 month'`,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.examId],
      set: {
        isFree: values.isFree,
        autoRenew: values.autoRenew,
        lastPaymentId: values.paymentId,
        startDate: sql`now()`,
        endDate: sql`now() + interval '1 month'`,
        cancelledAt: null,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * Access until `until` (decision 0072): a new subscription without auto-renew, or an existing one whose
 * end moves later. An ended one starts again now; a live one keeps its start and its auto-renew (a paid
 * learner's next charge simply falls later). The caller checked that `until` is later than today's end.
 */
export async function upsertSubscriptionUntil(
  db: Executor,
  values: { userId: string; examId: string; isFree: boolean; until: Date },
): Promise<string> {
  const [row] = await db
    .insert(subscriptions)
    .values({
      userId: values.userId,
      examId: values.examId,
      isFree: values.isFree,
      autoRenew: false,
      startDate: sql`now()`,
      endDate: values.until,
    })
    .onConflictDoUpdate({
      target: [subscriptions.userId, subscriptions.examId],
      set: {
        startDate: sql`case when ${subscriptions.endDate} < now() then now() else ${subscriptions.startDate} end`,
        autoRenew: sql`case when ${subscriptions.endDate} < now() then false else ${subscriptions.autoRenew} end`,
        endDate: values.until,
        updatedAt: sql`now()`,
      },
    })
    .returning({ id: subscriptions.id });
  if (!row) throw new Error('the subscription was not written');
  return row.id;
}

/** Sets auto-renew; turning it on also clears a cancellation (decision 0017). */
export async function setAutoRenew(db: Executor, id: string, autoRenew: boolean): Promise<void> {
  await db
    .update(subscriptions)
    .set(
      autoRenew
        ? { autoRenew, cancelledAt: null, updatedAt: sql`now()` }
        : { autoRenew, updatedAt: sql`now()` },
    )
    .where(eq(subscriptions.id, id));
}

/** One more paid calendar month on an active subscription, from its current end date. */
export async function extendSubscriptionByMonth(
  db: Executor,
  id: string,
  paymentId: string | null,
): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      endDate: sql`${subscriptions.endDate} + interval '1 month'`,
      isFree: false,
      lastPaymentId: paymentId,
      cancelledAt: null,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id));
}

export async function cancelSubscription(db: Executor, id: string): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      autoRenew: false,
      cancelledAt: sql`coalesce(${subscriptions.cancelledAt}, now())`,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id));
}

/**
 * Free subscriptions with auto-renew on are renewed when they end (spec §4), as long as the exam is
 * still published and still free. Renewal continues from the old end date, so no day is lost or gained.
 */
export async function renewDueFreeSubscriptions(db: Executor, now: Date): Promise<number> {
  const renewed = await db
    .update(subscriptions)
    .set({
      startDate: sql`${subscriptions.endDate}`,
      endDate: sql`greatest(${subscriptions.endDate} + interval '1 month', ${now}::timestamptz + interval '1 month')`,
    })
    .where(
      and(
        eq(subscriptions.isFree, true),
        eq(subscriptions.autoRenew, true),
        lte(subscriptions.endDate, now),
        // Spelled out: Drizzle prints columns unqualified inside an UPDATE's subquery.
        sql`exists (select 1 from exams e where e.id = "subscriptions"."exam_id" and e.is_active and e.price_pence = 0)`,
      ),
    )
    .returning({ id: subscriptions.id });
  return renewed.length;
}

/**
 * A renewal was paid (decision 0030): the next period runs one calendar month from the end of the one it
 * renews (not from a grace end date), so no day is gained or lost.
 */
export async function extendAfterRenewal(
  db: Executor,
  id: string,
  renewal: { periodEnd: Date; paymentId: string | null; free: boolean },
): Promise<Date> {
  const [row] = await db
    .update(subscriptions)
    .set({
      startDate: renewal.periodEnd,
      endDate: sql`${renewal.periodEnd}::timestamptz + interval '1 month'`,
      isFree: renewal.free,
      ...(renewal.paymentId ? { lastPaymentId: renewal.paymentId } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id))
    .returning({ endDate: subscriptions.endDate });
  if (!row) throw new Error(`subscription ${id} vanished during its renewal`);
  return row.endDate;
}

/** Keeps access open while a failed renewal charge is retried (never shortens it). */
export async function extendAccessUntil(db: Executor, id: string, until: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({ endDate: sql`greatest(${subscriptions.endDate}, ${until}::timestamptz)`, updatedAt: sql`now()` })
    .where(eq(subscriptions.id, id));
}

/**
 * Ends access at `at` at the latest and turns auto-renew off: a renewal that finally failed, a refunded
 * or reversed payment, a payment method removed on PayPal's side.
 */
export async function endAccessBy(db: Executor, id: string, at: Date): Promise<void> {
  await db
    .update(subscriptions)
    .set({
      endDate: sql`least(${subscriptions.endDate}, ${at}::timestamptz)`,
      autoRenew: false,
      updatedAt: sql`now()`,
    })
    .where(eq(subscriptions.id, id));
}

/** Turns auto-renew off without touching access (a learner's saved payer was removed). */
export async function turnAutoRenewOff(db: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(subscriptions)
    .set({ autoRenew: false, updatedAt: sql`now()` })
    .where(sql`${subscriptions.id} in ${ids}`);
}

export async function findSubscription(
  db: Executor,
  id: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  const query = db.select().from(subscriptions).where(eq(subscriptions.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The payment that paid for the subscription's current period (its receipt on the subscription). */
export async function setLastPayment(db: Executor, id: string, paymentId: string): Promise<void> {
  await db.update(subscriptions).set({ lastPaymentId: paymentId }).where(eq(subscriptions.id, id));
}

/** Which of these exams the learner holds a subscription to that is still running at `now`. */
export async function activeSubscriptionExamIds(
  db: Executor,
  userId: string,
  examIds: string[],
  now: Date,
): Promise<string[]> {
  if (examIds.length === 0) return [];
  // Prepared (a course page's progress asks on every view): built and planned once per connection.
  const rows = await prepared(db, 'active_subscription_exam_ids', (on) =>
    on
      .select({ examId: subscriptions.examId })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sql.placeholder('userId')),
          sql`${subscriptions.examId} = any(${sql.placeholder('examIds')}::uuid[])`,
          gt(subscriptions.endDate, sql.placeholder('now')),
        ),
      ),
  ).execute({ userId, examIds, now });
  return rows.map((row) => row.examId);
}
