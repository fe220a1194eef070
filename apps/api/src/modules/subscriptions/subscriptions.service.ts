import { pageCount } from '../../lib/paging.ts';
import type {
  CreateSubscriptionBody,
  Subscription,
  SubscriptionStatus,
  SubscriptionsResponse,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { SessionRecord } from '../users/sessions.repository.ts';
import { lockUser } from '../users/users.repository.ts';
import { findPublishedExam, type PublicExamRow } from '../exams/exams.repository.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.routes.ts';
import { verifyPaypalPayment, type VerifiedPayment } from '../payments/payments.service.ts';
import {
  cancelSubscription,
  findOwnSubscriptionById,
  findPayment,
  findSubscriptionForUpdate,
  findSubscriptionView,
  insertPayment,
  pageSubscriptions,
  setAutoRenew,
  upsertSubscriptionForMonth,
  type SubscriptionView,
} from './subscriptions.repository.ts';

export const SUBSCRIPTION_MESSAGES = {
  subscribed: 'Successfully subscribed to the exam!',
  alreadyActive: 'You already have an active subscription to this exam.',
  noPaymentData: 'Payment processing error: No payment data received',
  paymentUsed: 'This payment has already been used.',
  testPaymentRefused: 'Test payments are not accepted while payments are in production mode.',
  testPaymentIncomplete: 'The test payment was not completed.',
  notFound: 'Subscription not found',
  autoRenewUpdated: 'Auto-renewal updated successfully',
  cancelled: 'Your subscription has been cancelled. You keep access until it ends.',
} as const;

export function toSubscription(view: SubscriptionView): Subscription {
  return {
    _id: view.id,
    examId: view.examId,
    exam:
      view.examTitle === null
        ? null
        : { _id: view.examId, title: view.examTitle, description: view.examDescription ?? '' },
    autoRenew: view.autoRenew,
    isFree: view.isFree,
    startDate: view.startDate.toISOString(),
    endDate: view.endDate.toISOString(),
    isActive: Boolean(view.isActive),
    paymentData: view.paymentOrderId
      ? { paymentId: view.paymentOrderId, status: view.paymentStatus ?? 'COMPLETED' }
      : null,
  };
}

async function view(db: Executor, userId: string, examId: string): Promise<Subscription> {
  const row = await findSubscriptionView(db, userId, examId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  return toSubscription(row);
}

export async function list(
  ctx: AppContext,
  session: SessionRecord,
  page: number,
  limit: number,
): Promise<SubscriptionsResponse> {
  const { rows, total, activeCount } = await pageSubscriptions(
    ctx.db,
    session.userId,
    limit,
    (page - 1) * limit,
  );
  return {
    subscriptions: rows.map(toSubscription),
    page,
    pages: pageCount(total, limit),
    total,
    activeCount,
  };
}

export async function status(
  ctx: AppContext,
  session: SessionRecord,
  examId: string,
): Promise<SubscriptionStatus> {
  const row = await findSubscriptionView(ctx.db, session.userId, examId);
  return { isActive: Boolean(row?.isActive), subscription: row ? toSubscription(row) : null };
}

/**
 * Records a verified payment and grants a month, in one transaction. The (provider, order) pair is
 * unique: the same payment arriving again for the same subscription returns it (a retried request);
 * for anything else it is refused, so a payment never grants twice.
 */
export async function grantPaidSubscription(
  ctx: AppContext,
  userId: string,
  exam: PublicExamRow,
  payment: VerifiedPayment,
): Promise<Subscription> {
  return ctx.db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const existing = await findSubscriptionForUpdate(tx, userId, exam.id);
    const recorded = await findPayment(tx, payment.provider, payment.orderId);
    if (recorded) {
      if (existing && existing.lastPaymentId === recorded.id && recorded.userId === userId)
        return view(tx, userId, exam.id);
      throw new ConflictError(SUBSCRIPTION_MESSAGES.paymentUsed);
    }
    if (existing && existing.endDate > new Date())
      throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadyActive);
    const inserted = await insertPayment(tx, { ...payment, userId, examId: exam.id });
    if (!inserted) throw new ConflictError(SUBSCRIPTION_MESSAGES.paymentUsed);
    await upsertSubscriptionForMonth(tx, {
      userId,
      examId: exam.id,
      isFree: false,
      autoRenew: false,
      paymentId: inserted.id,
    });
    return view(tx, userId, exam.id);
  });
}

export async function subscribe(
  ctx: AppContext,
  session: SessionRecord,
  body: CreateSubscriptionBody,
): Promise<Subscription> {
  const exam = await findPublishedExam(ctx.db, body.examId);
  if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);

  if (exam.pricePence === 0) {
    // Spec §4: a free subscribe is isFree true, autoRenew false.
    return ctx.db.transaction(async (tx) => {
      await lockUser(tx, session.userId);
      const existing = await findSubscriptionForUpdate(tx, session.userId, exam.id);
      if (existing && existing.endDate > new Date())
        throw new ConflictError(SUBSCRIPTION_MESSAGES.alreadyActive);
      await upsertSubscriptionForMonth(tx, {
        userId: session.userId,
        examId: exam.id,
        isFree: true,
        autoRenew: false,
        paymentId: null,
      });
      return view(tx, session.userId, exam.id);
    });
  }

  const paymentData = body.paymentData;
  if (!paymentData) throw new BadRequestError(SUBSCRIPTION_MESSAGES.noPaymentData);
  if (paymentData.paymentId.startsWith('manual-')) {
    // The sandbox demo payment (spec §4): only while the payment mode is sandbox.
    const settings = await ctx.settings.get();
    if (settings.paypalMode !== 'sandbox') throw new ForbiddenError(SUBSCRIPTION_MESSAGES.testPaymentRefused);
    if (paymentData.status !== 'COMPLETED')
      throw new BadRequestError(SUBSCRIPTION_MESSAGES.testPaymentIncomplete);
    return grantPaidSubscription(ctx, session.userId, exam, {
      provider: 'sandbox',
      orderId: paymentData.paymentId,
      amountPence: exam.pricePence,
      currency: 'GBP',
      status: 'COMPLETED',
    });
  }
  const verified = await verifyPaypalPayment(ctx, session.userId, exam, paymentData.paymentId);
  return grantPaidSubscription(ctx, session.userId, exam, verified);
}

export async function updateAutoRenew(
  ctx: AppContext,
  session: SessionRecord,
  examId: string,
  autoRenew: boolean,
): Promise<Subscription> {
  const row = await findSubscriptionView(ctx.db, session.userId, examId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  await setAutoRenew(ctx.db, row.id, autoRenew);
  return view(ctx.db, session.userId, examId);
}

export async function cancel(
  ctx: AppContext,
  session: SessionRecord,
  subscriptionId: string,
): Promise<Subscription> {
  const row = await findOwnSubscriptionById(ctx.db, session.userId, subscriptionId);
  if (!row) throw new NotFoundError(SUBSCRIPTION_MESSAGES.notFound);
  await cancelSubscription(ctx.db, row.id);
  return view(ctx.db, session.userId, row.examId);
}
