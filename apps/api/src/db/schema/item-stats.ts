import { doublePrecision, integer, pgTable, primaryKey, smallint, uuid } from 'drizzle-orm/pg-core';
import { belongsTo, updatedAt } from './columns.ts';
import { exams, questions } from './exams.ts';

/**
 * Item analysis (decision 0036), kept incrementally: the job that counts new exam results adds
 * their answers here, so the report reads a few rows per question instead of every answer ever given.
 *
 * One row per question and band of the learner's score on the rest of the sitting (the share of the other
 * questions they got right: band 0 = under 10 %, …, band 9 = 90 % or more). Every column is a sum, so adding
 * a batch is an addition; the question's totals are the sum of its bands, and the bands give the stronger
 * learners' choices and the best pairing behind the discriminative efficiency.
 */
export const itemBandStats = pgTable(
  'item_band_stats',
  {
    examId: belongsTo(() => exams.id),
    questionId: belongsTo(() => questions.id),
    band: smallint().notNull(),
    /** answers counted (skipped ones included: they score 0) */
    n: integer().notNull(),
    correct: integer().notNull(),
    /** sums of the rest-of-sitting score y (0–1), y², and y over the correct answers */
    sumY: doublePrecision().notNull(),
    sumYy: doublePrecision().notNull(),
    sumXy: doublePrecision().notNull(),
    skipped: integer().notNull(),
    /** how many chose the option at each stored position */
    c0: integer().notNull(),
    c1: integer().notNull(),
    c2: integer().notNull(),
    c3: integer().notNull(),
    c4: integer().notNull(),
    c5: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.examId, table.questionId, table.band] })],
);

/** The exam's sittings counted into item analysis: sums of raw and percentage scores. */
export const examScoreStats = pgTable('exam_score_stats', {
  examId: uuid()
    .primaryKey()
    .references(() => exams.id, { onDelete: 'cascade' }),
  results: integer().notNull(),
  /** Σ questions per sitting, Σ raw score, Σ raw score², Σ percentage, Σ percentage² */
  sumQuestions: integer().notNull(),
  sumT: doublePrecision().notNull(),
  sumTt: doublePrecision().notNull(),
  sumS: doublePrecision().notNull(),
  sumSs: doublePrecision().notNull(),
  updatedAt: updatedAt(),
});

/** How many counted sittings of the exam scored each whole percentage (the median is read from these). */
export const examScoreBins = pgTable(
  'exam_score_bins',
  {
    examId: belongsTo(() => exams.id),
    score: smallint().notNull(),
    n: integer().notNull(),
  },
  (table) => [primaryKey({ columns: [table.examId, table.score] })],
);
