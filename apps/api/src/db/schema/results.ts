import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { exams } from './exams.ts';
import { users } from './users.ts';

/**
 * An exam sitting: which questions were served, in which order, and when it started. At most one open
 * (unsubmitted) attempt per learner and exam, so a reload resumes it.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: uuid()
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    questionIds: jsonb().$type<string[]>().notNull(),
    savedAnswers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** zero-based position of the question the learner was on, saved with the answers (resume) */
    currentIndex: integer().notNull().default(0),
    /**
     * Time spent in the exam, in seconds, measured by the server from the page's saves and heartbeats:
     * a gap longer than a short threshold between two of them does not count (time away).
     */
    activeSeconds: integer().notNull().default(0),
    /** when the server last heard from the page (start, save or heartbeat) */
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    resultId: uuid(),
  },
  (table) => [
    uniqueIndex('exam_attempts_one_open')
      .on(table.userId, table.examId)
      .where(sql`${table.submittedAt} is null`),
    index().on(table.userId, table.examId),
  ],
);

export interface ResultQuestionSnapshot {
  questionId: string;
  question: string;
  choices: string[];
  userAnswer: string | null;
  correctAnswer: string;
  isCorrect: boolean;
  explanation: string;
}

/** A scored attempt with its own snapshot, so later edits or deletion of the exam never change it. */
export const examResults = pgTable(
  'exam_results',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
    attemptId: uuid()
      .unique()
      .references(() => examAttempts.id, { onDelete: 'set null' }),
    examTitle: text().notNull(),
    correctAnswers: integer().notNull(),
    totalQuestions: integer().notNull(),
    score: integer().notNull(),
    duration: integer().notNull(),
    questions: jsonb().$type<ResultQuestionSnapshot[]>().notNull(),
    completedAt: createdAt(),
  },
  // History and recent results read `exam_results_user_order` (user_id, completed_at desc, id desc),
  // created by migration 0005; an index on (user_id, completed_at) alone would only duplicate it.
  () => [],
);
