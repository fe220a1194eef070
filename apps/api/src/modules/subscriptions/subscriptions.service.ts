import { pageCount } from '../../lib/paging.ts';
import type { Subscription, SubscriptionStatus, SubscriptionsResponse } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { lockUser } from '../users/users.service.ts';
import type { PublicExamRow } from '../exams/exams.service.ts';
import {
  cancelSubscription,
  extendSubscriptionByMonth,
  findOwnSubscriptionById,
  findSubscriptionView,
  pageSubscriptions,
  renewDueFreeSubscriptions,
  upsertSubscriptionForMonth,
  upsertSubscriptionUntil,
  type SubscriptionRow,
  type SubscriptionView,
} from './subscriptions.repository.ts';
import * as subscriptionsRepository from './subscriptions.repository.ts';
import { SUBSCRIPTION_MESSAGES } from './subscriptions.messages.ts';

function toSubscription(view: SubscriptionView): Subscription {
  return {
    _id: view.id,
    examId: view.examId,
    exam:
      view.examTitle === null
        ? null
        : {
            _id: view.examId,
            title: view.examTitle,
            description: view.examDescription ?? '',
            available: Boolean(view.examAvailable),
          },
    autoRenew: view.autoRenew,
    isFree: view.isFree,
    startDate: view.startDate.toISOString(),
    endDate: view.endDate.toISOString(),
    isActive: Boolean(view.isActive),
    cancelledAt: view.cancelledAt ? view.cancelledAt.toISOString() : null,
    paymentData: view.paymentOrderId
      ? { paymentId: view.paymentOrderId, status: (view.paymentStatus ?? 'completed').toUpperCase() }
      : null,
    renewal: renewalOf(view),
  };
}

/** The next renewal as the exam page shows it (decision 0030), while auto-renew is on. */
function renewalOf(view: SubscriptionView): Subscription['renewal'] {
  if (!view.autoRenew) return null;
  const price = view.examPricePence ?? 0;
  const amountPence = Math.min(view.renewalAmountPence ?? price, price);
  const lastError = view.renewalLastError;
  switch (view.renewalStatus) {
    case 'retrying':
      return {
        date: (view.renewalNextAttemptAt ?? view.endDate).toISOString(),
        amountPence,
        state: 'retrying',
        lastError,
      };
    case 'charging':
      return { date: view.endDate.toISOString(), amountPence, state: 'processing', lastError: null };
    case 'review':
      return { date: view.endDate.toISOString(), amountPence, state: 'review', lastError };
    default:
      if (!view.isActive || !view.examAvailable) return null;
      return {
        date: view.endDate.toISOString(),
        amountPence: view.isFree ? 0 : amountPence,
        state: 'scheduled',
        lastError: null,
      };
  }
}

async function view(db: Executor, userId: string, examId: string): Promise<Subscription> {
  const row = await findSubscriptionView(db, userId, examId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  return toSubscription(row);
}

export async function list(
  ctx: AppContext,
  actor: Actor,
  page: number,
  limit: number,
): Promise<SubscriptionsResponse> {
  const { rows, total, activeCount } = await pageSubscriptions(ctx.db, actor.id, limit, (page - 1) * limit);
  return {
    subscriptions: rows.map(toSubscription),
    page,
    pages: pageCount(total, limit),
    total,
    activeCount,
  };
}

/** Every subscription of a learner, up to `limit` (an administrator's view of the learner). */
export async function allSubscriptionsOf(
  db: Executor,
  userId: string,
  limit: number,
): Promise<Subscription[]> {
  const { rows } = await pageSubscriptions(db, userId, limit, 0);
  return rows.map(toSubscription);
}

export async function status(ctx: AppContext, actor: Actor, examId: string): Promise<SubscriptionStatus> {
  const row = await findSubscriptionView(ctx.db, actor.id, examId);
  return { isActive: Boolean(row?.isActive), subscription: row ? toSubscription(row) : null };
}

/**
 * Grants one month of access, in the caller's transaction (decision 0017): a new or ended subscription
 * runs one calendar month from now; an active paid one is extended by a month from its end date (a
 * second payment is never swallowed). Knows nothing of how the month was paid for. The caller holds the
 * learner's row lock, so two grants for one learner never interleave.
 */
export async function grantMonth(
  tx: Executor,
  grant: { userId: string; examId: string; isFree: boolean; autoRenew: boolean; paymentId: string | null },
): Promise<Subscription> {
  const existing = await findSubscriptionForUpdate(tx, grant.userId, grant.examId);
  if (existing && existing.endDate > new Date() && !grant.isFree) {
    await extendSubscriptionByMonth(tx, existing.id, grant.paymentId);
  } else {
    await upsertSubscriptionForMonth(tx, grant);
  }
  return view(tx, grant.userId, grant.examId);
}

/**
 * Complimentary access until `until` (decision 0072), in the caller's transaction under the learner's row
 * lock: 'extended' with the subscription's id, or 'covered' with today's end when access already runs as
 * long (nothing is changed then).
 */
export async function grantUntil(
  tx: Executor,
  grant: { userId: string; examId: string; isFree: boolean; until: Date },
): Promise<{ outcome: 'extended'; subscriptionId: string } | { outcome: 'covered'; endDate: Date }> {
  const existing = await findSubscriptionForUpdate(tx, grant.userId, grant.examId);
  if (existing && existing.endDate >= grant.until) return { outcome: 'covered', endDate: existing.endDate };
  return { outcome: 'extended', subscriptionId: await upsertSubscriptionUntil(tx, grant) };
}

/** The learner's subscription to an exam when it is active (for idempotent repeats), else undefined. */
export async function activeSubscription(
  db: Executor,
  userId: string,
  examId: string,
): Promise<Subscription | undefined> {
  const row = await findSubscriptionView(db, userId, examId);
  return row?.isActive ? toSubscription(row) : undefined;
}

/**
 * Subscribes to a free exam. Auto-renew is on, so free access does not lapse while the exam stays free
 * (decision 0017). Subscribing again while active answers with the same subscription (a double click or
 * a retried request is not an error).
 */
export async function subscribeFree(
  ctx: AppContext,
  actor: Actor,
  exam: PublicExamRow,
): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, actor.id);
    const current = await activeSubscription(tx, actor.id, exam.id);
    if (current) return current;
    return grantMonth(tx, {
      userId: actor.id,
      examId: exam.id,
      isFree: true,
      autoRenew: true,
      paymentId: null,
    });
  });
}

export async function updateAutoRenew(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  autoRenew: boolean,
): Promise<Subscription> {
  const row = await findSubscriptionView(ctx.db, actor.id, examId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  // Turning auto-renew back on undoes a cancellation (decision 0017).
  await setAutoRenew(ctx.db, row.id, autoRenew);
  return view(ctx.db, actor.id, examId);
}

export async function cancel(ctx: AppContext, actor: Actor, subscriptionId: string): Promise<Subscription> {
  const row = await findOwnSubscriptionById(ctx.db, actor.id, subscriptionId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  await cancelSubscription(ctx.db, row.id);
  return view(ctx.db, actor.id, row.examId);
}

/** The free-renewals job (decision 0017): ended free subscriptions with auto-renew on run another month. */
export function renewFreeSubscriptions(ctx: AppContext): Promise<number> {
  return renewDueFreeSubscriptions(ctx.db, ctx.clock.now());
}

/*
 * What payments do to subscriptions (purchases, renewals, refunds, PayPal's notices): thin wrappers over
 * this module's repository, which is private to it (decision 0051). Each takes the executor first, so the
 * payment's transaction passes through.
 */

/** The learner's subscription to the exam, locked for the rest of the transaction. */
export function findSubscriptionForUpdate(
  db: Executor,
  userId: string,
  examId: string,
): Promise<SubscriptionRow | undefined> {
  return subscriptionsRepository.findSubscriptionForUpdate(db, userId, examId);
}

/** A subscription by id (`lock`: for update, till the transaction ends). */
export function findSubscription(
  db: Executor,
  id: string,
  lock = false,
): Promise<SubscriptionRow | undefined> {
  return subscriptionsRepository.findSubscription(db, id, lock);
}

export function setAutoRenew(db: Executor, id: string, autoRenew: boolean): Promise<void> {
  return subscriptionsRepository.setAutoRenew(db, id, autoRenew);
}

/** Turns auto-renew off without touching access (a learner's saved payer was removed). */
export function turnAutoRenewOff(db: Executor, ids: string[]): Promise<void> {
  return subscriptionsRepository.turnAutoRenewOff(db, ids);
}

/** A renewal was paid: the next period runs one calendar month from the end of the one it renews. */
export function extendAfterRenewal(
  db: Executor,
  id: string,
  renewal: { periodEnd: Date; paymentId: string | null; free: boolean },
): Promise<Date> {
  return subscriptionsRepository.extendAfterRenewal(db, id, renewal);
}

/** Keeps access open while a failed renewal charge is retried (never shortens it). */
export function extendAccessUntil(db: Executor, id: string, until: Date): Promise<void> {
  return subscriptionsRepository.extendAccessUntil(db, id, until);
}

/** Ends access at `at` at the latest and turns auto-renew off. */
export function endAccessBy(db: Executor, id: string, at: Date): Promise<void> {
  return subscriptionsRepository.endAccessBy(db, id, at);
}

/** The payment that paid for the subscription's current period (its receipt on the subscription). */
export function setLastPayment(db: Executor, id: string, paymentId: string): Promise<void> {
  return subscriptionsRepository.setLastPayment(db, id, paymentId);
}

/**
 * Which of these exams the learner holds an active subscription to at `now` (a course's locked units; the
 * clock practice sets are checked against).
 */
export function activeSubscriptionExamIds(
  db: Executor,
  userId: string,
  examIds: string[],
  now: Date,
): Promise<string[]> {
  return subscriptionsRepository.activeSubscriptionExamIds(db, userId, examIds, now);
}
