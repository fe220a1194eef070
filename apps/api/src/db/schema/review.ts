import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, updatedAt } from './columns.ts';
import { examResults } from './results.ts';
import { users } from './users.ts';

/**
 * A learner's review card for a question (decision 0035): FSRS's memory state, as ts-fsrs computes it. Every
 * question a learner answers gets one; `due` is when it should be seen again. Suspended cards never come
 * due. Reset by deleting the learner's cards.
 */
export const reviewCards = pgTable(
  'review_cards',
  {
    userId: belongsTo(() => users.id),
    questionId: uuid().notNull(),
    examId: uuid(),
    topic: text().notNull(),
    due: timestamp({ withTimezone: true }).notNull(),
    stability: doublePrecision().notNull(),
    difficulty: doublePrecision().notNull(),
    elapsedDays: integer().notNull(),
    scheduledDays: integer().notNull(),
    learningSteps: integer().notNull(),
    reps: integer().notNull(),
    lapses: integer().notNull(),
    /** ts-fsrs State: 0 new, 1 learning, 2 review, 3 relearning */
    state: smallint().notNull(),
    lastReview: timestamp({ withTimezone: true }),
    suspended: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index('review_cards_due')
      .on(table.userId, table.due)
      .where(sql`not ${table.suspended}`),
    // The deck summary counts suspended cards from this (usually empty) range instead of reading every
    // card of the learner (docs/performance-history.md, 2026-11-24).
    index('review_cards_suspended')
      .on(table.userId)
      .where(sql`${table.suspended}`),
    // A topic renamed or merged on an exam carries its questions' cards along (decision 0050).
    index('review_cards_question').on(table.questionId),
  ],
);

/** A learner's study preferences (decision 0035). */
export const learnerPreferences = pgTable('learner_preferences', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** FSRS desired retention: the chance of remembering a card when it comes due */
  desiredRetention: real().notNull().default(0.9),
  /** ask 'sure / fairly sure / guessing' with each answer */
  certaintyEnabled: boolean().notNull().default(false),
  /** reviews per day: 'Start review' takes at most what today leaves of it (decision 0060) */
  dailyLimit: smallint().notNull().default(50),
  updatedAt: updatedAt(),
});

/**
 * Each answer given in a review session (decision 0060): when, to which card, how it was rated and when the
 * card was due before it (an early review has `due` after `reviewedAt`). Written in the transaction that
 * reschedules the card, once per session and question (the key: a retried answer adds nothing). The daily
 * limit counts a learner's rows since their midnight from the (user_id, reviewed_at) index. Answers in exams
 * and practice sets also update cards but are not counted: the limit paces review sessions.
 */
export const reviewLog = pgTable(
  'review_log',
  {
    attemptId: uuid().notNull(),
    questionId: uuid().notNull(),
    userId: belongsTo(() => users.id),
    /** ts-fsrs Rating: 1 again, 2 hard, 3 good */
    rating: smallint().notNull(),
    due: timestamp({ withTimezone: true }),
    reviewedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.attemptId, table.questionId] }),
    index('review_log_user_time').on(table.userId, table.reviewedAt),
  ],
);

/**
 * Everyone's answers to a question, rolled up from question_responses by a job (decision 0035): how many
 * answered, how many right, and how many chose each option (by its stored position). Read for the peer
 * shares on a result review; never names a learner.
 */
export const questionStats = pgTable('question_stats', {
  questionId: uuid().primaryKey(),
  answered: integer().notNull().default(0),
  correct: integer().notNull().default(0),
  /** learners who saw it, answered or not */
  seen: integer().notNull().default(0),
  choices: integer()
    .array()
    .notNull()
    .default(sql`'{0,0,0,0,0,0}'::int[]`),
  updatedAt: updatedAt(),
});

/**
 * A learner's standing on an exam (decision 0035), kept by the statement that stores each of their exam
 * results: sittings, answers, time, and their average score, which percentiles compare across learners.
 */
export const learnerExamStats = pgTable(
  'learner_exam_stats',
  {
    userId: belongsTo(() => users.id),
    examId: uuid().notNull(),
    results: integer().notNull(),
    scoreSum: integer().notNull(),
    /** round(scoreSum / results): what percentiles rank */
    avgScore: integer().notNull(),
    answered: integer().notNull(),
    correct: integer().notNull(),
    questions: integer().notNull(),
    seconds: integer().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    /**
     * The latest EXAM_TREND_POINTS sitting scores, oldest first, as [time in ms, score]: kept by the statement
     * that stores each result, so the analytics page reads its trend lines instead of ranking results.
     */
    trend: jsonb().$type<Array<[number, number]>>().notNull().default([]),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.examId] }),
    index().on(table.examId, table.avgScore),
  ],
);

/** A learner's answers by exam and topic (decision 0035), kept by the statement that stores each result. */
export const learnerTopicStats = pgTable(
  'learner_topic_stats',
  {
    userId: belongsTo(() => users.id),
    examId: uuid().notNull(),
    topic: text().notNull(),
    answered: integer().notNull(),
    correct: integer().notNull(),
    seen: integer().notNull(),
    lastAt: timestamp({ withTimezone: true }).notNull(),
    /** the latest TOPIC_TREND_POINTS results with the topic, oldest first, as [time in ms, correct, total] */
    trend: jsonb().$type<Array<[number, number, number]>>().notNull().default([]),
  },
  (table) => [primaryKey({ columns: [table.userId, table.examId, table.topic] })],
);

/** Points kept per exam trend line (the latest sittings; decision 0035). */
export const EXAM_TREND_POINTS = 50;
/**
 * Points kept per topic trend line: the latest 20 results that had the topic. A topic chart draws every
 * topic of an exam on one time axis, where 20 sittings are readable and 50 were not (decision 0035,
 * addendum).
 */
export const TOPIC_TREND_POINTS = 20;

/** Each result's score by exam and topic (decision 0035), for trends by topic without reading snapshots. */
export const resultTopicScores = pgTable(
  'result_topic_scores',
  {
    resultId: belongsTo(() => examResults.id),
    userId: uuid().notNull(),
    examId: uuid().notNull(),
    topic: text().notNull(),
    correct: integer().notNull(),
    total: integer().notNull(),
    completedAt: timestamp({ withTimezone: true }).notNull(),
  },
  // Written once per result and topic; read by nothing since the trends live in learner_topic_stats
  // (migration 0021 dropped the trend index that the analytics read used to walk).
  (table) => [primaryKey({ columns: [table.resultId, table.examId, table.topic] })],
);
