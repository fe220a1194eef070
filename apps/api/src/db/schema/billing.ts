import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { payments, subscriptions } from './subscriptions.ts';
import { users } from './users.ts';

/**
 * A learner's PayPal account saved in PayPal's vault for renewals (decision 0030): PayPal keeps the
 * payer's details, we keep only the vault id, PayPal's customer id and the address to show. One per
 * learner; a new approval replaces it. `revoked` once the learner or PayPal removed it.
 */
export const paymentMethods = pgTable('payment_methods', {
  id: id(),
  userId: uuid()
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text({ enum: ['paypal'] })
    .notNull()
    .default('paypal'),
  vaultId: text().notNull().unique(),
  customerId: text(),
  payerEmail: text(),
  status: text({ enum: ['active', 'revoked'] })
    .notNull()
    .default('active'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * PayPal setup tokens this server created for a learner (saving PayPal for renewals without a purchase),
 * so a token is exchanged only by the learner it was made for, and only once.
 */
export const paypalSetupTokens = pgTable('paypal_setup_tokens', {
  tokenId: text().primaryKey(),
  userId: belongsTo(() => users.id),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * One row per renewal of a paid subscription: one subscription period (`period_end`, the end date it
 * renews) has at most one, so a month is never charged twice (decision 0030). Created when the reminder
 * goes out; claimed by one job runner at a time (`charging`, with a lease); every charge attempt carries
 * `request_id` as its PayPal-Request-Id, so a charge whose outcome was lost is asked again, never repeated.
 */
export const subscriptionRenewals = pgTable(
  'subscription_renewals',
  {
    id: id(),
    subscriptionId: belongsTo(() => subscriptions.id),
    userId: belongsTo(() => users.id),
    examId: belongsTo(() => exams.id),
    periodEnd: timestamp({ withTimezone: true }).notNull(),
    /** the price announced in the reminder; the charge is this or the exam's price then, if lower */
    amountPence: integer().notNull(),
    currency: text().notNull().default('GBP'),
    status: text({
      enum: ['scheduled', 'charging', 'retrying', 'completed', 'failed', 'cancelled', 'review'],
    })
      .notNull()
      .default('scheduled'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    requestId: text(),
    paypalOrderId: text(),
    paymentId: uuid().references(() => payments.id, { onDelete: 'set null' }),
    lastError: text(),
    remindedAt: timestamp({ withTimezone: true }),
    finishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex().on(table.subscriptionId, table.periodEnd),
    index().on(table.status, table.nextAttemptAt),
    index().on(table.userId),
  ],
);

/** PayPal webhook events already handled (by PayPal's event id), so a replayed event changes nothing. */
export const webhookEvents = pgTable('webhook_events', {
  eventId: text().primaryKey(),
  provider: text({ enum: ['paypal'] })
    .notNull()
    .default('paypal'),
  eventType: text().notNull(),
  resourceId: text(),
  outcome: text().notNull(),
  receivedAt: createdAt(),
});
