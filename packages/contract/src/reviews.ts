import { z } from 'zod';
import { safeString } from './strings.ts';
import { pageQuery, pagedResponse } from './common.ts';

/*
 * Spaced review of answered questions with FSRS (decision 0035), certainty and miss tags.
 */

export const CERTAINTIES = ['sure', 'fairly-sure', 'guessing'] as const;
export type Certainty = (typeof CERTAINTIES)[number];
export const CertaintySchema = z.enum(CERTAINTIES, {
  message: 'Certainty must be sure, fairly-sure or guessing',
});

export const MISS_TAGS = ['didnt-know', 'misread', 'reasoning-slip', 'ran-out-of-time'] as const;
export type MissTag = (typeof MISS_TAGS)[number];
export const MissTagSchema = z.enum(MISS_TAGS, {
  message: 'Tag must be didnt-know, misread, reasoning-slip or ran-out-of-time',
});

/** Most due questions a review session takes (a day's work). */
export const REVIEW_SESSION_CAP = 50;
export const RETENTION_RANGE = { min: 0.7, max: 0.97, default: 0.9 } as const;

export const ReviewSummarySchema = z.object({
  /** cards due now (not suspended) */
  due: z.number().int(),
  /** what a session would take now: due cards, at most REVIEW_SESSION_CAP */
  session: z.number().int(),
  /** when the next card comes due, when none is due now */
  nextDue: safeString().nullable(),
  /** cards in the deck, and how many are suspended */
  total: z.number().int(),
  suspended: z.number().int(),
});
export type ReviewSummary = z.infer<typeof ReviewSummarySchema>;

export const ReviewCardSchema = z.object({
  questionId: safeString(),
  question: safeString(),
  examId: safeString().nullable(),
  examTitle: safeString().nullable(),
  topic: safeString(),
  due: safeString(),
  /** new, learning, review or relearning (FSRS) */
  state: z.enum(['new', 'learning', 'review', 'relearning']),
  reps: z.number().int(),
  lapses: z.number().int(),
  suspended: z.boolean(),
  lastReview: safeString().nullable(),
});
export type ReviewCard = z.infer<typeof ReviewCardSchema>;

export const ReviewCardsQuerySchema = pageQuery({ defaultLimit: 20, maxLimit: 100 }).extend({
  filter: z
    .enum(['due', 'upcoming', 'suspended', 'all'], { message: 'Unknown filter' })
    .optional()
    .default('all'),
});
export const ReviewCardsResponseSchema = pagedResponse({
  cards: z.array(ReviewCardSchema),
  total: z.number().int(),
});
export type ReviewCardsResponse = z.infer<typeof ReviewCardsResponseSchema>;

export const QuestionIdParamsSchema = z.object({ questionId: z.uuid({ message: 'Invalid id' }) });
export const SuspendCardBodySchema = z.object({
  suspended: z.boolean({ message: 'suspended must be true or false' }),
});

export const ReviewPreferencesSchema = z.object({
  desiredRetention: z
    .number({ message: 'Desired retention must be a number' })
    .min(RETENTION_RANGE.min, `Desired retention must be ${RETENTION_RANGE.min} to ${RETENTION_RANGE.max}`)
    .max(RETENTION_RANGE.max, `Desired retention must be ${RETENTION_RANGE.min} to ${RETENTION_RANGE.max}`),
  certaintyEnabled: z.boolean(),
});
export type ReviewPreferences = z.infer<typeof ReviewPreferencesSchema>;

/** Tagging why a question was missed (on a result's review). */
export const ResultQuestionParamsSchema = z.object({
  id: z.uuid({ message: 'Invalid id' }),
  questionId: z.uuid({ message: 'Invalid id' }),
});
export const MissTagBodySchema = z.object({ tag: MissTagSchema.nullable() });
export const MissTagResponseSchema = z.object({ questionId: safeString(), tag: MissTagSchema.nullable() });
