import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { likePattern } from '../../lib/paging.ts';
import { exams, payments, paypalOrders, users } from '../../db/schema/index.ts';

/** The only writer of `payments` and `paypal_orders` (decisions 0019, 0030). */

export type PaymentRow = typeof payments.$inferSelect;
export type PaypalOrderRow = typeof paypalOrders.$inferSelect;
export type PaymentProvider = PaymentRow['provider'];
export type PaymentStatus = PaymentRow['status'];
export type NewPayment = Omit<typeof payments.$inferInsert, 'id' | 'createdAt'> & {
  userId: string;
  examId: string;
};

/**
 * Records a payment; undefined when this provider order (or this renewal charge's request id) was
 * recorded before (a replay).
 */
export async function insertPayment(db: Executor, values: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db.insert(payments).values(values).onConflictDoNothing().returning();
  return row;
}

/** Ties a checkout payment to the subscription it bought and the end of the access it bought. */
export async function linkPaymentToSubscription(
  db: Executor,
  paymentId: string,
  subscriptionId: string,
  periodEnd: Date,
): Promise<void> {
  await db.update(payments).set({ subscriptionId, periodEnd }).where(eq(payments.id, paymentId));
}

/** Who took a payment (paypal or the sandbox demo), or null without one. */
export async function paymentProvider(db: Executor, id: string | null): Promise<PaymentProvider | null> {
  if (!id) return null;
  const [row] = await db
    .select({ provider: payments.provider })
    .from(payments)
    .where(eq(payments.id, id))
    .limit(1);
  return row?.provider ?? null;
}

/** The subscription a payment paid for. */
export async function paymentSubscription(db: Executor, paymentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ subscriptionId: payments.subscriptionId })
    .from(payments)
    .where(eq(payments.id, paymentId))
    .limit(1);
  return row?.subscriptionId ?? undefined;
}

export async function findPayment(db: Executor, id: string, lock = false): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.id, id)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The payment a PayPal capture belongs to (refunds and reversals name the capture). */
export async function findPaymentByCapture(
  db: Executor,
  captureId: string,
  lock = false,
): Promise<PaymentRow | undefined> {
  const query = db.select().from(payments).where(eq(payments.captureId, captureId)).limit(1);
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** Marks a payment refunded (once: a second refund of it changes nothing). */
export async function markPaymentRefunded(
  db: Executor,
  id: string,
  refund: { refundId: string | null; reason: string; at: Date },
): Promise<boolean> {
  const updated = await db
    .update(payments)
    .set({
      status: 'refunded',
      refundId: refund.refundId,
      refundReason: refund.reason,
      refundedAt: refund.at,
    })
    .where(and(eq(payments.id, id), eq(payments.status, 'completed')))
    .returning({ id: payments.id });
  return updated.length > 0;
}

/** Remembers a PayPal order this server created, with the price it was created at. */
export async function insertPaypalOrder(
  db: Executor,
  values: {
    orderId: string;
    userId: string;
    examId: string;
    amountPence: number;
    currency: string;
    autoRenew: boolean;
  },
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

/** A payment with who paid and for what, as lists show it. */
export interface PaymentListRow extends PaymentRow {
  userEmail: string | null;
  userName: string | null;
  examTitle: string | null;
}

export interface PaymentFilters {
  paymentId?: string | undefined;
  /** completed, failed, refunded, or test (a completed or refunded payment of the sandbox provider) */
  status?: PaymentStatus | 'test' | undefined;
  kind?: PaymentRow['kind'] | undefined;
  userId?: string | undefined;
  examId?: string | undefined;
  /** part of the learner's e-mail or name, the exam's title, or a PayPal order or capture id */
  search?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function filterConditions(filters: PaymentFilters): SQL | undefined {
  const conditions: Array<SQL | undefined> = [];
  if (filters.paymentId) conditions.push(eq(payments.id, filters.paymentId));
  if (filters.status === 'test') conditions.push(eq(payments.provider, 'sandbox'));
  else if (filters.status) conditions.push(eq(payments.status, filters.status));
  if (filters.kind) conditions.push(eq(payments.kind, filters.kind));
  if (filters.userId) conditions.push(eq(payments.userId, filters.userId));
  if (filters.examId) conditions.push(eq(payments.examId, filters.examId));
  if (filters.from) conditions.push(sql`${payments.createdAt} >= ${filters.from}`);
  if (filters.to) conditions.push(sql`${payments.createdAt} < ${filters.to}`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(exams.title, pattern),
        eq(payments.orderId, filters.search),
        eq(payments.captureId, filters.search),
      ),
    );
  }
  return and(...conditions);
}

/** Payments newest first, with a total, for the administrators' payments page and a learner's own list. */
export async function pagePayments(
  db: Executor,
  filters: PaymentFilters,
  limit: number,
  offset: number,
): Promise<{ rows: PaymentListRow[]; total: number }> {
  const where = filterConditions(filters);
  const [rows, totals] = await Promise.all([
    db
      .select({ payment: payments, userEmail: users.email, userName: users.name, examTitle: exams.title })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(exams, eq(exams.id, payments.examId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(payments)
      .leftJoin(users, eq(users.id, payments.userId))
      .leftJoin(exams, eq(exams.id, payments.examId))
      .where(where),
  ]);
  return {
    rows: rows.map((row) => ({
      ...row.payment,
      userEmail: row.userEmail,
      userName: row.userName,
      examTitle: row.examTitle,
    })),
    total: totals[0]?.value ?? 0,
  };
}
