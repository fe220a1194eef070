import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema } from './common.ts';
import { SittingModeSchema } from './results.ts';

/*
 * Custom practice sets (decision 0031): a learner draws questions from the exams they subscribe to, by topic
 * and by what they did with them before, and sits them in any mode; a set never repeats a question.
 */

export const PRACTICE_SOURCES = [
  'unused',
  // answered, and wrongly, the last time (a question skipped is 'omitted', not wrong)
  'wrong',
  // served but left unanswered the last time
  'omitted',
  'flagged',
  'all',
  // questions the learner tagged with why they missed them (decision 0035)
  'tag:didnt-know',
  'tag:misread',
  'tag:reasoning-slip',
  'tag:ran-out-of-time',
] as const;
export type PracticeSource = (typeof PRACTICE_SOURCES)[number];
export const PRACTICE_SIZE = { min: 5, max: 100, default: 20 } as const;

export const CreatePracticeSetBodySchema = z.object({
  /** the exams to draw from (default: every exam the learner subscribes to) */
  examIds: z.array(IdSchema).max(50, 'At most 50 exams').optional(),
  /** only these topics (default: all) */
  topics: z
    .array(safeString().trim().min(1).max(60, 'A topic must be at most 60 characters'))
    .max(50)
    .optional(),
  source: z.enum(PRACTICE_SOURCES, {
    message: 'Choose unused, answered wrongly before, omitted, flagged or all questions',
  }),
  size: z
    .number({ message: 'Size must be a number' })
    .int('Size must be a whole number')
    .min(PRACTICE_SIZE.min, `A practice set has ${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions`)
    .max(PRACTICE_SIZE.max, `A practice set has ${PRACTICE_SIZE.min} to ${PRACTICE_SIZE.max} questions`),
  mode: SittingModeSchema.optional().default('tutor'),
  /** 'Improve weak areas': questions answered wrongly or flagged, from the learner's weakest topics */
  preset: z.enum(['weak-areas'], { message: 'Unknown preset' }).optional(),
});
export type CreatePracticeSetBody = z.input<typeof CreatePracticeSetBodySchema>;

/** What the builder shows: per exam and topic, how many questions each source would offer. */
const CountsSchema = z.object({
  total: z.number().int(),
  unused: z.number().int(),
  wrong: z.number().int(),
  omitted: z.number().int(),
  flagged: z.number().int(),
});
export const PracticeOptionsSchema = z.object({
  exams: z.array(
    CountsSchema.extend({
      _id: safeString(),
      title: safeString(),
      topics: z.array(CountsSchema.extend({ topic: safeString() })),
    }),
  ),
});
export type PracticeOptions = z.infer<typeof PracticeOptionsSchema>;

/** Submitting a practice set: its answers (the server measures the time). */
export const PracticeSubmitBodySchema = z.object({
  answers: z
    .record(safeString().max(64), safeString().max(2000, 'An answer is too long'))
    .refine((answers) => Object.keys(answers).length <= 500, 'Too many answers'),
});
