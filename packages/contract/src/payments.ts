import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';
import { PAYMENTS_PAGE_SIZE } from './constants.ts';

/*
 * Payments and renewals (decision 0030): what a learner paid (receipts), what administrators see
 * and refund, the PayPal account saved for renewals, and PayPal's webhook.
 */

export const PAYMENT_STATUSES = ['completed', 'failed', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_KINDS = ['purchase', 'renewal', 'complimentary'] as const;

/** A payment as its learner sees it (a receipt), or a renewal charge that failed. */
export const PaymentSchema = z.object({
  _id: safeString(),
  /**
   * the first month bought at checkout, a month charged by auto-renew, or access an administrator gave
   * for free (£0, decision 0072)
   */
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** a demo payment: no money moved */
  test: z.boolean(),
  amountPence: z.number().int(),
  currency: safeString(),
  createdAt: safeString(),
  examId: safeString().nullable(),
  /** null once the exam has been deleted */
  examTitle: safeString().nullable(),
  /** PayPal's order id (or the demo payment's id); null for a charge PayPal refused outright */
  orderId: safeString().nullable(),
  /** the end of the access this payment bought */
  periodEnd: safeString().nullable(),
  /** why a renewal charge failed */
  failureReason: safeString().nullable(),
  refundedAt: safeString().nullable(),
});
export type Payment = z.infer<typeof PaymentSchema>;

export const PaymentsQuerySchema = pageQuery({ defaultLimit: PAYMENTS_PAGE_SIZE, maxLimit: 50 });
export const PaymentsResponseSchema = pagedResponse({
  payments: z.array(PaymentSchema),
  total: z.number().int(),
});
export type PaymentsResponse = z.infer<typeof PaymentsResponseSchema>;

/** A payment as administrators see it: who paid, PayPal's ids, and the refund. */
export const AdminPaymentSchema = PaymentSchema.extend({
  userId: safeString().nullable(),
  /** null once the learner's account has been deleted */
  userEmail: safeString().nullable(),
  userName: safeString().nullable(),
  /** 'none' for complimentary access */
  provider: z.enum(['paypal', 'sandbox', 'none']),
  captureId: safeString().nullable(),
  refundId: safeString().nullable(),
  refundReason: safeString().nullable(),
  /** a PayPal or test payment that has not been refunded */
  refundable: z.boolean(),
});
export type AdminPayment = z.infer<typeof AdminPaymentSchema>;

/** Test payments are the sandbox provider's (completed or refunded); the other statuses are stored. */
export const ADMIN_PAYMENT_FILTERS = ['completed', 'failed', 'refunded', 'test'] as const;

const dayTime = (name: string) =>
  safeString().pipe(
    z.iso.datetime({ offset: true, message: `${name} must be a date and time such as 2026-11-23T00:00:00Z` }),
  );

export const AdminPaymentsQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 })
  .extend({
    status: z.enum(ADMIN_PAYMENT_FILTERS, { message: 'Unknown status' }).optional(),
    kind: z.enum(PAYMENT_KINDS, { message: 'Unknown kind' }).optional(),
    userId: IdSchema.optional(),
    examId: IdSchema.optional(),
    search: safeString().trim().max(200, 'search is too long').optional(),
    from: dayTime('from').optional(),
    to: dayTime('to').optional(),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) < Date.parse(query.to), {
    message: 'The start of the date range must be before its end',
    path: ['from'],
  });
export type AdminPaymentsQuery = z.input<typeof AdminPaymentsQuerySchema>;

export const AdminPaymentsResponseSchema = pagedResponse({
  payments: z.array(AdminPaymentSchema),
  total: z.number().int(),
});
export type AdminPaymentsResponse = z.infer<typeof AdminPaymentsResponseSchema>;

export const RefundPaymentBodySchema = z.object({
  reason: safeString({ message: 'Please give a reason for the refund' })
    .trim()
    .min(1, 'Please give a reason for the refund')
    .max(500, 'The reason must be at most 500 characters'),
});
export type RefundPaymentBody = z.infer<typeof RefundPaymentBodySchema>;
export const RefundPaymentResponseSchema = z.object({ message: safeString(), payment: AdminPaymentSchema });

/** The PayPal account a learner saved for renewals (PayPal keeps the details; we show the address). */
export const PaymentMethodSchema = z.object({
  provider: z.literal('paypal'),
  payerEmail: safeString().nullable(),
  createdAt: safeString(),
});
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>;
export const PaymentMethodResponseSchema = z.object({ method: PaymentMethodSchema.nullable() });
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponseSchema>;

/** Saving PayPal for renewals without a purchase: PayPal's setup token, approved with the buttons. */
export const SetupTokenResponseSchema = z.object({ id: safeString() });
export const SavePaymentMethodBodySchema = z.object({
  setupTokenId: safeString({ message: 'setupTokenId is required' })
    .trim()
    .min(1, 'setupTokenId is required')
    .max(64, 'setupTokenId is too long')
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid setup token'),
});

/** PayPal's webhook event (only the fields we read; the rest is passed on to the verification as is). */
export const PaypalWebhookEventSchema = z
  .object({
    id: safeString().min(1).max(100),
    event_type: safeString().min(1).max(100),
    resource_type: safeString().max(100).optional(),
    resource: z.record(safeString(), z.unknown()).optional(),
  })
  .loose();
export const WebhookAckSchema = z.object({ received: z.literal(true) });

/** Browser tests only (TEST_HOOKS=true, refused in production): move the server's clock, run a job now. */
export const TestClockBodySchema = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 24 * 3600 * 1000),
});
export const TestClockResponseSchema = z.object({ now: safeString() });
export const TestJobParamsSchema = z.object({ name: safeString().regex(/^[a-z-]{1,40}$/, 'Unknown job') });
export const TestJobResponseSchema = z.object({ name: safeString(), result: z.unknown() });
