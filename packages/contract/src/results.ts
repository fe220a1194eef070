import { z } from 'zod';
import { safeString } from './strings.ts';
import { RESULTS_PAGE_SIZE } from './constants.ts';
import { pageQuery, pagedResponse } from './common.ts';

/** A question as a learner sees it before submitting: never the correct answer or the explanation. */
export const LearnerQuestionSchema = z.object({
  _id: safeString(),
  question: safeString(),
  choices: z.array(safeString()),
});
export type LearnerQuestion = z.infer<typeof LearnerQuestionSchema>;

/** Map of question id → the chosen choice's text (spec §3 Submit payload). */
export const AnswersSchema = z
  .record(safeString().max(64), safeString().max(2000, 'An answer is too long'))
  .refine((answers) => Object.keys(answers).length <= 500, 'Too many answers');
export type Answers = z.infer<typeof AnswersSchema>;

export const AttemptSchema = z.object({
  _id: safeString(),
  examId: safeString(),
  examTitle: safeString(),
  startedAt: safeString(),
  /**
   * seconds spent in the exam so far, measured by the server from the page's saves and heartbeats (time
   * away from the exam does not count, ADR 0018)
   */
  elapsedSeconds: z.number().int(),
  questions: z.array(LearnerQuestionSchema),
  /** answers saved so far (resume after a reload or on another device) */
  answers: AnswersSchema,
  /** zero-based position of the question the learner was on (resume there) */
  currentIndex: z.number().int(),
});
export type Attempt = z.infer<typeof AttemptSchema>;

/** Zero-based position of the question the learner is on. */
export const CurrentIndexSchema = z
  .number({ message: 'currentIndex must be a number' })
  .int('currentIndex must be a whole number')
  .min(0, 'currentIndex must not be negative')
  .max(499, 'currentIndex is too large');

export const SaveAnswersBodySchema = z.object({
  answers: AnswersSchema,
  currentIndex: CurrentIndexSchema.optional(),
});
export type SaveAnswersBody = z.infer<typeof SaveAnswersBodySchema>;

/** The page's heartbeat while the exam is visible (ADR 0018): keeps active time counting. */
export const AttemptHeartbeatBodySchema = z.object({ currentIndex: CurrentIndexSchema.optional() });
export type AttemptHeartbeatBody = z.infer<typeof AttemptHeartbeatBodySchema>;
export const AttemptHeartbeatResponseSchema = z.object({ elapsedSeconds: z.number().int() });
export type AttemptHeartbeatResponse = z.infer<typeof AttemptHeartbeatResponseSchema>;

export const SubmitExamBodySchema = z.object({
  answers: AnswersSchema,
  /** the browser's timer, in seconds: accepted and ignored (the server measures active time, ADR 0018) */
  duration: z
    .number({ message: 'duration must be a number of seconds' })
    .min(0, 'duration must not be negative')
    .max(10_000_000, 'duration is too large')
    .optional(),
  attemptId: z.uuid().optional(),
});
export type SubmitExamBody = z.infer<typeof SubmitExamBodySchema>;

export const ResultQuestionSchema = z.object({
  questionId: safeString(),
  question: safeString(),
  choices: z.array(safeString()),
  userAnswer: safeString().nullable(),
  correctAnswer: safeString(),
  isCorrect: z.boolean(),
  explanation: safeString(),
});
export type ResultQuestion = z.infer<typeof ResultQuestionSchema>;

export const ExamResultSchema = z.object({
  _id: safeString(),
  examId: safeString().nullable(),
  exam: z.object({ _id: safeString().nullable(), title: safeString() }),
  correctAnswers: z.number().int(),
  totalQuestions: z.number().int(),
  score: z.number().int(),
  completedAt: safeString(),
  duration: z.number().int(),
  questions: z.array(ResultQuestionSchema),
});
export type ExamResult = z.infer<typeof ExamResultSchema>;

export const ResultSummarySchema = ExamResultSchema.omit({ questions: true });
export type ResultSummary = z.infer<typeof ResultSummarySchema>;

export const ResultsQuerySchema = pageQuery({ defaultLimit: RESULTS_PAGE_SIZE, maxLimit: 100 });

export const ResultsResponseSchema = pagedResponse({
  results: z.array(ResultSummarySchema),
  total: z.number().int(),
});
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;

export const HistoryResponseSchema = pagedResponse({
  history: z.array(ResultSummarySchema),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** The last few exams a learner took, each with its latest score (spec: "recent", shape not shown). */
export const RecentExamSchema = z.object({
  examId: safeString().nullable(),
  examTitle: safeString(),
  lastResultId: safeString(),
  lastScore: z.number().int(),
  lastTakenAt: safeString(),
  attempts: z.number().int(),
});
export type RecentExam = z.infer<typeof RecentExamSchema>;

/** An exam the learner started and has not submitted (dashboard: 'Continue'). */
export const InProgressExamSchema = z.object({
  attemptId: safeString(),
  examId: safeString(),
  examTitle: safeString(),
  startedAt: safeString(),
  answered: z.number().int(),
  totalQuestions: z.number().int(),
});
export type InProgressExam = z.infer<typeof InProgressExamSchema>;

/** `inProgress` rides on the recent call so the dashboard still makes its three calls together. */
export const RecentExamsResponseSchema = z.object({
  recent: z.array(RecentExamSchema),
  inProgress: z.array(InProgressExamSchema),
});
export type RecentExamsResponse = z.infer<typeof RecentExamsResponseSchema>;

/** Score percent = round(correct / total × 100) (spec §4). */
export function scorePercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 100);
}
