import { z } from 'zod';
import { safeString } from './strings.ts';
import { AdminQuestionSchema, QuestionBodySchema } from './admin-exams.ts';
import { QuestionReferenceSchema } from './question-content.ts';

/*
 * AI second opinion on one question (decision 0042): the configured model checks the marked key and the
 * explanation and may suggest a corrected question, which the administrator applies only on approval.
 */

export const SECOND_OPINION_VERDICTS = ['agrees', 'disagrees', 'unsure'] as const;
export const SecondOpinionVerdictSchema = z.enum(SECOND_OPINION_VERDICTS);
export type SecondOpinionVerdict = z.infer<typeof SecondOpinionVerdictSchema>;

/** What the administrator may ask the model to look at first. */
export const SECOND_OPINION_FOCUS_MAX = 500;

export const SecondOpinionBodySchema = z
  .object({
    focus: safeString()
      .trim()
      .max(SECOND_OPINION_FOCUS_MAX, `The focus must be at most ${SECOND_OPINION_FOCUS_MAX} characters`)
      .optional(),
  })
  // Fastify hands a POST without a body to the schema as null.
  .nullish();
export type SecondOpinionBody = z.input<typeof SecondOpinionBodySchema>;

/** A suggested question: the fields a hand-written question has, already checked by QuestionBodySchema. */
export const SuggestedQuestionSchema = z.object({
  question: safeString(),
  options: z.array(safeString()),
  /** zero-based index into options */
  correctAnswer: z.number().int(),
  explanation: safeString(),
  /** one of the exam's topics, or null for none */
  topic: safeString().nullable(),
  /** each option's rationale in the options' order ([] for none), the objective, references (decision 0050) */
  rationales: z.array(safeString()),
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
});
export type SuggestedQuestion = z.infer<typeof SuggestedQuestionSchema>;

export const SecondOpinionSchema = z.object({
  verdict: SecondOpinionVerdictSchema,
  summary: safeString(),
  issues: z.array(safeString()),
  /** null when the model suggested nothing usable (see note) */
  suggestion: SuggestedQuestionSchema.nullable(),
  /** why a suggestion was left out or changed, e.g. it broke the question rules; null when nothing to say */
  note: safeString().nullable(),
  /** the configured model that answered */
  model: safeString(),
  /** the question's content as the model saw it; applying checks it is still the same (409 if not) */
  version: safeString(),
});
export type SecondOpinion = z.infer<typeof SecondOpinionSchema>;

/**
 * Applying a suggestion: the version the opinion was asked on, the suggestion as reviewed (checked by
 * the rules of a hand-written question; images are never touched), and what the model said, for the
 * activity log.
 */
export const ApplySecondOpinionBodySchema = z.object({
  version: safeString({ message: 'The version of the question is required' })
    .min(1, 'The version of the question is required')
    .max(128, 'The version of the question is not valid'),
  model: safeString().trim().max(200, 'The model name must be at most 200 characters'),
  verdict: SecondOpinionVerdictSchema,
  suggestion: QuestionBodySchema,
});
export type ApplySecondOpinionBody = z.input<typeof ApplySecondOpinionBodySchema>;

export const ApplySecondOpinionResponseSchema = z.object({
  message: safeString(),
  question: AdminQuestionSchema,
  /** the version the question had before: restoring it from the history undoes the suggestion */
  previousVersion: z.number().int(),
});
