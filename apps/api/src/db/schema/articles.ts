import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const ARTICLE_CATEGORIES = ['medical', 'education', 'exam-prep', 'career', 'research'] as const;

export const articles = pgTable(
  'articles',
  {
    id: id(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    /** sanitised HTML (sanitised again in the browser before rendering) */
    content: text().notNull(),
    /** plain text of the start of the content, made on write (list previews without parsing HTML per request) */
    preview: text().notNull().default(''),
    category: text({ enum: ARTICLE_CATEGORIES }).notNull(),
    status: text({ enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.status, table.createdAt)],
);
