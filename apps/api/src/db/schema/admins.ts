import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AdminRole } from '@mlp/contract';
import { belongsTo, createdAt, id } from './columns.ts';

export const admins = pgTable(
  'admins',
  {
    id: id(),
    email: text().notNull().unique(),
    name: text().notNull(),
    /** decision 0067: owner, editor, support, finance or tutor (0079; checked by the table's constraint) */
    role: text().$type<AdminRole>().notNull().default('editor'),
    passwordHash: text().notNull(),
    createdAt: createdAt(),
    lastLoginAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check('admins_role_known', sql`${table.role} in ('owner', 'editor', 'support', 'finance', 'tutor')`),
  ],
);

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    adminId: belongsTo(() => admins.id),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.adminId)],
);

/** Who changed what, and when. The e-mail is copied so entries stay readable after an admin is deleted. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    adminEmail: text().notNull(),
    action: text().notNull(),
    entityType: text().notNull(),
    entityId: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.createdAt)],
);
