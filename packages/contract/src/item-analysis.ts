import { z } from 'zod';
import { safeString } from './strings.ts';
import { ApprovalStatusSchema } from './admin-exams.ts';

/*
 * Item analysis of an exam (decision 0036), after Moodle's quiz statistics report: per question
 * from the exam's submitted sittings, and for the whole exam. Kept incrementally by a job; read in one go.
 */

/** Below this many answers a question's figures are shown but not flagged. */
export const ITEM_MIN_ATTEMPTS = 10;

export const ITEM_FLAGS = [
  'negative-discrimination',
  'distractor-beats-key',
  'weak-discrimination',
  'too-easy',
  'too-hard',
] as const;
export const ItemFlagSchema = z.enum(ITEM_FLAGS);
export type ItemFlag = z.infer<typeof ItemFlagSchema>;

export const ITEM_SORTS = ['order', 'facility', 'discrimination', 'attempts', 'flags'] as const;

export const ItemAnalysisQuerySchema = z.object({
  source: z.enum(['all', 'ai', 'manual']).default('all'),
  flaggedOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  sort: z.enum(ITEM_SORTS).default('order'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ItemAnalysisQuery = z.input<typeof ItemAnalysisQuerySchema>;

export const ItemOptionSchema = z.object({
  text: safeString(),
  isKey: z.boolean(),
  /** % of answers choosing it */
  share: z.number(),
  /** % of the stronger third's answers choosing it */
  strongShare: z.number(),
  /** the wrong option chosen most often (when any wrong option was chosen) */
  mostPopularWrong: z.boolean(),
});

export const ItemStatisticsSchema = z.object({
  questionId: safeString(),
  /** its place in the exam's question order, from 1 */
  number: z.number().int(),
  question: safeString(),
  topic: safeString().nullable(),
  isAIGenerated: z.boolean(),
  approvalStatus: ApprovalStatusSchema,
  attempts: z.number().int(),
  /** % correct; null with no answers */
  facility: z.number().nullable(),
  /** SD of the question's score (0–1 scale), like Moodle's */
  sd: z.number().nullable(),
  /** correlation of the question's score with the rest of the sitting (−1 to 1) */
  discrimination: z.number().nullable(),
  /** % of the discrimination the question could reach at its facility */
  efficiency: z.number().nullable(),
  skippedShare: z.number(),
  options: z.array(ItemOptionSchema),
  flags: z.array(ItemFlagSchema),
  /**
   * When its key or options last changed after it had been answered: the figures count only the sittings
   * completed since then (decision 0050); null when they count every sitting.
   */
  countedSince: safeString().nullable(),
});
export type ItemStatistics = z.infer<typeof ItemStatisticsSchema>;

const SourceSummarySchema = z.object({
  questions: z.number().int(),
  /** questions with at least ITEM_MIN_ATTEMPTS answers, which the means are over */
  analysed: z.number().int(),
  meanFacility: z.number().nullable(),
  meanDiscrimination: z.number().nullable(),
  flagged: z.number().int(),
});

export const ItemAnalysisSchema = z.object({
  exam: z.object({
    /** sittings counted */
    results: z.number().int(),
    /** submitted sittings not counted yet (the job catches up within a minute) */
    pending: z.number().int(),
    /** % scores */
    mean: z.number().nullable(),
    median: z.number().nullable(),
    sd: z.number().nullable(),
    /** Cronbach's alpha; null with fewer than 2 sittings, 2 questions or no score variance */
    alpha: z.number().nullable(),
    questionsPerSitting: z.number().nullable(),
    updatedAt: safeString().nullable(),
  }),
  bySource: z.object({ ai: SourceSummarySchema, manual: SourceSummarySchema }),
  items: z.array(ItemStatisticsSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ItemAnalysis = z.infer<typeof ItemAnalysisSchema>;
