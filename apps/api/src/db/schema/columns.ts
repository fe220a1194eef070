import { timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { uuidv7 } from '../../lib/ids.ts';

/** Primary key: a UUIDv7 made by the application (sortable by creation time). */
export const id = () =>
  uuid()
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

/** A required reference to the row this one belongs to: deleting that row deletes this one. */
export const belongsTo = (column: () => AnyPgColumn) =>
  uuid().notNull().references(column, { onDelete: 'cascade' });
