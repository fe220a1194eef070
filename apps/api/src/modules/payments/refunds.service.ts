import type { AdminPayment } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadGatewayError, ConflictError, NotFoundError, ServiceUnavailableError } from '../../lib/errors.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { refundMail } from '../../lib/mail/templates.ts';
import { PaypalError } from '../../lib/paypal/client.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { endAccessBy, findSubscription } from '../subscriptions/subscriptions.service.ts';
import { findUserById } from '../users/users.service.ts';
import { findExam } from '../exams/exams.service.ts';
import { PAYMENT_MESSAGES } from './payments.messages.ts';
import {
  findPayment,
  markPaymentRefunded,
  markPaypalOrderRefund,
  pagePayments,
  type PaymentRow,
} from './payments.repository.ts';
import { cancelOpenRenewals } from './renewals.repository.ts';
import { toAdminPayment } from './payment-lists.service.ts';

/**
 * What a refund does to our records, whoever made it (an administrator here, or PayPal's side, told by
 * webhook): the payment is marked refunded once, and if it paid for the access the learner has now, that
 * access ends and auto-renew turns off (decision 0030). The learner is told. Returns whether access ended,
 * or undefined when the payment was refunded before (nothing changes twice).
 */
export async function applyRefund(
  ctx: AppContext,
  tx: Executor,
  payment: PaymentRow,
  refund: { refundId: string | null; reason: string; siteName: string },
): Promise<{ accessEnded: boolean } | undefined> {
  const now = ctx.clock.now();
  if (
    !(await markPaymentRefunded(tx, payment.id, {
      refundId: refund.refundId,
      reason: refund.reason,
      at: now,
    }))
  )
    return undefined;
  if (payment.provider === 'paypal' && payment.kind === 'purchase' && payment.orderId) {
    await markPaypalOrderRefund(tx, payment.orderId, {
      status: 'refunded',
      refundId: refund.refundId,
      reason: refund.reason,
    });
  }
  let accessEnded = false;
  const subscription = payment.subscriptionId
    ? await findSubscription(tx, payment.subscriptionId, true)
    : undefined;
  // The payment paid for the current period when that period ends when the payment's did (or earlier:
  // a grace period never outlasts it by more than the retries).
  if (
    subscription &&
    payment.periodEnd &&
    subscription.endDate > now &&
    subscription.endDate <= payment.periodEnd
  ) {
    await endAccessBy(tx, subscription.id, now);
    await cancelOpenRenewals(tx, { subscriptionIds: [subscription.id] }, now);
    accessEnded = true;
  }
  const learner = payment.userId ? await findUserById(tx, payment.userId) : undefined;
  if (learner) {
    const exam = payment.examId ? await findExam(tx, payment.examId) : undefined;
    await enqueueMail(
      tx,
      refundMail({
        to: learner.email,
        name: learner.name,
        siteName: refund.siteName,
        examTitle: exam?.title ?? 'your exam',
        examUrl: `${ctx.config.appUrl}/exams/${payment.examId ?? ''}`,
        amountPence: payment.amountPence,
        test: payment.provider === 'sandbox',
        accessEnded,
      }),
      learner.id,
    );
  }
  return { accessEnded };
}

/** The capture a PayPal payment was taken with (older checkout payments name only their order). */
async function captureOf(
  ctx: AppContext,
  payment: PaymentRow,
  credentials: Parameters<AppContext['paypal']['getOrder']>[0],
) {
  if (payment.captureId) return payment.captureId;
  if (!payment.orderId) return undefined;
  const order = await ctx.paypal.getOrder(credentials, payment.orderId);
  return order.purchase_units?.[0]?.payments?.captures?.[0]?.id;
}

/**
 * An administrator refunds a payment in full: through PayPal (request id `refund-payment-{id}`, so a
 * repeated click refunds once), or at once for a test payment; then the records (applyRefund) and the
 * activity log, in one transaction.
 */
export async function refundPayment(
  ctx: AppContext,
  actor: Actor,
  paymentId: string,
  reason: string,
): Promise<{ message: string; payment: AdminPayment }> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
  if (payment.status !== 'completed') throw new ConflictError(PAYMENT_MESSAGES.notRefundable(payment.status));
  let refundId: string | null = null;
  const settings = await ctx.settings.get();
  if (payment.provider === 'paypal') {
    const credentials = ctx.settings.paypalCredentials(settings);
    if (!credentials) throw new ServiceUnavailableError(PAYMENT_MESSAGES.unavailable);
    try {
      const captureId = await captureOf(ctx, payment, credentials);
      if (!captureId) throw new ConflictError(PAYMENT_MESSAGES.notRefundable('missing its PayPal capture'));
      refundId = (await ctx.paypal.refundCapture(credentials, captureId, `refund-payment-${payment.id}`)).id;
    } catch (error) {
      // Refunded already on PayPal's side (its webhook may not have come yet): record it.
      if (!(error instanceof PaypalError && error.issue === 'CAPTURE_FULLY_REFUNDED')) {
        if (error instanceof PaypalError)
          throw new BadGatewayError(PAYMENT_MESSAGES.refundRefused(error.message));
        throw error;
      }
    }
  }
  const outcome = await ctx.db.transaction(async (tx) => {
    const locked = await findPayment(tx, payment.id, true);
    if (!locked) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    const applied = await applyRefund(ctx, tx, locked, { refundId, reason, siteName: settings.siteName });
    if (applied) {
      await recordAudit(tx, actor, {
        action: 'refunded',
        entityType: 'payment',
        entityId: payment.id,
        details: {
          label: `£${(payment.amountPence / 100).toFixed(2)}`,
          amountPence: payment.amountPence,
          provider: payment.provider,
          reason,
          accessEnded: applied.accessEnded,
        },
      });
    }
    return applied;
  });
  const { rows } = await pagePayments(ctx.db, { paymentId: payment.id }, 1, 0);
  return {
    message:
      outcome?.accessEnded === false ? PAYMENT_MESSAGES.refundedKeptAccess : PAYMENT_MESSAGES.refundedByAdmin,
    payment: toAdminPayment(rows[0]!),
  };
}
