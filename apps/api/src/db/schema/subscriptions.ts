import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { users } from './users.ts';

/**
 * Every payment taken, and every renewal charge that failed (decision 0030). Kept when the learner or exam
 * is deleted (accounting), detached from them; (provider, order_id) is unique so one PayPal order can never
 * pay twice, and `request_id` (the PayPal-Request-Id of a renewal charge) is unique so one charge attempt
 * is recorded once. A payment from the sandbox provider is a test: no money moved.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    /** 'none': complimentary access an administrator granted (decision 0072), no money moved */
    provider: text({ enum: ['paypal', 'sandbox', 'none'] }).notNull(),
    /** the PayPal order (or the demo payment's 'manual-…' id); none for a charge PayPal refused outright */
    orderId: text(),
    amountPence: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ['completed', 'failed', 'refunded'] }).notNull(),
    /** the first month bought at checkout, a month charged by auto-renew, or access given for free */
    kind: text({ enum: ['purchase', 'renewal', 'complimentary'] })
      .notNull()
      .default('purchase'),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
    subscriptionId: uuid().references((): AnyPgColumn => subscriptions.id, { onDelete: 'set null' }),
    /** PayPal's capture, which a refund refers to */
    captureId: text(),
    /** the idempotency key a renewal charge was sent with */
    requestId: text().unique(),
    /** the end of the access this payment bought */
    periodEnd: timestamp({ withTimezone: true }),
    failureReason: text(),
    refundedAt: timestamp({ withTimezone: true }),
    refundId: text(),
    refundReason: text(),
    /** why complimentary access was given (decision 0072) */
    note: text(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex().on(table.provider, table.orderId),
    index().on(table.userId, table.createdAt),
    index().on(table.createdAt),
    index().on(table.captureId),
  ],
);

/**
 * Every PayPal order this server created, with the price it was created at. A capture is accepted only
 * for an order recorded here for the same learner and exam and for the recorded amount, so an order made
 * elsewhere with the public client id (or tampered with) never grants access; anything captured and then
 * refused is refunded and the refund recorded here.
 */
export const paypalOrders = pgTable(
  'paypal_orders',
  {
    id: id(),
    orderId: text().notNull().unique(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
    amountPence: integer().notNull(),
    currency: text().notNull(),
    status: text({ enum: ['created', 'captured', 'refunded', 'refund_failed'] })
      .notNull()
      .default('created'),
    /** the learner asked for auto-renew: the order asks PayPal to save the payer for renewals */
    autoRenew: boolean().notNull().default(false),
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    refundId: text(),
    refundReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.userId)],
);

/** One row per learner and exam; renewing moves its dates forward. Active means end_date > now(). */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    examId: belongsTo(() => exams.id),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    autoRenew: boolean().notNull().default(false),
    isFree: boolean().notNull(),
    lastPaymentId: uuid().references((): AnyPgColumn => payments.id, { onDelete: 'set null' }),
    cancelledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex().on(table.userId, table.examId),
    index().on(table.userId, table.endDate),
    index().on(table.endDate),
    index().on(table.examId),
  ],
);
