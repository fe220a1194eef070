import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { users } from './users.ts';

/**
 * Every payment ever accepted. Kept when the learner or exam is deleted (accounting), detached from
 * them; (provider, order_id) is unique so one PayPal order can never pay twice.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    provider: text({ enum: ['paypal', 'sandbox'] }).notNull(),
    orderId: text().notNull(),
    amountPence: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.provider, table.orderId), index().on(table.userId)],
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
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    startDate: timestamp({ withTimezone: true }).notNull(),
    endDate: timestamp({ withTimezone: true }).notNull(),
    autoRenew: boolean().notNull().default(false),
    isFree: boolean().notNull(),
    lastPaymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
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
