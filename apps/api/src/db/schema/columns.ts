import { timestamp, uuid } from 'drizzle-orm/pg-core';
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
