import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const exams = pgTable(
  'exams',
  {
    id: id(),
    title: text().notNull(),
    description: text().notNull().default(''),
    category: text().notNull(),
    /** monthly price in integer pence; 0 = free (CONVENTIONS.md: money is integer pence) */
    pricePence: integer().notNull().default(0),
    numberOfQuestions: integer().notNull(),
    /** true = Published, false = Draft */
    isActive: boolean().notNull().default(false),
    tags: jsonb().$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.isActive, table.createdAt),
    check('exams_price_non_negative', sql`${table.pricePence} >= 0`),
    check('exams_question_count_positive', sql`${table.numberOfQuestions} >= 1`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    question: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    /** zero-based index into options */
    correctAnswer: integer().notNull(),
    explanation: text().notNull().default(''),
    isAiGenerated: boolean().notNull().default(false),
    /** hand-written questions are approved; AI drafts start pending */
    approvalStatus: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    rejectionReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index().on(table.examId, table.approvalStatus)],
);
