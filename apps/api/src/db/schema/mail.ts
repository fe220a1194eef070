import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { createdAt, id } from './columns.ts';

/**
 * Mail waits here, written in the same transaction as the change that causes it; a worker delivers it
 * (ARCHITECTURE.md: mail is never lost to an SMTP outage).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    toAddress: text().notNull(),
    /** the learner the mail is for, if any: their queued mail goes when the account is deleted */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text().notNull(),
    status: text({ enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.status, table.nextAttemptAt),
    index().on(table.userId),
    // The operators' backlog and oldest-age gauges (decision 0070): both read only this small index.
    index('mail_outbox_pending_created_at_index')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);
