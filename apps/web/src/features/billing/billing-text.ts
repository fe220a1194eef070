import type { Payment } from '@mlp/contract';
import { formatPrice } from '../../lib/format.ts';

/** An amount in pence as the catalogue shows prices: '£4.99'. */
export function formatAmount(pence: number): string {
  return formatPrice(pence / 100);
}

const KIND_LABELS: Record<Payment['kind'], string> = {
  purchase: 'Purchase',
  renewal: 'Renewal',
  // access given by the team (decision 0072), £0
  complimentary: 'Complimentary access',
};

export function kindLabel(kind: Payment['kind']): string {
  return KIND_LABELS[kind];
}

export const STATUS_LABELS: Record<Payment['status'], string> = {
  completed: 'Completed',
  failed: 'Failed',
  refunded: 'Refunded',
};

/** Paid (or paid and refunded) payments have a receipt; a failed charge took nothing. */
export function hasReceipt(payment: Payment): boolean {
  return payment.status !== 'failed';
}

/** The exam a payment was for, or the spec's fallback once the exam has been deleted. */
export function examName(payment: Payment): string {
  return payment.examTitle || 'Unknown Exam';
}

/** Said on every receipt of a demo payment. */
export const TEST_PAYMENT_NOTE = 'Test payment — no money was taken.';
