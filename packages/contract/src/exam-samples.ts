import { z } from 'zod';
import { safeString } from './strings.ts';
import { LearnerQuestionSchema, RevealSchema, SittingModeSchema } from './results.ts';
import { MAX_SAMPLE_QUESTIONS } from './constants.ts';

/*
 * Try before you buy (decision 0061): what an exam's public page shows of what is inside it, and the
 * samples anyone may answer there. The same for every visitor, so a CDN may keep it (decision 0044).
 */

/** A topic of the exam and how many of its approved questions are in it ('General' for none). */
export const ExamTopicCountSchema = z.object({
  topic: safeString(),
  questionCount: z.number().int(),
});
export type ExamTopicCount = z.infer<typeof ExamTopicCountSchema>;

/**
 * A sample as a sitting shows a question: its stem, choices (in the question's own order, the same for
 * everyone), topic and image. Never its key, explanation or rationales: those come from checking an answer.
 */
export const SampleQuestionSchema = LearnerQuestionSchema;
export type SampleQuestion = z.infer<typeof SampleQuestionSchema>;

export const ExamInsideSchema = z.object({
  examId: safeString(),
  /** the exam's topics that have approved questions, in the exam's order, 'General' (no topic) last */
  topics: z.array(ExamTopicCountSchema),
  /** approved questions in the bank (what sittings draw from) */
  questionCount: z.number().int(),
  /** the ways learners may sit it */
  modes: z.array(SittingModeSchema),
  /** questions in one sitting (the exam's numberOfQuestions) */
  questionsPerSitting: z.number().int(),
  /** a timed sitting's countdown: this many seconds a question */
  secondsPerQuestion: z.number().int(),
  /** up to 3 approved questions the administrator marked as samples, oldest first */
  samples: z.array(SampleQuestionSchema).max(MAX_SAMPLE_QUESTIONS),
});
export type ExamInside = z.infer<typeof ExamInsideSchema>;

/** POST /api/exams/{id}/samples/{questionId}/check: a malformed id is a 404, like an unknown one. */
export const SampleParamsSchema = z.object({
  id: safeString().max(64),
  questionId: safeString().max(64),
});

/** The chosen choice's text, as a sitting sends it. */
export const CheckSampleBodySchema = z.object({
  answer: safeString({ message: 'Choose an answer' })
    .min(1, 'Choose an answer')
    .max(2000, 'An answer is too long'),
});
export type CheckSampleBody = z.infer<typeof CheckSampleBodySchema>;

/** What a tutor reveal shows, for this one sample only; rationales follow the sample's choices. */
export const SampleRevealSchema = RevealSchema;
export type SampleReveal = z.infer<typeof SampleRevealSchema>;
