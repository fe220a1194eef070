import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';

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
    /** the exam's topics, which its questions are grouped by (issue 18); AI drafts pick one of them */
    topics: jsonb().$type<string[]>().notNull().default([]),
    /** the countdown of a timed sitting: this many seconds for each question (issue 18) */
    secondsPerQuestion: integer().notNull().default(90),
    /** the sitting modes learners may choose: exam (the spec's), timed, tutor */
    modes: jsonb().$type<Array<'exam' | 'timed' | 'tutor'>>().notNull().default(['exam', 'timed', 'tutor']),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.isActive, table.createdAt),
    check('exams_seconds_per_question', sql`${table.secondsPerQuestion} between 10 and 600`),
    check('exams_price_non_negative', sql`${table.pricePence} >= 0`),
    check('exams_question_count_positive', sql`${table.numberOfQuestions} >= 1`),
  ],
);

export type MediaType = 'image/png' | 'image/jpeg' | 'image/webp';

/** An image in a question or its explanation (issue 20): its media (by hash), required alt text, its size. */
export interface QuestionImage {
  hash: string;
  contentType: MediaType;
  width: number;
  height: number;
  alt: string;
}

export const questions = pgTable(
  'questions',
  {
    id: id(),
    examId: belongsTo(() => exams.id),
    question: text().notNull(),
    options: jsonb().$type<string[]>().notNull(),
    /** zero-based index into options */
    correctAnswer: integer().notNull(),
    explanation: text().notNull().default(''),
    /** one of its exam's topics, or none (grouped as 'General') */
    topic: text(),
    isAiGenerated: boolean().notNull().default(false),
    /** hand-written questions are approved; AI drafts start pending */
    approvalStatus: text({ enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    rejectionReason: text(),
    /** shown with the question (issue 20) */
    image: jsonb().$type<QuestionImage>(),
    /** shown with the explanation, after the answer */
    explanationImage: jsonb().$type<QuestionImage>(),
    /** the import that brought it in, if any (question_imports) */
    importId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // An exam's servable questions with their ids and topics in the index itself: drawing a practice set
    // joins a learner's standing to them without visiting the question rows (issue 18, 0018_study_reads).
    // Topics are at most 60 characters, well inside a btree key.
    index('questions_exam_draw').on(table.examId, table.approvalStatus, table.id, table.topic),
    // The bank's pages: an exam's questions in creation order (issue 20).
    index('questions_exam_order').on(table.examId, table.createdAt, table.id),
    // The bank's status counts and filtered pages (decision 0043): a narrow index the planner still takes
    // for a large exam, where the wider draw index lost to a sequential scan (question-bank.plan.test.ts).
    index('questions_exam_status').on(table.examId, table.approvalStatus),
  ],
);
