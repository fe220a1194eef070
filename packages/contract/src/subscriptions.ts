import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';
import { SUBSCRIPTION_PAGE_SIZE } from './constants.ts';

export const PaymentDataSchema = z.object({
  /** a PayPal order id, or `manual-…` for the sandbox demo payment */
  paymentId: safeString({ message: 'Payment processing error: No payment data received' })
    .trim()
    .min(1, 'Payment processing error: No payment data received')
    .max(100, 'Payment id is too long'),
  status: safeString().max(40).optional(),
});
export type PaymentData = z.infer<typeof PaymentDataSchema>;

export const SubscriptionSchema = z.object({
  _id: safeString(),
  examId: safeString(),
  exam: z
    .object({
      _id: safeString(),
      title: safeString(),
      description: safeString(),
      /** published, so a subscriber can open and start it (decision 0016) */
      available: z.boolean(),
    })
    .nullable(),
  autoRenew: z.boolean(),
  isFree: z.boolean(),
  startDate: safeString(),
  endDate: safeString(),
  isActive: z.boolean(),
  /** when the learner cancelled: access continues until endDate, nothing renews (decision 0017) */
  cancelledAt: safeString().nullable(),
  paymentData: z.object({ paymentId: safeString(), status: safeString() }).nullable(),
  /**
   * The next renewal while auto-renew is on (decision 0030): when and for how much (0 for a free exam).
   * `scheduled`: it renews on `date`; `retrying`: a charge failed and is tried again on `date`;
   * `processing`: being charged now; `review`: held for an administrator to check with PayPal.
   */
  renewal: z
    .object({
      date: safeString(),
      amountPence: z.number().int(),
      state: z.enum(['scheduled', 'retrying', 'processing', 'review']),
      /** why the last charge failed (retrying) */
      lastError: safeString().nullable(),
    })
    .nullable(),
});
export type Subscription = z.infer<typeof SubscriptionSchema>;

export const SubscriptionsQuerySchema = pageQuery({ defaultLimit: SUBSCRIPTION_PAGE_SIZE, maxLimit: 50 });

export const SubscriptionsResponseSchema = pagedResponse({
  subscriptions: z.array(SubscriptionSchema),
  total: z.number().int(),
  /** active subscriptions of the learner across all pages (the dashboard's 'View All Subscriptions (N)') */
  activeCount: z.number().int(),
});
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponseSchema>;

export const SubscriptionStatusSchema = z.object({
  isActive: z.boolean(),
  subscription: SubscriptionSchema.nullable(),
});
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

export const CreateSubscriptionBodySchema = z.object({
  examId: IdSchema,
  autoRenew: z.boolean().optional(),
  isFree: z.boolean().optional(),
  paymentData: PaymentDataSchema.optional(),
});
export type CreateSubscriptionBody = z.infer<typeof CreateSubscriptionBodySchema>;

export const SubscriptionResponseSchema = z.object({
  message: safeString(),
  subscription: SubscriptionSchema,
});
export type SubscriptionResponse = z.infer<typeof SubscriptionResponseSchema>;

export const AutoRenewBodySchema = z.object({
  autoRenew: z.boolean({ message: 'autoRenew must be true or false' }),
});
export const ExamIdParamsSchema = z.object({ examId: IdSchema });
export const SubscriptionIdParamsSchema = z.object({ subscriptionId: IdSchema });

export const PaymentSettingsSchema = z.object({
  clientId: safeString(),
  mode: z.enum(['sandbox', 'production']),
  sandbox: z.boolean(),
  /** PayPal checkout is configured and switched on */
  enabled: z.boolean(),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

export const CreatePaypalOrderBodySchema = z.object({
  examId: IdSchema,
  /** renew every month with this PayPal account (PayPal saves the payer for renewals); default false */
  autoRenew: z.boolean().optional(),
});
export const PaypalOrderResponseSchema = z.object({ id: safeString(), status: safeString() });
export const PaypalOrderParamsSchema = z.object({
  orderId: safeString()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9-]+$/, 'Invalid order id'),
});
export const PaypalCaptureResponseSchema = z.object({
  id: safeString(),
  status: safeString(),
  subscription: SubscriptionSchema,
});
