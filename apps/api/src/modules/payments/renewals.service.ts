import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import {
  renewalFailedMail,
  renewalReceiptMail,
  renewalReminderMail,
  renewalRetryMail,
  renewalStoppedMail,
} from '../../lib/mail/templates.ts';
import { PaypalError, type PaypalCredentials, type PaypalOrder } from '../../lib/paypal/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { WorkerLog } from '../../lib/mail/outbox-worker.ts';
import { testPaymentsActive, type SiteSettingsRow } from '../settings/settings.service.ts';
import { lockUser } from '../users/users.service.ts';
import {
  endAccessBy,
  extendAccessUntil,
  extendAfterRenewal,
  setLastPayment,
  turnAutoRenewOff,
} from '../subscriptions/subscriptions.service.ts';
import { insertPayment, type PaymentProvider } from './payments.repository.ts';
import {
  cancelOpenRenewals,
  cancelRenewalsOfStoppedSubscriptions,
  claimDueRenewals,
  findActivePaymentMethod,
  findRenewalCandidates,
  findRenewalContext,
  holdRenewal,
  insertRenewal,
  settleRenewal,
  type ClaimedRenewal,
  type RenewalContext,
} from './renewals.repository.ts';

/*
 * Auto-renew of paid subscriptions (decision 0030). Every minute a job:
 * 1. schedules the renewal of each subscription ending within 3 days and mails the reminder (amount, date,
 *    how to turn it off) — one renewal row per period, so a month is never charged twice;
 * 2. stops the open renewals of subscriptions whose auto-renew was turned off;
 * 3. charges the renewals that are due (10 minutes before the end date), retries a failed charge once a
 *    day for 3 days with access kept meanwhile, and after the last failure turns auto-renew off and ends
 *    access; a charge whose outcome was lost (a crash, PayPal unreachable) is asked again with the same
 *    PayPal-Request-Id, never sent as a new charge.
 * Every time decision reads the app's clock.
 */

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** the reminder goes out this long before the end date */
export const REMINDER_LEAD_MS = 3 * DAY_MS;
/** a renewal is charged this long before the end date, so access never lapses while it is charged */
export const CHARGE_LEAD_MS = 10 * 60 * 1000;
/** tries in all: the first charge and three retries, a day apart */
export const MAX_CHARGE_ATTEMPTS = 4;
export const RETRY_DELAY_MS = DAY_MS;
/** access kept after the end date while a failed charge is retried */
const GRACE_MS = (MAX_CHARGE_ATTEMPTS - 1) * RETRY_DELAY_MS + 6 * HOUR_MS;
/** a claimed charge belongs to its runner this long; then it is asked again (same request id) */
const LEASE_MS = 5 * 60 * 1000;
/** PayPal unreachable: ask again after this long */
const HOLD_MS = 10 * 60 * 1000;
const BATCH = 50;

export interface RenewalRunSummary {
  reminded: number;
  renewed: number;
  retrying: number;
  failed: number;
  cancelled: number;
  held: number;
}

export interface RenewalRunOptions {
  log?: WorkerLog;
  /**
   * Called after PayPal answered a charge and before it is recorded: a test throws here to stand for a
   * crash between the two (the next run must find the charge, not make another).
   */
  afterCharge?: () => void | Promise<void>;
}

/** How a renewal is paid: the saved PayPal payer, the demo payment (sandbox), or not at all. */
type ChargeMethod =
  | { kind: 'paypal'; vaultId: string; credentials: PaypalCredentials }
  | { kind: 'test' }
  | { kind: 'none'; reason: string };

const NO_PAYER = 'no PayPal account is saved for renewals';
const PAYPAL_OFF = 'PayPal payments are switched off on this site';
const EXAM_WITHDRAWN = 'the exam is no longer offered';

/**
 * How a learner's renewal would be paid now. `settings` is read by the caller before any transaction:
 * on the embedded database a read outside the open transaction would wait for it for ever.
 */
async function chargeMethod(
  ctx: AppContext,
  db: Executor,
  settings: SiteSettingsRow,
  userId: string,
  lastPaymentProvider: PaymentProvider | null,
): Promise<ChargeMethod> {
  const saved = await findActivePaymentMethod(db, userId);
  const credentials = settings.paypalEnabled ? ctx.settings.paypalCredentials(settings) : undefined;
  if (saved && credentials) return { kind: 'paypal', vaultId: saved.vaultId, credentials };
  if (lastPaymentProvider === 'sandbox' && testPaymentsActive(settings, ctx.config.isProduction)) {
    return { kind: 'test' };
  }
  return { kind: 'none', reason: saved ? PAYPAL_OFF : NO_PAYER };
}

/** Whether a learner can have a paid subscription renewed automatically now (the auto-renew switch). */
export async function canRenewAutomatically(
  ctx: AppContext,
  userId: string,
  lastPaymentProvider: PaymentProvider | null,
): Promise<boolean> {
  const settings = await ctx.settings.get();
  return (await chargeMethod(ctx, ctx.db, settings, userId, lastPaymentProvider)).kind !== 'none';
}

function mailBase(ctx: AppContext, context: RenewalContext, examId: string, siteName: string) {
  return {
    to: context.userEmail,
    name: context.userName,
    siteName,
    examTitle: context.examTitle ?? 'your exam',
    examUrl: `${ctx.config.appUrl}/exams/${examId}`,
  };
}

export async function runRenewals(
  ctx: AppContext,
  options: RenewalRunOptions = {},
): Promise<RenewalRunSummary> {
  const summary: RenewalRunSummary = {
    reminded: 0,
    renewed: 0,
    retrying: 0,
    failed: 0,
    cancelled: 0,
    held: 0,
  };
  const now = ctx.clock.now();
  summary.reminded = await scheduleRenewals(ctx, now);
  summary.cancelled += await stopCancelledRenewals(ctx, now);
  for (;;) {
    const claimed = await claimDueRenewals(ctx.db, now, LEASE_MS, BATCH);
    for (const claim of claimed) {
      const outcome = await chargeRenewal(ctx, claim, now, options).catch((error: unknown) => {
        // Left `charging`: its lease runs out and the next run asks again with the same request id.
        options.log?.error({ err: error, renewalId: claim.id }, 'renewal charge failed unexpectedly');
        return 'held' as const;
      });
      summary[outcome] += 1;
    }
    if (claimed.length < BATCH) return summary;
  }
}

/** Step 1: a renewal row and a reminder for each subscription ending within 3 days. */
async function scheduleRenewals(ctx: AppContext, now: Date): Promise<number> {
  let reminded = 0;
  const settings = await ctx.settings.get();
  const siteName = settings.siteName;
  for (;;) {
    const candidates = await findRenewalCandidates(ctx.db, now, REMINDER_LEAD_MS, BATCH);
    for (const candidate of candidates) {
      const sent = await ctx.db.transaction(async (tx) => {
        const context = await findRenewalContext(tx, candidate.subscriptionId);
        if (!context) return false;
        const method =
          candidate.pricePence > 0
            ? await chargeMethod(ctx, tx, settings, candidate.userId, context.lastPaymentProvider)
            : ({ kind: 'test' } as const);
        const renewal = await insertRenewal(tx, {
          subscriptionId: candidate.subscriptionId,
          userId: candidate.userId,
          examId: candidate.examId,
          periodEnd: candidate.endDate,
          amountPence: candidate.pricePence,
          nextAttemptAt: new Date(candidate.endDate.getTime() - CHARGE_LEAD_MS),
          remindedAt: candidate.pricePence > 0 ? now : null,
        });
        if (!renewal || candidate.pricePence === 0) return false;
        const base = mailBase(ctx, context, candidate.examId, siteName);
        if (method.kind === 'none') {
          // Nothing could pay for it: say so now, not at the end date.
          await settleScheduled(tx, renewal.id, now);
          await turnAutoRenewOff(tx, [candidate.subscriptionId]);
          await enqueueMail(
            tx,
            renewalStoppedMail({ ...base, reason: method.reason, until: candidate.endDate }),
            candidate.userId,
          );
          return false;
        }
        await enqueueMail(
          tx,
          renewalReminderMail({
            ...base,
            amountPence: candidate.pricePence,
            date: candidate.endDate,
            test: method.kind === 'test',
          }),
          candidate.userId,
        );
        return true;
      });
      if (sent) reminded += 1;
    }
    if (candidates.length < BATCH) return reminded;
  }
}

/** Cancels a renewal that was never claimed (it has no request id yet). */
async function settleScheduled(db: Executor, renewalId: string, now: Date): Promise<void> {
  await cancelOpenRenewals(db, { renewalIds: [renewalId] }, now);
}

/**
 * Step 2: open renewals of subscriptions whose auto-renew is now off are cancelled; one that was being
 * retried after a failed charge also ends the access kept open for the retries.
 */
async function stopCancelledRenewals(ctx: AppContext, now: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const stopped = await cancelRenewalsOfStoppedSubscriptions(tx, now);
    for (const renewal of stopped) {
      if (renewal.wasRetrying) await endAccessBy(tx, renewal.subscriptionId, now);
    }
    return stopped.length;
  });
}

type ChargeOutcome = 'renewed' | 'retrying' | 'failed' | 'cancelled' | 'held';

/** Step 3: one claimed renewal, charged (or asked again) and recorded. */
async function chargeRenewal(
  ctx: AppContext,
  claim: ClaimedRenewal,
  now: Date,
  options: RenewalRunOptions,
): Promise<ChargeOutcome> {
  const requestId = claim.requestId!;
  const held = { id: claim.id, requestId };
  const context = await findRenewalContext(ctx.db, claim.subscriptionId);
  if (!context) {
    await settleRenewal(ctx.db, held, { status: 'cancelled', now });
    return 'cancelled';
  }
  const settings = await ctx.settings.get();
  const base = mailBase(ctx, context, claim.examId, settings.siteName);
  if (!claim.replay) {
    // Checked again just before charging: turning auto-renew off always wins over a charge not yet sent.
    if (!context.autoRenew) {
      await ctx.db.transaction(async (tx) => {
        if (await settleRenewal(tx, held, { status: 'cancelled', now })) {
          if (claim.attempts > 1) await endAccessBy(tx, claim.subscriptionId, now);
        }
      });
      return 'cancelled';
    }
    if (!context.examActive) {
      await ctx.db.transaction(async (tx) => {
        if (!(await settleRenewal(tx, held, { status: 'cancelled', now, lastError: EXAM_WITHDRAWN }))) return;
        await turnAutoRenewOff(tx, [claim.subscriptionId]);
        await enqueueMail(
          tx,
          renewalStoppedMail({ ...base, reason: EXAM_WITHDRAWN, until: context.endDate }),
          claim.userId,
        );
      });
      return 'cancelled';
    }
  }
  // The price announced in the reminder, or the exam's price now if it has gone down.
  const amountPence = Math.min(claim.amountPence, context.pricePence ?? claim.amountPence);
  if (amountPence === 0) {
    await ctx.db.transaction(async (tx) => {
      if (!(await settleRenewal(tx, held, { status: 'completed', now }))) return;
      await extendAfterRenewal(tx, claim.subscriptionId, {
        periodEnd: claim.periodEnd,
        paymentId: null,
        free: true,
      });
    });
    return 'renewed';
  }

  const method = await chargeMethod(ctx, ctx.db, settings, claim.userId, context.lastPaymentProvider);
  if (method.kind === 'test') {
    return recordSuccess(
      ctx,
      claim,
      { provider: 'sandbox', orderId: `manual-renewal-${claim.id}`, captureId: null },
      amountPence,
      now,
      base,
    );
  }
  if (method.kind === 'none') {
    if (claim.replay) {
      // A charge may have reached PayPal and cannot be asked about now: keep it for later.
      await holdRenewal(ctx.db, held, new Date(now.getTime() + HOLD_MS), method.reason);
      return 'held';
    }
    return recordFailure(ctx, claim, null, method.reason, amountPence, now, base, {
      final: method.reason === NO_PAYER,
    });
  }

  let order: PaypalOrder;
  try {
    order = await ctx.paypal.chargeSavedPayer(
      method.credentials,
      {
        amount: { currency_code: 'GBP', value: (amountPence / 100).toFixed(2) },
        referenceId: claim.examId,
        customId: `${claim.userId}:${claim.examId}`,
        invoiceId: `renewal-${claim.id}`,
        description: `${context.examTitle ?? 'Exam'}: one month (renewal)`,
      },
      method.vaultId,
      requestId,
    );
    // A replayed charge answers as it did the first time; the order tells how it stands now.
    if (claim.replay) order = await ctx.paypal.getOrder(method.credentials, order.id);
  } catch (error) {
    if (error instanceof PaypalError && error.issue === 'DUPLICATE_INVOICE_ID') {
      // PayPal already took a payment for this renewal under another request: never charge again.
      await settleRenewal(ctx.db, held, {
        status: 'review',
        now,
        lastError: 'PayPal reports a payment for this renewal already; check it in PayPal before acting',
      });
      options.log?.error(
        { renewalId: claim.id },
        'renewal held for review: PayPal reports a duplicate invoice',
      );
      return 'held';
    }
    if (error instanceof PaypalError && error.status < 500 && error.status !== 401 && error.status !== 429) {
      return recordFailure(ctx, claim, null, paypalReason(error), amountPence, now, base, { final: false });
    }
    // Unreachable, failing, or refusing our credentials: the outcome is unknown, so ask again later.
    const reason =
      error instanceof AppError || error instanceof PaypalError ? error.message : 'PayPal failed';
    await holdRenewal(ctx.db, held, new Date(now.getTime() + HOLD_MS), reason);
    return 'held';
  }
  await options.afterCharge?.();

  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status === 'COMPLETED' && capture?.status === 'COMPLETED') {
    return recordSuccess(
      ctx,
      claim,
      { provider: 'paypal', orderId: order.id, captureId: capture.id },
      amountPence,
      now,
      base,
    );
  }
  if (capture?.status === 'PENDING') {
    // PayPal is holding the money (a review on its side): its webhook wakes this renewal when it decides.
    await settleRenewal(ctx.db, held, {
      status: 'review',
      now,
      paypalOrderId: order.id,
      lastError: 'PayPal is holding the payment for review',
    });
    return 'held';
  }
  return recordFailure(ctx, claim, order.id, 'the payment was declined', amountPence, now, base, {
    final: false,
  });
}

function paypalReason(error: PaypalError): string {
  if (error.issue === 'INSTRUMENT_DECLINED') return 'the payment was declined';
  if (error.issue === 'PAYER_ACTION_REQUIRED') return 'PayPal needs you to approve the payment';
  if (error.issue === 'INVALID_RESOURCE_ID') return 'the saved PayPal account can no longer be used';
  return error.message.slice(0, 200);
}

async function recordSuccess(
  ctx: AppContext,
  claim: ClaimedRenewal,
  paid: { provider: 'paypal' | 'sandbox'; orderId: string; captureId: string | null },
  amountPence: number,
  now: Date,
  base: ReturnType<typeof mailBase>,
): Promise<ChargeOutcome> {
  const requestId = claim.requestId!;
  const recorded = await ctx.db
    .transaction(async (tx) => {
      await lockUser(tx, claim.userId);
      const until = await extendAfterRenewal(tx, claim.subscriptionId, {
        periodEnd: claim.periodEnd,
        paymentId: null,
        free: false,
      });
      const payment = await insertPayment(tx, {
        provider: paid.provider,
        orderId: paid.orderId,
        captureId: paid.captureId,
        amountPence,
        currency: 'GBP',
        status: 'completed',
        kind: 'renewal',
        userId: claim.userId,
        examId: claim.examId,
        subscriptionId: claim.subscriptionId,
        requestId,
        periodEnd: until,
      });
      if (!payment) throw new Error(`renewal ${claim.id}: its payment was recorded before`);
      await setLastPayment(tx, claim.subscriptionId, payment.id);
      if (
        !(await settleRenewal(
          tx,
          { id: claim.id, requestId },
          {
            status: 'completed',
            now,
            paymentId: payment.id,
            paypalOrderId: paid.provider === 'paypal' ? paid.orderId : null,
            lastError: null,
          },
        ))
      ) {
        // Another runner recorded it first: roll all of this back.
        throw new RenewalTakenError();
      }
      await enqueueMail(
        tx,
        renewalReceiptMail({
          ...base,
          amountPence,
          paidAt: now,
          until,
          reference: paid.orderId,
          test: paid.provider === 'sandbox',
        }),
        claim.userId,
      );
      return true;
    })
    .catch((error: unknown) => {
      if (error instanceof RenewalTakenError) return false;
      throw error;
    });
  return recorded ? 'renewed' : 'held';
}

class RenewalTakenError extends Error {}

async function recordFailure(
  ctx: AppContext,
  claim: ClaimedRenewal,
  orderId: string | null,
  reason: string,
  amountPence: number,
  now: Date,
  base: ReturnType<typeof mailBase>,
  options: { final: boolean },
): Promise<ChargeOutcome> {
  const requestId = claim.requestId!;
  const final = options.final || claim.attempts >= MAX_CHARGE_ATTEMPTS;
  return ctx.db.transaction(async (tx) => {
    const nextTry = new Date(now.getTime() + RETRY_DELAY_MS);
    const settled = await settleRenewal(
      tx,
      { id: claim.id, requestId },
      {
        status: final ? 'failed' : 'retrying',
        now,
        lastError: reason,
        paypalOrderId: orderId,
        ...(final ? {} : { nextAttemptAt: nextTry }),
      },
    );
    if (!settled) return 'held' as const;
    await insertPayment(tx, {
      provider: 'paypal',
      orderId,
      amountPence,
      currency: 'GBP',
      status: 'failed',
      kind: 'renewal',
      userId: claim.userId,
      examId: claim.examId,
      subscriptionId: claim.subscriptionId,
      requestId,
      failureReason: reason,
    });
    if (final) {
      await endAccessBy(tx, claim.subscriptionId, now);
      await enqueueMail(tx, renewalFailedMail({ ...base, endedAt: now }), claim.userId);
      return 'failed' as const;
    }
    // Access continues while the charge is retried (decision 0030).
    await extendAccessUntil(tx, claim.subscriptionId, new Date(claim.periodEnd.getTime() + GRACE_MS));
    await enqueueMail(tx, renewalRetryMail({ ...base, amountPence, nextTry, reason }), claim.userId);
    return 'retrying' as const;
  });
}

/** Stops, now, the renewals of subscriptions whose auto-renew was just turned off (the switch). */
export async function stopTurnedOffRenewals(ctx: AppContext): Promise<void> {
  await stopCancelledRenewals(ctx, ctx.clock.now());
}
