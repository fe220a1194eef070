import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';

export const users = pgTable('users', {
  id: id(),
  name: text().notNull(),
  /** stored trimmed and lower-cased; unique */
  email: text().notNull().unique(),
  passwordHash: text().notNull(),
  emailVerifiedAt: timestamp({ withTimezone: true }),
  /** an administrator suspended the account (decision 0041): it cannot log in, its sessions are ended */
  suspendedAt: timestamp({ withTimezone: true }),
  /**
   * the account was erased (decision 0069): the row stays as an anonymous shell (placeholder name and
   * address, no password) so the exam statistics its results feed still count them
   */
  erasedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Single-use tokens for the e-mailed links. Only the SHA-256 of the token is kept. */
export const userTokens = pgTable(
  'user_tokens',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    /** 'change_email': a new address an administrator entered, confirmed from that address (decision 0072) */
    purpose: text({ enum: ['verify_email', 'reset_password', 'change_email'] }).notNull(),
    /** the address a 'change_email' link confirms */
    newEmail: text(),
    tokenHash: text().notNull().unique(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.userId, table.purpose)],
);

/** A browser a learner has logged in from (spec: at most 3 per account). */
export const devices = pgTable(
  'devices',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    /** the random id the browser generated once and keeps */
    deviceKey: text().notNull(),
    deviceName: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.userId, table.deviceKey)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    deviceId: belongsTo(() => devices.id),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** slides forward on use: 30 days of disuse ends the session */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index().on(table.userId),
    index()
      .on(table.deviceId)
      .where(sql`${table.revokedAt} is null`),
  ],
);
