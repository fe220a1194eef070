import type { AdminPayment, PaymentStatus } from '@mlp/contract';
import { formatPence } from '../../lib/format.ts';
import type { PaymentKindFilter, PaymentStatusFilter } from './api/payment-keys.ts';

/* How the payments page words a payment: its status, its kind, its amount and its PayPal ids. */

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

export const KIND_LABELS: Record<PaymentKindFilter, string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  complimentary: 'Complimentary',
};

/** The 'Status' filter: the stored statuses, and 'Test' for the demo payments (completed or refunded). */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: PaymentStatusFilter; label: string }> = [
  { value: 'completed', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
  { value: 'refunded', label: 'Refunded' },
  { value: 'test', label: 'Test' },
];

export const KIND_FILTER_OPTIONS: ReadonlyArray<{ value: PaymentKindFilter; label: string }> = [
  { value: 'purchase', label: 'Purchase' },
  { value: 'renewal', label: 'Renewal' },
  { value: 'complimentary', label: 'Complimentary' },
];

/** The amount as prices read ('£9.99'); a currency other than pounds is named after it. */
export function paymentAmount(payment: Pick<AdminPayment, 'amountPence' | 'currency'>): string {
  const amount = formatPence(payment.amountPence);
  return payment.currency === 'GBP' ? amount : `${amount} ${payment.currency}`;
}

/** Who paid, for texts: the learner's e-mail, or what is left of a deleted account. */
export function payerName(payment: Pick<AdminPayment, 'userEmail' | 'userName'>): string {
  return payment.userEmail ?? payment.userName ?? 'a deleted account';
}

/** PayPal's ids of a payment (the demo payment's own id as its order), labelled, in the order they came. */
export function paypalIds(
  payment: Pick<AdminPayment, 'orderId' | 'captureId' | 'refundId'>,
): Array<{ label: string; id: string }> {
  return [
    { label: 'Order', id: payment.orderId },
    { label: 'Capture', id: payment.captureId },
    { label: 'Refund', id: payment.refundId },
  ].filter((entry): entry is { label: string; id: string } => Boolean(entry.id));
}

export const REFUND_WARNING =
  "The full amount goes back to the learner's PayPal account (test payments: nothing moves), and the access this payment paid for ends at once.";
