import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { payments, paypalOrders } from '../../db/schema/index.ts';

/** The only writer of `payments` and `paypal_orders` (decision 0019). */

export type PaymentRow = typeof payments.$inferSelect;
export type PaypalOrderRow = typeof paypalOrders.$inferSelect;
export type PaymentProvider = PaymentRow['provider'];

/** Records a payment; undefined when this provider order was recorded before (replay). */
export async function insertPayment(
  db: Executor,
  values: {
    provider: PaymentProvider;
    orderId: string;
    amountPence: number;
    currency: string;
    status: string;
    userId: string;
    examId: string;
  },
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: [payments.provider, payments.orderId] })
    .returning();
  return row;
}

/** Remembers a PayPal order this server created, with the price it was created at. */
export async function insertPaypalOrder(
  db: Executor,
  values: { orderId: string; userId: string; examId: string; amountPence: number; currency: string },
): Promise<void> {
  await db.insert(paypalOrders).values(values).onConflictDoNothing({ target: paypalOrders.orderId });
}

export async function findPaypalOrder(
  db: Executor,
  orderId: string,
  lock = false,
): Promise<PaypalOrderRow | undefined> {
  const query = db.select().from(paypalOrders).where(eq(paypalOrders.orderId, orderId)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The order paid for `paymentId` (called in the transaction that records the payment). */
export async function markPaypalOrderCaptured(
  db: Executor,
  orderId: string,
  paymentId: string,
): Promise<void> {
  await db
    .update(paypalOrders)
    .set({ status: 'captured', paymentId, updatedAt: sql`now()` })
    .where(eq(paypalOrders.orderId, orderId));
}

/** Records the outcome of refunding a captured order that could not be honoured. */
export async function markPaypalOrderRefund(
  db: Executor,
  orderId: string,
  outcome: { status: 'refunded' | 'refund_failed'; refundId: string | null; reason: string },
): Promise<void> {
  await db
    .update(paypalOrders)
    .set({
      status: outcome.status,
      refundId: outcome.refundId,
      refundReason: outcome.reason,
      updatedAt: sql`now()`,
    })
    .where(eq(paypalOrders.orderId, orderId));
}
