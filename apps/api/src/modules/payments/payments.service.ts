import type { CreateSubscriptionBody, PaymentSettings, Subscription } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  AppError,
  BadGatewayError,
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  ServiceUnavailableError,
  UnprocessableError,
} from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { PaypalError, type PaypalCredentials, type PaypalOrder } from '../../lib/paypal/client.ts';
import { testPaymentsActive } from '../settings/settings.service.ts';
import { findExam, findPublishedExam, type PublicExamRow } from '../exams/exams.service.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.messages.ts';
import { lockUser } from '../users/users.service.ts';
import { activeSubscription, grantMonth, subscribeFree } from '../subscriptions/subscriptions.service.ts';
import {
  findPaypalOrder,
  insertPayment,
  insertPaypalOrder,
  linkPaymentToSubscription,
  markPaypalOrderCaptured,
  markPaypalOrderRefund,
  type PaypalOrderRow,
} from './payments.repository.ts';
import { findActivePaymentMethod, savePaymentMethod } from './renewals.repository.ts';
import { PAYMENT_MESSAGES } from './payments.messages.ts';

/*
 * Checkout (decision 0019): payments → subscriptions → exams. This module creates and captures PayPal
 * orders, records payments (payments.repository is the only writer of `payments` and `paypal_orders`) and
 * asks subscriptions for a month of access with `grantMonth`, which knows nothing of PayPal.
 */

/** Where checkout reports what an administrator must look at (a refund that did not go through). */
export interface PaymentLog {
  error(details: object, message: string): void;
}

/** The exam was withdrawn between the capture and the grant: the money goes back. */
class ExamWithdrawnError extends ConflictError {
  constructor() {
    super(EXAM_NOT_FOUND);
  }
}

export async function paymentSettings(ctx: AppContext): Promise<PaymentSettings> {
  const row = await ctx.settings.get();
  const ready = row.paypalEnabled && ctx.settings.paypalCredentials(row) !== undefined;
  return {
    clientId: ready ? row.paypalClientId : '',
    mode: row.paypalMode,
    sandbox: testPaymentsActive(row, ctx.config.isProduction),
    enabled: ready,
  };
}

/**
 * The PayPal credentials a learner's payment uses (checkout, saving a payer for renewals): 503 while PayPal
 * is switched off or its credentials are not all stored.
 */
export async function enabledPaypalCredentials(ctx: AppContext): Promise<PaypalCredentials> {
  const row = await ctx.settings.get();
  const creds = row.paypalEnabled ? ctx.settings.paypalCredentials(row) : undefined;
  if (!creds) throw new ServiceUnavailableError(PAYMENT_MESSAGES.unavailable);
  return creds;
}

function providerFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof PaypalError) {
    if (error.status === 404) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    if (error.issue === 'INSTRUMENT_DECLINED') throw new UnprocessableError(PAYMENT_MESSAGES.declined);
    if (error.issue === 'ORDER_NOT_APPROVED') throw new UnprocessableError(PAYMENT_MESSAGES.notCompleted);
    throw new BadGatewayError(PAYMENT_MESSAGES.providerError);
  }
  throw error;
}

/** Who and what an order was made for: `custom_id` = `{userId}:{examId}`, set by createOrder. */
function purchaseKey(userId: string, examId: string): string {
  return `${userId}:${examId}`;
}

function pounds(pence: number): string {
  return (pence / 100).toFixed(2);
}

/**
 * Checks PayPal's copy of an order against the one this server recorded when it created it: same learner,
 * exam, currency and amount (the price it was created at, honoured even if the exam's price has changed
 * since). Runs before any capture, so a tampered or foreign order never takes money.
 */
function checkOrderAgainstRecord(order: PaypalOrder, record: PaypalOrderRow): void {
  const unit = order.purchase_units?.[0];
  if (
    !unit ||
    !record.userId ||
    !record.examId ||
    unit.custom_id !== purchaseKey(record.userId, record.examId) ||
    (unit.reference_id !== undefined && unit.reference_id !== record.examId)
  ) {
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongOwner);
  }
  if (unit.amount?.currency_code !== record.currency)
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongCurrency);
  if (unit.amount.value !== pounds(record.amountPence))
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongAmount);
}

/** The completed capture of an order, checked against the recorded amount. */
function completedCapture(order: PaypalOrder, record: PaypalOrderRow): { id: string } {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || !capture || capture.status !== 'COMPLETED')
    throw new UnprocessableError(PAYMENT_MESSAGES.notCompleted);
  if (capture.amount && capture.amount.currency_code !== record.currency)
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongCurrency);
  if (capture.amount && capture.amount.value !== pounds(record.amountPence))
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongAmount);
  return capture;
}

/**
 * Captures an approved order. The fixed PayPal-Request-Id makes a retried capture return the first
 * capture's answer; a capture that lost a race to another (ORDER_ALREADY_CAPTURED) reads the order and
 * carries on as the first capture did (decision 0019).
 */
async function capture(ctx: AppContext, creds: PaypalCredentials, orderId: string): Promise<PaypalOrder> {
  try {
    return await ctx.paypal.captureOrder(creds, orderId, `capture-${orderId}`);
  } catch (error) {
    if (error instanceof PaypalError && error.issue === 'ORDER_ALREADY_CAPTURED')
      return ctx.paypal.getOrder(creds, orderId).catch(providerFailure);
    return providerFailure(error);
  }
}

/**
 * Money was captured but cannot be honoured (the exam was withdrawn in between, say): refund it in full
 * through PayPal and record the outcome on the order, so a learner never pays without access or their
 * money back (decision 0019). The refund's request id makes a retried refund a no-op.
 */
async function refund(
  ctx: AppContext,
  creds: PaypalCredentials,
  record: PaypalOrderRow,
  captureId: string,
  reason: string,
  log: PaymentLog,
): Promise<never> {
  try {
    const refunded = await ctx.paypal.refundCapture(creds, captureId, `refund-${record.orderId}`);
    await markPaypalOrderRefund(ctx.db, record.orderId, {
      status: 'refunded',
      refundId: refunded.id,
      reason,
    });
  } catch (error) {
    await markPaypalOrderRefund(ctx.db, record.orderId, { status: 'refund_failed', refundId: null, reason });
    log.error({ err: error, orderId: record.orderId }, 'automatic refund failed: refund this order by hand');
    throw new BadGatewayError(PAYMENT_MESSAGES.refundFailed);
  }
  throw new ConflictError(PAYMENT_MESSAGES.refunded);
}

/** An order already paid for a month: the same answer while that access lasts, else 409 (decision 0019). */
async function alreadyGranted(ctx: AppContext, record: PaypalOrderRow): Promise<Subscription> {
  const current =
    record.userId && record.examId
      ? await activeSubscription(ctx.db, record.userId, record.examId)
      : undefined;
  if (!current) throw new ConflictError(PAYMENT_MESSAGES.paymentUsed);
  return current;
}

/**
 * Creates a PayPal order at the exam's price. With auto-renew asked for, PayPal also saves the payer for
 * the renewals (vault, decision 0030) once the payment succeeds.
 */
export async function createOrder(ctx: AppContext, actor: Actor, examId: string, autoRenew = false) {
  const exam = await findPublishedExam(ctx.db, examId);
  if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
  if (exam.pricePence === 0) throw new ConflictError(PAYMENT_MESSAGES.free);
  if (await activeSubscription(ctx.db, actor.id, exam.id))
    throw new ConflictError(PAYMENT_MESSAGES.alreadyActive);
  const creds = await enabledPaypalCredentials(ctx);
  const examUrl = `${ctx.config.appUrl}/exams/${exam.id}`;
  const order = await ctx.paypal
    .createOrder(
      creds,
      {
        amount: { currency_code: 'GBP', value: pounds(exam.pricePence) },
        referenceId: exam.id,
        customId: purchaseKey(actor.id, exam.id),
        description: `${exam.title}: one month`,
      },
      uuidv7(),
      autoRenew ? { returnUrl: examUrl, cancelUrl: examUrl } : undefined,
    )
    .catch(providerFailure);
  await insertPaypalOrder(ctx.db, {
    orderId: order.id,
    userId: actor.id,
    examId: exam.id,
    amountPence: exam.pricePence,
    currency: 'GBP',
    autoRenew,
  });
  return { id: order.id, status: order.status };
}

/**
 * Captures (if not yet captured) an order this server created for this learner, and grants a month in
 * the transaction that records the payment. Safe to repeat: a retry, a parallel capture or the browser's
 * follow-up subscribe answers with the same subscription, and never records or grants twice.
 * `unknownOrder` is what an order not created for this learner gets: a 404 on the capture URL, the
 * spec's 422 on POST /api/subscriptions.
 */
export async function captureAndSubscribe(
  ctx: AppContext,
  userId: string,
  orderId: string,
  options: { examId?: string; unknownOrder: 'not-found' | 'wrong-owner'; log: PaymentLog },
): Promise<{ status: string; subscription: Subscription }> {
  const record = await findPaypalOrder(ctx.db, orderId);
  if (!record || record.userId !== userId || (options.examId && record.examId !== options.examId)) {
    if (options.unknownOrder === 'not-found') throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongOwner);
  }
  if (record.status === 'refunded' || record.status === 'refund_failed')
    throw new ConflictError(PAYMENT_MESSAGES.wasRefunded);
  if (record.paymentId) return { status: 'COMPLETED', subscription: await alreadyGranted(ctx, record) };

  const creds = await enabledPaypalCredentials(ctx);
  let order = await ctx.paypal.getOrder(creds, orderId).catch(providerFailure);
  checkOrderAgainstRecord(order, record);
  if (order.status !== 'COMPLETED') {
    // Nothing is taken for an exam that can no longer be sold.
    const exam = record.examId ? await findPublishedExam(ctx.db, record.examId) : undefined;
    if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
    order = await capture(ctx, creds, orderId);
  }
  const captured = completedCapture(order, record);
  const vault = order.payment_source?.paypal?.attributes?.vault;

  try {
    const subscription = await ctx.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      const locked = await findPaypalOrder(tx, orderId, true);
      if (locked?.paymentId) return undefined; // a parallel capture recorded it first
      const exam = locked?.examId ? await findExam(tx, locked.examId) : undefined;
      if (!locked || !exam?.isActive) throw new ExamWithdrawnError();
      // The payer PayPal saved for renewals (decision 0030); APPROVED ones arrive by webhook.
      if (vault?.status === 'VAULTED' && vault.id) {
        await savePaymentMethod(tx, {
          userId,
          vaultId: vault.id,
          customerId: vault.customer?.id ?? null,
          payerEmail: order.payment_source?.paypal?.email_address ?? null,
        });
      }
      const payment = await insertPayment(tx, {
        provider: 'paypal',
        orderId,
        captureId: captured.id,
        amountPence: locked.amountPence,
        currency: locked.currency,
        status: 'completed',
        kind: 'purchase',
        userId,
        examId: exam.id,
      });
      if (!payment) throw new ConflictError(PAYMENT_MESSAGES.paymentUsed);
      await markPaypalOrderCaptured(tx, orderId, payment.id);
      const renews =
        locked.autoRenew &&
        (vault?.status === 'VAULTED' ||
          vault?.status === 'APPROVED' ||
          (await findActivePaymentMethod(tx, userId)) !== undefined);
      const granted = await grantMonth(tx, {
        userId,
        examId: exam.id,
        isFree: false,
        autoRenew: renews,
        paymentId: payment.id,
      });
      await linkPaymentToSubscription(tx, payment.id, granted._id, new Date(granted.endDate));
      return granted;
    });
    return { status: order.status, subscription: subscription ?? (await alreadyGranted(ctx, record)) };
  } catch (error) {
    // Only a refusal is refunded; after an outage the learner's retry finds the order captured and grants.
    if (error instanceof ExamWithdrawnError)
      return refund(ctx, creds, record, captured.id, 'exam withdrawn before access was granted', options.log);
    throw error;
  }
}

/** The sandbox demo payment (spec §4: a 'manual-' id, status COMPLETED); nothing is charged. */
async function subscribeWithTestPayment(
  ctx: AppContext,
  actor: Actor,
  exam: PublicExamRow,
  paymentData: NonNullable<CreateSubscriptionBody['paymentData']>,
  autoRenew: boolean,
): Promise<Subscription> {
  if (!testPaymentsActive(await ctx.settings.get(), ctx.config.isProduction))
    throw new ForbiddenError(PAYMENT_MESSAGES.testPaymentRefused);
  if (paymentData.status !== 'COMPLETED') throw new BadRequestError(PAYMENT_MESSAGES.testPaymentIncomplete);
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, actor.id);
    // A second click while the first made the learner a subscriber answers as the first did.
    const current = await activeSubscription(tx, actor.id, exam.id);
    if (current) return current;
    const payment = await insertPayment(tx, {
      provider: 'sandbox',
      orderId: paymentData.paymentId,
      amountPence: exam.pricePence,
      currency: 'GBP',
      status: 'completed',
      kind: 'purchase',
      userId: actor.id,
      examId: exam.id,
    });
    if (!payment) throw new ConflictError(PAYMENT_MESSAGES.paymentUsed);
    // A test subscription renews with test payments while they are allowed (decision 0030).
    const granted = await grantMonth(tx, {
      userId: actor.id,
      examId: exam.id,
      isFree: false,
      autoRenew,
      paymentId: payment.id,
    });
    await linkPaymentToSubscription(tx, payment.id, granted._id, new Date(granted.endDate));
    return granted;
  });
}

/**
 * POST /api/subscriptions: a free exam is subscribed at once; a paid one needs the demo payment (sandbox)
 * or a PayPal order this server created for the learner, which is captured here if the browser has not
 * done so yet. Repeats while subscribed answer with the same subscription.
 */
export async function subscribe(
  ctx: AppContext,
  actor: Actor,
  body: CreateSubscriptionBody,
  log: PaymentLog,
): Promise<Subscription> {
  const exam = await findPublishedExam(ctx.db, body.examId);
  if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
  if (exam.pricePence === 0) return subscribeFree(ctx, actor, exam);
  const paymentData = body.paymentData;
  if (!paymentData) throw new BadRequestError(PAYMENT_MESSAGES.noPaymentData);
  if (paymentData.paymentId.startsWith('manual-'))
    return subscribeWithTestPayment(ctx, actor, exam, paymentData, body.autoRenew ?? false);
  const { subscription } = await captureAndSubscribe(ctx, actor.id, paymentData.paymentId, {
    examId: exam.id,
    unknownOrder: 'wrong-owner',
    log,
  });
  return subscription;
}

/**
 * The record of complimentary access an administrator gave (decision 0072), in the grant's transaction: a
 * completed payment of kind 'complimentary' for £0 by no provider, never charged and never refundable,
 * so the learner's receipts, the payments list and the accountant's export all show it with its reason.
 */
export async function recordComplimentaryAccess(
  tx: Executor,
  grant: { userId: string; examId: string; subscriptionId: string; until: Date; reason: string },
): Promise<void> {
  await insertPayment(tx, {
    provider: 'none',
    kind: 'complimentary',
    status: 'completed',
    amountPence: 0,
    currency: 'GBP',
    userId: grant.userId,
    examId: grant.examId,
    subscriptionId: grant.subscriptionId,
    periodEnd: grant.until,
    note: grant.reason,
  });
}
