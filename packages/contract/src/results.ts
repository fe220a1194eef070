import { z } from 'zod';

/** A question as a learner sees it before submitting: never the correct answer or the explanation. */
export const LearnerQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  choices: z.array(z.string()),
});
export type LearnerQuestion = z.infer<typeof LearnerQuestionSchema>;

/** Map of question id → the chosen choice's text (spec §3 Submit payload). */
export const AnswersSchema = z
  .record(z.string().max(64), z.string().max(2000, 'An answer is too long'))
  .refine((answers) => Object.keys(answers).length <= 500, 'Too many answers');
export type Answers = z.infer<typeof AnswersSchema>;

export const AttemptSchema = z.object({
  _id: z.string(),
  examId: z.string(),
  examTitle: z.string(),
  startedAt: z.string(),
  /** seconds since the attempt started, by the server's clock */
  elapsedSeconds: z.number().int(),
  questions: z.array(LearnerQuestionSchema),
  /** answers saved so far (resume after a reload or on another device) */
  answers: AnswersSchema,
});
export type Attempt = z.infer<typeof AttemptSchema>;

export const SaveAnswersBodySchema = z.object({ answers: AnswersSchema });

export const SubmitExamBodySchema = z.object({
  answers: AnswersSchema,
  /** the browser's timer, in seconds; only a hint (the server measures the attempt itself) */
  duration: z
    .number({ message: 'duration must be a number of seconds' })
    .min(0, 'duration must not be negative')
    .max(10_000_000, 'duration is too large')
    .optional(),
  attemptId: z.uuid().optional(),
});
export type SubmitExamBody = z.infer<typeof SubmitExamBodySchema>;

export const ResultQuestionSchema = z.object({
  questionId: z.string(),
  question: z.string(),
  choices: z.array(z.string()),
  userAnswer: z.string().nullable(),
  correctAnswer: z.string(),
  isCorrect: z.boolean(),
  explanation: z.string(),
});
export type ResultQuestion = z.infer<typeof ResultQuestionSchema>;

export const ExamResultSchema = z.object({
  _id: z.string(),
  examId: z.string().nullable(),
  exam: z.object({ _id: z.string().nullable(), title: z.string() }),
  correctAnswers: z.number().int(),
  totalQuestions: z.number().int(),
  score: z.number().int(),
  completedAt: z.string(),
  duration: z.number().int(),
  questions: z.array(ResultQuestionSchema),
});
export type ExamResult = z.infer<typeof ExamResultSchema>;

export const ResultSummarySchema = ExamResultSchema.omit({ questions: true });
export type ResultSummary = z.infer<typeof ResultSummarySchema>;

export const ResultsQuerySchema = z.object({
  page: z.coerce
    .number({ message: 'page must be a number' })
    .int()
    .min(1, 'page must be 1 or more')
    .max(100000)
    .default(1),
  limit: z.coerce
    .number({ message: 'limit must be a number' })
    .int()
    .min(1, 'limit must be 1 or more')
    .max(100, 'limit must be 100 or less')
    .default(20),
});

export const ResultsResponseSchema = z.object({
  results: z.array(ResultSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type ResultsResponse = z.infer<typeof ResultsResponseSchema>;

export const HistoryResponseSchema = z.object({
  history: z.array(ResultSummarySchema),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});
export type HistoryResponse = z.infer<typeof HistoryResponseSchema>;

/** The last few exams a learner took, each with its latest score (spec: "recent", shape not shown). */
export const RecentExamSchema = z.object({
  examId: z.string().nullable(),
  examTitle: z.string(),
  lastResultId: z.string(),
  lastScore: z.number().int(),
  lastTakenAt: z.string(),
  attempts: z.number().int(),
});
export type RecentExam = z.infer<typeof RecentExamSchema>;
export const RecentExamsResponseSchema = z.object({ recent: z.array(RecentExamSchema) });

/** Score percent = round(correct / total × 100) (spec §4). */
export function scorePercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((correct / total) * 100);
}
