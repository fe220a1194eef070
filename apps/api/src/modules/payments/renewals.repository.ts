import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { PaymentProvider } from './payments.repository.ts';
import {
  exams,
  paymentMethods,
  payments,
  paypalSetupTokens,
  subscriptionRenewals,
  subscriptions,
  users,
  webhookEvents,
} from '../../db/schema/index.ts';

/**
 * Renewals of paid subscriptions, saved PayPal payers and PayPal's webhook events (decision 0030). The
 * subscriptions themselves are changed only through the subscriptions module.
 */

export type RenewalRow = typeof subscriptionRenewals.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** A subscription whose renewal is near, with what the reminder and the charge need. */
export interface RenewalCandidate {
  subscriptionId: string;
  userId: string;
  examId: string;
  endDate: Date;
  pricePence: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Subscriptions with auto-renew on that end within `leadMs` of `now` (or ended less than a day ago: a
 * catch-up after an outage) and have no renewal for their current period nor one still open.
 */
export async function findRenewalCandidates(
  db: Executor,
  now: Date,
  leadMs: number,
  limit: number,
): Promise<RenewalCandidate[]> {
  return db
    .select({
      subscriptionId: subscriptions.id,
      userId: subscriptions.userId,
      examId: subscriptions.examId,
      endDate: subscriptions.endDate,
      pricePence: exams.pricePence,
    })
    .from(subscriptions)
    .innerJoin(exams, and(eq(exams.id, subscriptions.examId), eq(exams.isActive, true)))
    .where(
      and(
        eq(subscriptions.autoRenew, true),
        eq(subscriptions.isFree, false),
        sql`${subscriptions.endDate} > ${new Date(now.getTime() - DAY_MS)}`,
        sql`${subscriptions.endDate} <= ${new Date(now.getTime() + leadMs)}`,
        sql`not exists (
          select 1 from ${subscriptionRenewals} r where r.subscription_id = ${subscriptions.id}
          and (r.period_end = ${subscriptions.endDate} or r.status in ('scheduled', 'charging', 'retrying', 'review'))
        )`,
      ),
    )
    .orderBy(subscriptions.endDate)
    .limit(limit);
}

/** The renewal of one period; undefined when it exists already (another runner made it). */
export async function insertRenewal(
  db: Executor,
  values: {
    subscriptionId: string;
    userId: string;
    examId: string;
    periodEnd: Date;
    amountPence: number;
    nextAttemptAt: Date;
    remindedAt: Date | null;
  },
): Promise<RenewalRow | undefined> {
  const [row] = await db
    .insert(subscriptionRenewals)
    .values({ ...values, status: 'scheduled', currency: 'GBP' })
    .onConflictDoNothing()
    .returning();
  return row;
}

/** A claimed renewal: `replay` when it is a charge whose outcome was not recorded (asked again, same id). */
export interface ClaimedRenewal extends RenewalRow {
  replay: boolean;
}

/**
 * Claims renewals due now for this runner (FOR UPDATE SKIP LOCKED, then `charging` with a lease): new and
 * retried charges get the next attempt number and a new request id; a `charging` one whose lease ran out
 * (a crash or a lost answer) keeps its request id, so asking PayPal again can never charge twice.
 */
export async function claimDueRenewals(
  db: Executor,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<ClaimedRenewal[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(subscriptionRenewals)
      .where(
        or(
          and(
            inArray(subscriptionRenewals.status, ['scheduled', 'retrying']),
            sql`${subscriptionRenewals.nextAttemptAt} <= ${now}`,
          ),
          and(eq(subscriptionRenewals.status, 'charging'), lt(subscriptionRenewals.lockedUntil, now)),
        ),
      )
      .orderBy(subscriptionRenewals.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed: ClaimedRenewal[] = [];
    for (const row of due) {
      const replay = row.status === 'charging' && row.requestId !== null;
      const attempts = replay ? row.attempts : row.attempts + 1;
      const [updated] = await tx
        .update(subscriptionRenewals)
        .set({
          status: 'charging',
          attempts,
          requestId: replay ? row.requestId : `renewal-${row.id}-${attempts}`,
          lockedUntil: new Date(now.getTime() + leaseMs),
          updatedAt: now,
        })
        .where(eq(subscriptionRenewals.id, row.id))
        .returning();
      if (updated) claimed.push({ ...updated, replay });
    }
    return claimed;
  });
}

/**
 * Records how a claimed charge ended, only if this runner still holds it (same request id, still
 * `charging`): false when another runner finished it first.
 */
export async function settleRenewal(
  db: Executor,
  claim: { id: string; requestId: string },
  outcome: {
    status: 'scheduled' | 'retrying' | 'completed' | 'failed' | 'cancelled' | 'review';
    now: Date;
    nextAttemptAt?: Date;
    paymentId?: string | null;
    paypalOrderId?: string | null;
    lastError?: string | null;
  },
): Promise<boolean> {
  const finished = ['completed', 'failed', 'cancelled'].includes(outcome.status);
  const updated = await db
    .update(subscriptionRenewals)
    .set({
      status: outcome.status,
      lockedUntil: null,
      updatedAt: outcome.now,
      ...(outcome.nextAttemptAt ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
      ...(outcome.paymentId !== undefined ? { paymentId: outcome.paymentId } : {}),
      ...(outcome.paypalOrderId !== undefined ? { paypalOrderId: outcome.paypalOrderId } : {}),
      ...(outcome.lastError !== undefined ? { lastError: outcome.lastError } : {}),
      ...(finished ? { finishedAt: outcome.now } : {}),
    })
    .where(
      and(
        eq(subscriptionRenewals.id, claim.id),
        eq(subscriptionRenewals.status, 'charging'),
        eq(subscriptionRenewals.requestId, claim.requestId),
      ),
    )
    .returning({ id: subscriptionRenewals.id });
  return updated.length > 0;
}

/** Keeps a charge whose outcome is unknown (PayPal unreachable) for a replay after `until`. */
export async function holdRenewal(
  db: Executor,
  claim: { id: string; requestId: string },
  until: Date,
  lastError: string,
): Promise<void> {
  await db
    .update(subscriptionRenewals)
    .set({ lockedUntil: until, lastError })
    .where(
      and(
        eq(subscriptionRenewals.id, claim.id),
        eq(subscriptionRenewals.status, 'charging'),
        eq(subscriptionRenewals.requestId, claim.requestId),
      ),
    );
}

/** Cancels open renewals that were not claimed (by renewal or by subscription). */
export async function cancelOpenRenewals(
  db: Executor,
  by: { renewalIds: string[] } | { subscriptionIds: string[] },
  now: Date,
): Promise<void> {
  const ids = 'renewalIds' in by ? by.renewalIds : by.subscriptionIds;
  if (ids.length === 0) return;
  await db
    .update(subscriptionRenewals)
    .set({ status: 'cancelled', finishedAt: now, updatedAt: now, lockedUntil: null })
    .where(
      and(
        inArray('renewalIds' in by ? subscriptionRenewals.id : subscriptionRenewals.subscriptionId, ids),
        inArray(subscriptionRenewals.status, ['scheduled', 'retrying']),
      ),
    );
}

/**
 * Cancels the open (unclaimed) renewals of subscriptions whose auto-renew is off, saying which were being
 * retried after a failed charge.
 */
export async function cancelRenewalsOfStoppedSubscriptions(
  db: Executor,
  now: Date,
): Promise<Array<{ subscriptionId: string; wasRetrying: boolean }>> {
  const rows = await db
    .update(subscriptionRenewals)
    .set({ status: 'cancelled', finishedAt: now, updatedAt: now, lockedUntil: null })
    .where(
      and(
        inArray(subscriptionRenewals.status, ['scheduled', 'retrying']),
        sql`exists (select 1 from ${subscriptions} s where s.id = ${subscriptionRenewals.subscriptionId} and not s.auto_renew)`,
      ),
    )
    .returning({
      subscriptionId: subscriptionRenewals.subscriptionId,
      attempts: subscriptionRenewals.attempts,
    });
  return rows.map((row) => ({ subscriptionId: row.subscriptionId, wasRetrying: row.attempts > 0 }));
}

/** Who and what a renewal charge is for, read when it is charged. */
export interface RenewalContext {
  subscriptionId: string;
  autoRenew: boolean;
  endDate: Date;
  lastPaymentProvider: PaymentProvider | null;
  examTitle: string | null;
  examActive: boolean | null;
  pricePence: number | null;
  userEmail: string;
  userName: string;
}

export async function findRenewalContext(
  db: Executor,
  subscriptionId: string,
): Promise<RenewalContext | undefined> {
  const [row] = await db
    .select({
      subscriptionId: subscriptions.id,
      autoRenew: subscriptions.autoRenew,
      endDate: subscriptions.endDate,
      lastPaymentProvider: payments.provider,
      examTitle: exams.title,
      examActive: exams.isActive,
      pricePence: exams.pricePence,
      userEmail: users.email,
      userName: users.name,
    })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .leftJoin(exams, eq(exams.id, subscriptions.examId))
    .leftJoin(payments, eq(payments.id, subscriptions.lastPaymentId))
    .where(eq(subscriptions.id, subscriptionId))
    .limit(1);
  return row;
}

export async function findActivePaymentMethod(
  db: Executor,
  userId: string,
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.userId, userId), eq(paymentMethods.status, 'active')))
    .limit(1);
  return row;
}

/** Saves (or replaces) the learner's PayPal payer for renewals. */
export async function savePaymentMethod(
  db: Executor,
  values: { userId: string; vaultId: string; customerId: string | null; payerEmail: string | null },
): Promise<PaymentMethodRow> {
  const [row] = await db
    .insert(paymentMethods)
    .values({ ...values, status: 'active' })
    .onConflictDoUpdate({
      target: paymentMethods.userId,
      set: {
        vaultId: values.vaultId,
        customerId: values.customerId,
        payerEmail: values.payerEmail,
        status: 'active',
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/** Marks a saved payer removed; returns the learner it belonged to (undefined when none was active). */
export async function revokePaymentMethod(
  db: Executor,
  by: { userId: string } | { vaultId: string },
): Promise<PaymentMethodRow | undefined> {
  const [row] = await db
    .update(paymentMethods)
    .set({ status: 'revoked', updatedAt: sql`now()` })
    .where(
      and(
        'userId' in by ? eq(paymentMethods.userId, by.userId) : eq(paymentMethods.vaultId, by.vaultId),
        eq(paymentMethods.status, 'active'),
      ),
    )
    .returning();
  return row;
}

/** The learner's paid subscriptions with auto-renew on (to turn off when their payer goes). */
export async function paidAutoRenewingSubscriptions(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.userId, userId),
        eq(subscriptions.autoRenew, true),
        eq(subscriptions.isFree, false),
      ),
    );
  return rows.map((row) => row.id);
}

export async function insertSetupToken(db: Executor, tokenId: string, userId: string): Promise<void> {
  await db.insert(paypalSetupTokens).values({ tokenId, userId }).onConflictDoNothing();
}

/** Marks a setup token used, if it is this learner's and unused; false otherwise. */
export async function useSetupToken(
  db: Executor,
  tokenId: string,
  userId: string,
  now: Date,
): Promise<boolean> {
  const updated = await db
    .update(paypalSetupTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(paypalSetupTokens.tokenId, tokenId),
        eq(paypalSetupTokens.userId, userId),
        sql`${paypalSetupTokens.usedAt} is null`,
      ),
    )
    .returning({ tokenId: paypalSetupTokens.tokenId });
  return updated.length > 0;
}

/** Records a webhook event as handled; false when it was handled before (a replay). */
export async function recordWebhookEvent(
  db: Executor,
  event: { eventId: string; eventType: string; resourceId: string | null; outcome: string },
): Promise<boolean> {
  const inserted = await db
    .insert(webhookEvents)
    .values(event)
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return inserted.length > 0;
}

/** The renewal a PayPal invoice id names (`renewal-{id}`), locked. */
export async function findRenewal(db: Executor, id: string, lock = false): Promise<RenewalRow | undefined> {
  const query = db.select().from(subscriptionRenewals).where(eq(subscriptionRenewals.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

export async function setWebhookOutcome(db: Executor, eventId: string, outcome: string): Promise<void> {
  await db.update(webhookEvents).set({ outcome }).where(eq(webhookEvents.eventId, eventId));
}

/**
 * Makes a renewal held for PayPal's decision (`review`, or `charging`) due for a replay now: the next run
 * asks PayPal again with the same request id. False when it was settled before.
 */
export async function wakeRenewal(db: Executor, id: string, now: Date): Promise<boolean> {
  const updated = await db
    .update(subscriptionRenewals)
    .set({ status: 'charging', lockedUntil: new Date(now.getTime() - 1000), updatedAt: now })
    .where(
      and(
        eq(subscriptionRenewals.id, id),
        inArray(subscriptionRenewals.status, ['review', 'charging']),
        sql`${subscriptionRenewals.requestId} is not null`,
      ),
    )
    .returning({ id: subscriptionRenewals.id });
  return updated.length > 0;
}
