import type { PaymentSettings } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import {
  AppError,
  BadGatewayError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
  UnprocessableError,
} from '../../lib/errors.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { PaypalError, type PaypalCredentials, type PaypalOrder } from '../../lib/paypal/client.ts';
import { paypalCredentials } from '../settings/settings.admin.ts';
import type { PublicExamRow } from '../exams/exams.repository.ts';

export interface VerifiedPayment {
  provider: 'paypal' | 'sandbox';
  orderId: string;
  amountPence: number;
  currency: string;
  status: string;
}

export const PAYMENT_MESSAGES = {
  unavailable: 'PayPal payments are not available at the moment. Please try again later.',
  notFound: 'Payment not found',
  notCompleted: 'This payment has not been completed.',
  wrongAmount: 'This payment does not match the price of the exam.',
  wrongCurrency: 'This payment was not made in pounds sterling (GBP).',
  wrongOwner: 'This payment was not made for this exam by this account.',
  declined: 'Your payment was declined by PayPal. Please try another payment method.',
  providerError: 'PayPal could not process the request. Please try again.',
  free: 'This exam is free; no payment is needed.',
} as const;

export async function paymentSettings(ctx: AppContext): Promise<PaymentSettings> {
  const row = await ctx.settings.get();
  const ready = row.paypalEnabled && paypalCredentials(ctx, row) !== undefined;
  return {
    clientId: ready ? row.paypalClientId : '',
    mode: row.paypalMode,
    sandbox: row.paypalMode === 'sandbox',
    enabled: ready,
  };
}

async function credentials(ctx: AppContext): Promise<PaypalCredentials> {
  const row = await ctx.settings.get();
  const creds = row.paypalEnabled ? paypalCredentials(ctx, row) : undefined;
  if (!creds) throw new ServiceUnavailableError(PAYMENT_MESSAGES.unavailable);
  return creds;
}

function providerFailure(error: unknown): never {
  if (error instanceof AppError) throw error;
  if (error instanceof PaypalError) {
    if (error.status === 404) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
    if (error.issue === 'INSTRUMENT_DECLINED') throw new UnprocessableError(PAYMENT_MESSAGES.declined);
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
 * Accepts a PayPal order only if PayPal itself says it is COMPLETED, in GBP, for this exam's current
 * price, and made by this learner for this exam. Never trusts anything the browser says about it.
 */
export function checkOrder(order: PaypalOrder, userId: string, exam: PublicExamRow): VerifiedPayment {
  const unit = order.purchase_units?.[0];
  if (
    !unit ||
    unit.custom_id !== purchaseKey(userId, exam.id) ||
    (unit.reference_id !== undefined && unit.reference_id !== exam.id)
  ) {
    throw new UnprocessableError(PAYMENT_MESSAGES.wrongOwner);
  }
  const capture = unit.payments?.captures?.[0];
  if (order.status !== 'COMPLETED' || (capture && capture.status !== 'COMPLETED')) {
    throw new UnprocessableError(PAYMENT_MESSAGES.notCompleted);
  }
  const amount = capture?.amount ?? unit.amount;
  if (!amount || amount.currency_code !== 'GBP') throw new UnprocessableError(PAYMENT_MESSAGES.wrongCurrency);
  if (amount.value !== pounds(exam.pricePence)) throw new UnprocessableError(PAYMENT_MESSAGES.wrongAmount);
  return {
    provider: 'paypal',
    orderId: order.id,
    amountPence: exam.pricePence,
    currency: 'GBP',
    status: 'COMPLETED',
  };
}

export async function verifyPaypalPayment(
  ctx: AppContext,
  userId: string,
  exam: PublicExamRow,
  orderId: string,
): Promise<VerifiedPayment> {
  const creds = await credentials(ctx);
  const order = await ctx.paypal.getOrder(creds, orderId).catch(providerFailure);
  return checkOrder(order, userId, exam);
}

export async function createOrder(
  ctx: AppContext,
  userId: string,
  exam: PublicExamRow,
  alreadyActive: boolean,
) {
  if (exam.pricePence === 0) throw new ConflictError(PAYMENT_MESSAGES.free);
  if (alreadyActive) throw new ConflictError('You already have an active subscription to this exam.');
  const creds = await credentials(ctx);
  const order = await ctx.paypal
    .createOrder(
      creds,
      {
        amount: { currency_code: 'GBP', value: pounds(exam.pricePence) },
        referenceId: exam.id,
        customId: purchaseKey(userId, exam.id),
        description: `${exam.title}: one month`,
      },
      uuidv7(),
    )
    .catch(providerFailure);
  return { id: order.id, status: order.status };
}

/** Captures an approved order of this learner's (another learner's is a 404), then verifies it. */
export async function captureOrder(
  ctx: AppContext,
  userId: string,
  orderId: string,
  findExam: (examId: string) => Promise<PublicExamRow | undefined>,
) {
  const creds = await credentials(ctx);
  const order = await ctx.paypal.getOrder(creds, orderId).catch(providerFailure);
  const unit = order.purchase_units?.[0];
  const [ownerId, examId] = (unit?.custom_id ?? '').split(':');
  if (ownerId !== userId || !examId) throw new NotFoundError(PAYMENT_MESSAGES.notFound);
  const exam = await findExam(examId);
  if (!exam) throw new NotFoundError('Exam not found');
  // A fixed PayPal-Request-Id makes a retried capture return the first capture's result.
  const captured =
    order.status === 'COMPLETED'
      ? order
      : await ctx.paypal.captureOrder(creds, orderId, `capture-${orderId}`).catch(providerFailure);
  return { exam, payment: checkOrder(captured, userId, exam), status: captured.status };
}
