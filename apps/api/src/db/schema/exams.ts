import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
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
    /** the exam's topics, which its questions are grouped by (decision 0031); AI drafts pick one of them */
    topics: jsonb().$type<string[]>().notNull().default([]),
    /** the countdown of a timed sitting: this many seconds for each question (decision 0031) */
    secondsPerQuestion: integer().notNull().default(90),
    /** the sitting modes learners may choose: exam (the spec's), timed, tutor */
    modes: jsonb().$type<Array<'exam' | 'timed' | 'tutor'>>().notNull().default(['exam', 'timed', 'tutor']),
    /** learners may pause a timed sitting, within a limit in all (decision 0064); off by default */
    timedPauseAllowed: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index().on(table.isActive, table.createdAt),
    // The catalogue by category (decision 0057): one category's published exams whatever its case, read in
    // list order (walked backwards: created_at desc, id desc), and the categories themselves, one probe
    // each.
    index('exams_published_category')
      .on(sql`lower(${table.category})`, table.createdAt, table.id)
      .where(sql`${table.isActive}`),
    check('exams_seconds_per_question', sql`${table.secondsPerQuestion} between 10 and 600`),
    check('exams_price_non_negative', sql`${table.pricePence} >= 0`),
    check('exams_question_count_positive', sql`${table.numberOfQuestions} >= 1`),
  ],
);

export type MediaType = 'image/png' | 'image/jpeg' | 'image/webp';

/**
 * An image in a question or its explanation (decision 0040): its media (by hash), required alt text, its
 * size.
 */
export interface QuestionImage {
  hash: string;
  contentType: MediaType;
  width: number;
  height: number;
  alt: string;
}

/** A source a question rests on (decision 0050). */
export interface QuestionReference {
  title: string;
  url: string | null;
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
    /** shown with the question (decision 0040) */
    image: jsonb().$type<QuestionImage>(),
    /** shown with the explanation, after the answer */
    explanationImage: jsonb().$type<QuestionImage>(),
    /** the import that brought it in, if any (question_imports) */
    importId: uuid(),
    /**
     * Why each option is right or wrong, in the options' order (decision 0050): [] when none is written,
     * else exactly one per option ('' for an option without one).
     */
    rationales: jsonb().$type<string[]>().notNull().default([]),
    /** the educational objective: one sentence, what to remember ('' when none) */
    objective: text().notNull().default(''),
    // 'references' is an SQL keyword: the column is named so that hand-written SQL needs no quotes.
    references: jsonb('reference_list').$type<QuestionReference[]>().notNull().default([]),
    /** the number of its latest version in question_versions (decision 0050) */
    version: integer().notNull().default(1),
    /**
     * When its key or options last changed after it had been answered: item analysis counts only the
     * answers given since then (decision 0050); null when all answers count.
     */
    itemStatsSince: timestamp({ withTimezone: true }),
    /**
     * The MinHash sketch of its text's trigrams, one key per band (lib/near-duplicates.ts): questions with
     * nearly the same text share a key. Null until computed (rows written by SQL are filled by a job).
     */
    textSketch: integer().array(),
    /**
     * Shown on the exam's public page to try before subscribing (decision 0061): at most 3 per exam, checked
     * under the exam's row lock; only approved ones are shown. Not content: no version is written for it.
     */
    isSample: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // An exam's servable questions with their ids and topics in the index itself: drawing a practice set
    // joins a learner's standing to them without visiting the question rows (decision 0031, migration
    // 0018_study_reads). Topics are at most 60 characters, well inside a btree key.
    index('questions_exam_draw').on(table.examId, table.approvalStatus, table.id, table.topic),
    // The bank's pages: an exam's questions in creation order (decision 0043).
    index('questions_exam_order').on(table.examId, table.createdAt, table.id),
    // The bank's status counts and filtered pages (decision 0043): a narrow index the planner still takes
    // for a large exam, where the wider draw index lost to a sequential scan (question-bank.plan.test.ts).
    index('questions_exam_status').on(table.examId, table.approvalStatus),
    // Nearly the same text (decision 0050): the questions sharing a sketch key, and those without a sketch.
    // No pending list (fastupdate off): every save reads this index, and a long pending list of recent
    // edits, read in full by each search, made saves slower with every edit until the next vacuum.
    index('questions_text_sketch').using('gin', table.textSketch).with({ fastupdate: false }),
    index('questions_unsketched')
      .on(table.examId)
      .where(sql`${table.textSketch} is null`),
    // An exam's samples (decision 0061): the public page's read and the 3-sample check, a few rows each.
    index('questions_exam_samples')
      .on(table.examId, table.createdAt, table.id)
      .where(sql`${table.isSample}`),
  ],
);

export type QuestionVersionSource =
  | 'existing'
  | 'created'
  | 'ai-draft'
  | 'imported'
  | 'edited'
  | 'second-opinion'
  | 'bulk-topic'
  | 'topic-renamed'
  | 'topic-merged'
  | 'topic-removed'
  | 'restored';

/** What a question teaches: the question, its options and key, and why (decision 0050). */
export interface QuestionTeaching {
  question: string;
  options: string[];
  /** Zero-based index into `options`. */
  correctAnswer: number;
  explanation: string;
  /** One per option, in the options' order: for the key, why it is right; for each distractor, why not. */
  rationales: string[];
  /** The educational objective: one sentence saying what the learner should remember. */
  objective: string;
  references: QuestionReference[];
}

/** A question's content as a version keeps it: everything a learner sees of the question and its answer. */
export interface QuestionVersionContent extends QuestionTeaching {
  topic: string | null;
  image: QuestionImage | null;
  explanationImage: QuestionImage | null;
}

/**
 * Every version of every question (decision 0050): a row per change of its content (hand edit, AI second
 * opinion, bulk topic, topic rename/merge/removal, import, restore), with who made it and which fields
 * changed. Append-only: a trigger refuses updates (migration 0022); rows go only with their question.
 */
export const questionVersions = pgTable(
  'question_versions',
  {
    questionId: belongsTo(() => questions.id),
    version: integer().notNull(),
    examId: uuid().notNull(),
    source: text().$type<QuestionVersionSource>().notNull(),
    content: jsonb().$type<QuestionVersionContent>().notNull(),
    /** the content fields that differ from the version before (none for the first) */
    changes: jsonb().$type<string[]>().notNull().default([]),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    /** the administrator's name then, so the history stays readable after they are deleted */
    adminName: text(),
    /** a restore names the version it brought back */
    restoredFrom: integer(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.questionId, table.version] })],
);
