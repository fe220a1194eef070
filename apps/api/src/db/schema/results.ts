import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns.ts';
import { exams, type QuestionImage } from './exams.ts';
import { mockExams } from './mocks.ts';
import { users } from './users.ts';

export type SittingMode = 'exam' | 'timed' | 'tutor';
export type Certainty = 'sure' | 'fairly-sure' | 'guessing';
export type MissTag = 'didnt-know' | 'misread' | 'reasoning-slip' | 'ran-out-of-time';

/** How a practice set was chosen (decision 0031), kept on its attempt and shown with its result. */
export interface PracticeSetDefinition {
  examIds: string[];
  topics: string[];
  source: 'unused' | 'wrong' | 'omitted' | 'flagged' | 'all' | 'review' | `tag:${MissTag}`;
  preset: 'weak-areas' | 'simulate' | null;
}

/**
 * A sitting: which questions were served, in which order, and when it started; its mode, deadline, the
 * learner's answers, flags, struck-out options and position (decision 0031). At most one open (unsubmitted)
 * attempt per learner and exam, so a reload of the exam's take page resumes it; practice sets may be several;
 * at most OPEN_SITTINGS_LIMIT open in all (decision 0063).
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    /** the exam sat; none for a practice set drawn from several exams */
    examId: uuid().references(() => exams.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['exam', 'practice'] })
      .notNull()
      .default('exam'),
    /** a practice set's title ('Practice set: 40 questions'), its definition */
    title: text(),
    practice: jsonb().$type<PracticeSetDefinition>(),
    mode: text({ enum: ['exam', 'timed', 'tutor'] })
      .$type<SittingMode>()
      .notNull()
      .default('exam'),
    /** timed: when time is up (the server submits the attempt then, whether or not the page is open) */
    deadlineAt: timestamp({ withTimezone: true }),
    questionIds: jsonb().$type<string[]>().notNull(),
    savedAnswers: jsonb().$type<Record<string, string>>().notNull().default({}),
    /** flagged question ids */
    flags: jsonb().$type<string[]>().notNull().default([]),
    /** question id → the choices the learner struck out */
    strikes: jsonb().$type<Record<string, string[]>>().notNull().default({}),
    /** question id → how sure the learner was ('sure', 'fairly-sure', 'guessing'; decision 0035) */
    certainties: jsonb().$type<Record<string, Certainty>>().notNull().default({}),
    /** the sequence number of the last save applied: an older or repeated save never overwrites it */
    saveSeq: integer().notNull().default(0),
    /**
     * paused by the learner (untimed sittings, and timed ones where the exam allows it); time does not count
     * while paused, and a timed sitting's deadline does not run (decision 0064)
     */
    pausedAt: timestamp({ withTimezone: true }),
    /**
     * timed: the seconds of pause already added to `deadlineAt` by resumes, at most TIMED_PAUSE_LIMIT_SECONDS
     * (decision 0064)
     */
    pausedSeconds: integer().notNull().default(0),
    /** zero-based position of the question the learner was on, saved with the answers (resume) */
    currentIndex: integer().notNull().default(0),
    /**
     * Time spent in the exam, in seconds, measured by the server from the page's saves and heartbeats:
     * a gap longer than a short threshold between two of them does not count (time away).
     */
    activeSeconds: integer().notNull().default(0),
    /**
     * The same active seconds per question (decision 0065): each counted gap goes to the question the
     * learner was on when it began (`current_index` before the save or heartbeat); question id → seconds.
     */
    questionSeconds: jsonb().$type<Record<string, number>>().notNull().default({}),
    /** when the server last heard from the page (start, save or heartbeat) */
    lastActiveAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    submittedAt: timestamp({ withTimezone: true }),
    resultId: uuid(),
    /**
     * a live mock's sitting (decision 0077): one per learner and mock; handed in (`submitted_at` set) without
     * a result until the mock's results are released, then scored
     */
    mockId: uuid().references(() => mockExams.id, { onDelete: 'cascade' }),
  },
  (table) => [
    // One open sitting per exam (a mock's sitting is apart: it resumes from the mock, decision 0077).
    uniqueIndex('exam_attempts_one_open')
      .on(table.userId, table.examId)
      .where(sql`${table.submittedAt} is null and ${table.mockId} is null`),
    // One sitting per learner and mock, ever (two parallel starts make one).
    uniqueIndex('exam_attempts_one_per_mock')
      .on(table.mockId, table.userId)
      .where(sql`${table.mockId} is not null`),
    // A learner's open sittings (the in-progress list, the 10-open limit; decision 0063).
    index('exam_attempts_open_of_user')
      .on(table.userId, table.lastActiveAt)
      .where(sql`${table.submittedAt} is null`),
    index().on(table.userId, table.examId),
    // The release job pages through handed-in mock sittings not scored yet (decision 0077): only those.
    index('exam_attempts_mock_unscored')
      .on(table.id)
      .where(
        sql`${table.mockId} is not null and ${table.submittedAt} is not null and ${table.resultId} is null`,
      ),
    // The auto-submit job walks open timed sittings by deadline.
    index('exam_attempts_open_deadline')
      .on(table.deadlineAt)
      .where(sql`${table.submittedAt} is null and ${table.deadlineAt} is not null`),
  ],
);

/**
 * The link from where a learner started a practice set (a course's unit, a cohort's assignment) to its
 * attempt, one link per attempt (`uniqueName`): deleting the attempt deletes the link. The practice module
 * may replace an untouched open set by another one (decision 0047), giving that attempt row a new id: the
 * link then loses its attempt (ON UPDATE SET NULL) rather than follow a set that is not the one started
 * there, and a link without an attempt is ignored.
 */
export const startedPracticeSet = (uniqueName: string) =>
  uuid()
    .unique(uniqueName)
    .references(() => examAttempts.id, { onDelete: 'cascade', onUpdate: 'set null' });

export interface ResultQuestionSnapshot {
  questionId: string;
  question: string;
  choices: string[];
  userAnswer: string | null;
  correctAnswer: string;
  isCorrect: boolean;
  explanation: string;
  /** the question's topic then ('General' if it had none); absent in results stored before migration 0011 */
  topic?: string;
  /** the learner flagged it during the sitting */
  flagged?: boolean;
  /** the exam it came from (practice sets mix exams) */
  examId?: string | null;
  /** how sure the learner said they were (decision 0035) */
  certainty?: Certainty | null;
  /** the question's images then (decision 0040); absent in results stored before */
  image?: QuestionImage | null;
  explanationImage?: QuestionImage | null;
  /**
   * the question's version then (decision 0050): its rationales, objective and references are read from
   * that version rather than copied into every result; absent in results stored before 2026-11-27
   */
  version?: number;
  /**
   * the active seconds spent on it during the sitting (decision 0065; 0 when never on it); absent in results
   * stored before 2026-12-01
   */
  seconds?: number;
}

/** A scored attempt with its own snapshot, so later edits or deletion of the exam never change it. */
export const examResults = pgTable(
  'exam_results',
  {
    id: id(),
    userId: belongsTo(() => users.id),
    examId: uuid().references(() => exams.id, { onDelete: 'set null' }),
    attemptId: uuid()
      .unique()
      .references(() => examAttempts.id, { onDelete: 'set null' }),
    examTitle: text().notNull(),
    mode: text({ enum: ['exam', 'timed', 'tutor'] })
      .$type<SittingMode>()
      .notNull()
      .default('exam'),
    kind: text({ enum: ['exam', 'practice'] })
      .notNull()
      .default('exam'),
    correctAnswers: integer().notNull(),
    totalQuestions: integer().notNull(),
    score: integer().notNull(),
    duration: integer().notNull(),
    questions: jsonb().$type<ResultQuestionSnapshot[]>().notNull(),
    completedAt: createdAt(),
    /** its per-question rows are in question_responses (results from before migration 0011 get them later) */
    responsesRecorded: boolean().notNull().default(false),
    /** its answers have updated the learner's review cards (decision 0035) */
    reviewApplied: boolean().notNull().default(false),
    /** counted into the exam's item analysis (decision 0036); only exam sittings are */
    itemCounted: boolean().notNull().default(false),
    /** a live mock's result (decision 0077): ranked among the mock's results by score */
    mockId: uuid().references(() => mockExams.id, { onDelete: 'set null' }),
  },
  // History and recent results read `exam_results_user_order` (user_id, completed_at desc, id desc),
  // created by migration 0005; an index on (user_id, completed_at) alone would only duplicate it.
  (table) => [
    index('exam_results_responses_pending')
      .on(table.completedAt)
      .where(sql`not ${table.responsesRecorded}`),
    index('exam_results_review_pending')
      .on(table.completedAt)
      .where(sql`not ${table.reviewApplied}`),
    index('exam_results_items_pending')
      .on(table.examId)
      .where(sql`not ${table.itemCounted} and ${table.kind} = 'exam'`),
    // A mock's ranks: one window function over its results by score (decision 0077).
    index('exam_results_mock_score')
      .on(table.mockId, table.score)
      .where(sql`${table.mockId} is not null`),
  ],
);

/**
 * One answered (or skipped) question of a submitted sitting (decision 0031; the raw rows analytics read,
 * decision 0035): written in the statement that stores the result. `choice` is the position of the chosen
 * option in the question's stored order, null when unanswered.
 */
export const questionResponses = pgTable(
  'question_responses',
  {
    resultId: belongsTo(() => examResults.id),
    questionId: uuid().notNull(),
    userId: belongsTo(() => users.id),
    examId: uuid(),
    topic: text().notNull(),
    answered: boolean().notNull(),
    correct: boolean().notNull(),
    flagged: boolean().notNull(),
    choice: integer(),
    answeredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** decision 0035: how sure the learner was, and why they say they missed it */
    certainty: text().$type<Certainty>(),
    missTag: text().$type<MissTag>(),
    /** counted into question_stats (by the roll-up job) */
    rolledUp: boolean().notNull().default(false),
  },
  (table) => [
    primaryKey({ columns: [table.resultId, table.questionId] }),
    index().on(table.questionId),
    index().on(table.userId, table.answeredAt),
    index('question_responses_not_rolled_up')
      .on(table.answeredAt)
      .where(sql`not ${table.rolledUp}`),
  ],
);

/**
 * Where each learner stands with each question they have been served (decision 0031), kept up to date by the
 * statement that stores a result: how often seen and missed, whether the last answer was right, whether
 * it was flagged last time. Custom practice sets ('answered wrongly before', 'flagged', 'unused') read it
 * by learner instead of scanning result snapshots.
 */
export const learnerQuestions = pgTable(
  'learner_questions',
  {
    userId: belongsTo(() => users.id),
    questionId: uuid().notNull(),
    examId: uuid(),
    topic: text().notNull(),
    seen: integer().notNull(),
    wrong: integer().notNull(),
    lastCorrect: boolean().notNull(),
    flagged: boolean().notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** the tag of the learner's latest answer, when they tagged why they missed it (decision 0035) */
    missTag: text().$type<MissTag>(),
    /** the option the latest answer chose (its stored position), null when skipped (peer shares) */
    lastChoice: integer(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.questionId] }),
    index().on(table.userId, table.examId),
    // Peer shares are recounted per question from every learner's latest answer.
    index().on(table.questionId),
  ],
);
