import { z } from 'zod';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';
import { safeString } from './strings.ts';

/*
 * Learner reports of a problem with a question (decision 0041): sent from the result review or
 * from tutor mode, kept in an administrators' queue until resolved.
 */

export const REPORT_REASONS = ['wrong-answer', 'unclear', 'outdated', 'typo', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The reasons as the learner and the administrator read them. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  'wrong-answer': 'The marked answer is wrong',
  unclear: 'The question is unclear',
  outdated: 'It is out of date with current guidance',
  typo: 'There is a typo or formatting problem',
  other: 'Something else',
};

export const REPORT_OUTCOMES = ['fixed', 'no-change', 'removed'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];
export const REPORT_OUTCOME_LABELS: Record<ReportOutcome, string> = {
  fixed: 'Fixed the question',
  'no-change': 'No change needed',
  removed: 'Removed the question',
};

export const REPORT_DETAILS_MAX = 1000;

export const ReportBodySchema = z
  .object({
    reason: z.enum(REPORT_REASONS, { message: 'Choose what is wrong with the question' }),
    details: safeString()
      .trim()
      .max(REPORT_DETAILS_MAX, `Details must be ${REPORT_DETAILS_MAX} characters or less`)
      .optional()
      .default(''),
    /** the result being reviewed, when sent from a result */
    resultId: IdSchema.optional(),
    /** the learner would like to hear what was done */
    notify: z.boolean().optional().default(true),
  })
  .refine((body) => body.reason !== 'other' || body.details.length > 0, {
    message: 'Tell us what is wrong with the question',
    path: ['details'],
  });
export type ReportBody = z.input<typeof ReportBodySchema>;

export const ReportParamsSchema = z.object({ questionId: safeString().max(100) });

export const REPORT_MESSAGES = {
  sent: 'Thank you. An administrator will look at this question.',
  alreadyOpen: 'You have already reported this question. An administrator will look at it.',
  notSeen: 'Question not found',
  tooMany: 'You have sent many reports in a short time. Please try again later.',
  notFound: 'Report not found',
  alreadyResolved: 'This report has already been resolved.',
  resolved: 'Report resolved',
  questionNotFound: 'There are no open reports on this question.',
  resolvedMany: (count: number) => (count === 1 ? '1 report resolved' : `${count} reports resolved`),
} as const;

export const REPORT_STATUSES = ['open', 'resolved'] as const;

export const AdminReportsQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 }).extend({
  status: z
    .enum([...REPORT_STATUSES, 'all'], { message: 'status must be open, resolved or all' })
    .default('open'),
  examId: IdSchema.optional(),
  questionId: IdSchema.optional(),
  userId: IdSchema.optional(),
});
export type AdminReportsQuery = z.input<typeof AdminReportsQuerySchema>;

export const AdminReportSchema = z.object({
  _id: safeString(),
  questionId: safeString(),
  /** the question's text now (null once deleted) */
  question: safeString().nullable(),
  examId: safeString(),
  examTitle: safeString().nullable(),
  learner: z.object({ _id: safeString(), name: safeString(), email: safeString() }),
  resultId: safeString().nullable(),
  reason: z.enum(REPORT_REASONS),
  details: safeString(),
  /** the learner asked to hear what was done */
  notifyRequested: z.boolean(),
  status: z.enum(REPORT_STATUSES),
  outcome: z.enum(REPORT_OUTCOMES).nullable(),
  resolution: safeString().nullable(),
  /** the learner was told */
  learnerNotified: z.boolean(),
  resolvedBy: safeString().nullable(),
  resolvedAt: safeString().nullable(),
  createdAt: safeString(),
  /** open reports on the same question, this one included when open */
  openOnQuestion: z.number().int(),
  /** the question's number in its exam's list (null once deleted or rejected) */
  questionNumber: z.number().int().nullable(),
});
export type AdminReport = z.infer<typeof AdminReportSchema>;

export const AdminReportsResponseSchema = pagedResponse({
  reports: z.array(AdminReportSchema),
  total: z.number().int(),
});
export type AdminReportsResponse = z.infer<typeof AdminReportsResponseSchema>;

export const ResolveReportBodySchema = z.object({
  outcome: z.enum(REPORT_OUTCOMES, { message: 'Choose what was done' }),
  resolution: safeString()
    .trim()
    .min(1, 'Say what was done')
    .max(REPORT_DETAILS_MAX, `The note must be ${REPORT_DETAILS_MAX} characters or less`),
  /** tell the learner (only when they asked to hear) */
  notifyLearner: z.boolean().optional().default(false),
});
export type ResolveReportBody = z.input<typeof ResolveReportBodySchema>;

export const ResolveReportResponseSchema = z.object({ message: safeString(), report: AdminReportSchema });

/**
 * The queue grouped by question (decision 0073): one row per question with its reports' counts and
 * reasons, open questions oldest first report first (first come, first served), else newest first.
 */
export const ReportedQuestionsQuerySchema = pageQuery({ defaultLimit: 10, maxLimit: 100 }).extend({
  status: z
    .enum([...REPORT_STATUSES, 'all'], { message: 'status must be open, resolved or all' })
    .default('open'),
  examId: IdSchema.optional(),
});
export type ReportedQuestionsQuery = z.input<typeof ReportedQuestionsQuerySchema>;

export const ReportedQuestionSchema = z.object({
  questionId: safeString(),
  /** the question's text now (null once deleted) */
  question: safeString().nullable(),
  /** its number in the exam's list, as the bank numbers it (null once deleted or rejected) */
  questionNumber: z.number().int().nullable(),
  examId: safeString(),
  examTitle: safeString().nullable(),
  openReports: z.number().int(),
  /** the reports of the status asked for */
  reports: z.number().int(),
  /** how many of those reports give each reason, most first */
  reasons: z.array(z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() })),
  /** how many of the learners asked to hear what was done (among the open reports) */
  notifyRequested: z.number().int(),
  firstReportedAt: safeString(),
  lastReportedAt: safeString(),
});
export type ReportedQuestion = z.infer<typeof ReportedQuestionSchema>;

export const ReportedQuestionsResponseSchema = pagedResponse({
  questions: z.array(ReportedQuestionSchema),
  total: z.number().int(),
});
export type ReportedQuestionsResponse = z.infer<typeof ReportedQuestionsResponseSchema>;

export const ReportedQuestionParamsSchema = z.object({ questionId: safeString().max(100) });
export const ResolveQuestionReportsResponseSchema = z.object({
  message: safeString(),
  resolved: z.number().int(),
});
