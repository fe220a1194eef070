import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema, pageQuery } from './common.ts';
import { EXAM_CATEGORIES, poundsToPence } from './exams.ts';
import { LearnerQuestionSchema, SITTING_MODES, SittingModeSchema } from './results.ts';
import { QuestionImageInputSchema, QuestionImageSchema } from './media.ts';
import {
  ObjectiveInputSchema,
  QuestionReferenceSchema,
  RationalesInputSchema,
  ReferencesInputSchema,
  tooManyRationales,
} from './question-content.ts';

export const MIN_OPTIONS = 4;
export const MAX_OPTIONS = 6;
export const AI_QUESTION_COUNT = { min: 1, max: 10, default: 5 } as const;

export const ApprovalStatusSchema = z.enum(['pending', 'approved', 'rejected']);

export const AdminQuestionSchema = z.object({
  _id: safeString(),
  question: safeString(),
  options: z.array(safeString()),
  correctAnswer: z.number().int(),
  explanation: safeString(),
  isAIGenerated: z.boolean(),
  approvalStatus: ApprovalStatusSchema,
  rejectionReason: safeString().nullable(),
  /** null when it has none (shown as 'General') */
  topic: safeString().nullable(),
  /** shown with the question, and with the explanation (decision 0040); null when none */
  image: QuestionImageSchema.nullish(),
  explanationImage: QuestionImageSchema.nullish(),
  /** why each option is right or wrong, in the options' order: [] when none is written, else one per option */
  rationales: z.array(safeString()),
  /** the educational objective: one sentence, what to remember ('' when none) */
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
  /** the number of its latest version in its history (decision 0050) */
  version: z.number().int(),
  /** shown on the exam's public page to try (decision 0061); at most 3 per exam */
  isSample: z.boolean(),
});
export type AdminQuestion = z.infer<typeof AdminQuestionSchema>;

export const AdminExamSummarySchema = z.object({
  _id: safeString(),
  title: safeString(),
  description: safeString(),
  category: safeString(),
  /** pounds, two decimals */
  price: z.number(),
  numberOfQuestions: z.number().int(),
  isActive: z.boolean(),
  tags: z.array(safeString()),
  /** questions that count: hand-written or approved */
  questionCount: z.number().int(),
  /** AI drafts waiting for approval */
  pendingCount: z.number().int(),
  createdAt: safeString(),
  /** the exam's topics (decision 0031) */
  topics: z.array(safeString()),
  /** seconds per question of a timed sitting */
  secondsPerQuestion: z.number().int(),
  /** the sitting modes learners may choose */
  modes: z.array(SittingModeSchema),
  /** learners may pause a timed sitting (decision 0064; off by default) */
  timedPauseAllowed: z.boolean(),
});
export type AdminExamSummary = z.infer<typeof AdminExamSummarySchema>;
export const AdminExamsResponseSchema = z.object({ exams: z.array(AdminExamSummarySchema) });

/** The exam's own fields and counts, without its questions (the edit page pages them, decision 0050). */
export const AdminExamInfoSchema = AdminExamSummarySchema.extend({
  /** learners whose subscription to this exam has not ended (a published exam keeps them served) */
  activeSubscribers: z.number().int(),
});
export type AdminExamInfo = z.infer<typeof AdminExamInfoSchema>;

export const AdminExamDetailSchema = AdminExamSummarySchema.extend({
  /** learners whose subscription to this exam has not ended (a published exam keeps them served) */
  activeSubscribers: z.number().int(),
  questions: z.array(AdminQuestionSchema),
});
export type AdminExamDetail = z.infer<typeof AdminExamDetailSchema>;

/**
 * The exam editor's question list, a page at a time (decision 0043). `status` narrows it to one
 * approval state, or to `current`: every question but the rejected ones, the spec's list (§4: a rejected
 * question disappears from it). `author` is who wrote it (an AI draft or by hand); `search` finds every
 * word in the question, its options or its explanation, ignoring case.
 */
export const QUESTION_LIST_STATUSES = ['pending', 'approved', 'rejected', 'current'] as const;
export type QuestionListStatus = (typeof QUESTION_LIST_STATUSES)[number];
export const QUESTION_AUTHORS = ['ai', 'human'] as const;
export type QuestionAuthor = (typeof QUESTION_AUTHORS)[number];
/** Questions a page of the editor's list shows unless asked otherwise. */
export const QUESTION_PAGE_SIZE = 25;

export const AdminQuestionListQuerySchema = pageQuery({
  defaultLimit: QUESTION_PAGE_SIZE,
  maxLimit: 100,
}).extend({
  status: z
    .enum(QUESTION_LIST_STATUSES, { message: 'status must be pending, approved, rejected or current' })
    .optional(),
  /** 'General' finds the questions without a topic, as the list shows them */
  topic: safeString().trim().max(60, 'topic must be at most 60 characters').optional(),
  author: z.enum(QUESTION_AUTHORS, { message: 'author must be ai or human' }).optional(),
  search: safeString().trim().max(200, 'search must be at most 200 characters').optional(),
});
export type AdminQuestionListQuery = z.input<typeof AdminQuestionListQuerySchema>;

export const ListedQuestionSchema = AdminQuestionSchema.extend({
  /**
   * Its number in the exam's list, whatever the filters: among the questions that are not rejected
   * ('Question 3'), or, for a rejected one, among the rejected ('Rejected question 1'); creation order.
   */
  number: z.number().int(),
});
export type ListedQuestion = z.infer<typeof ListedQuestionSchema>;

export const AdminQuestionListSchema = z.object({
  questions: z.array(ListedQuestionSchema),
  /** questions matching the query (every page) */
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  /** the exam's questions in each approval state under the query's other filters (topic, author, search) */
  counts: z.object({
    all: z.number().int(),
    pending: z.number().int(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
  /** the topics the exam's questions use ('General' for none), sorted, for the topic filter */
  topics: z.array(safeString()),
});
export type AdminQuestionList = z.infer<typeof AdminQuestionListSchema>;

/**
 * A question of the administrator's preview (decision 0043): what a learner's sitting shows, with the
 * answer and the explanation, which only an administrator may see before submitting.
 */
export const PreviewQuestionSchema = LearnerQuestionSchema.extend({
  /** the correct choice's text: one of `choices` (choices are all different) */
  correctAnswer: safeString(),
  explanation: safeString(),
  explanationImage: QuestionImageSchema.nullish(),
  /** each choice's rationale in the choices' (shown) order, [] when none is written; decision 0050 */
  rationales: z.array(safeString()),
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
});
export type PreviewQuestion = z.infer<typeof PreviewQuestionSchema>;

export const ExamPreviewSchema = z.object({
  examId: safeString(),
  examTitle: safeString(),
  isActive: z.boolean(),
  numberOfQuestions: z.number().int(),
  /** approved questions a sitting draws from */
  approvedCount: z.number().int(),
  /** a sitting's draw: the questions in served order, each with its choices in shown order */
  questions: z.array(PreviewQuestionSchema),
});
export type ExamPreview = z.infer<typeof ExamPreviewSchema>;

const title = safeString({ message: 'Exam title is required' })
  .trim()
  .min(1, 'Exam title is required')
  .max(200, 'Exam title must be at most 200 characters');
const description = safeString().trim().max(5000, 'Description must be at most 5000 characters');
const questionCount = z.coerce
  .number({ message: 'Number of questions is required' })
  .int('Number of questions must be a whole number')
  .min(1, 'Number of questions must be at least 1')
  .max(500, 'Number of questions must be at most 500');
/** Pounds with at most two decimals, 0 or more; converted to integer pence exactly. */
const pounds = (label: string) =>
  z.union([z.number(), safeString()], { message: `${label} is required` }).transform((value, ctx) => {
    const pence = poundsToPence(value);
    if (!Number.isFinite(pence)) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be 0 or more, in pounds with at most 2 decimals`,
      });
      return z.NEVER;
    }
    if (pence > 100_000_00) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at most £100,000` });
      return z.NEVER;
    }
    return pence;
  });

/** An exam's topic list: trimmed, empty ones and repeats (ignoring case) dropped, at most 30. */
export const TopicListSchema = z
  .array(safeString().max(60, 'A topic must be at most 60 characters'))
  .max(30, 'At most 30 topics')
  .transform((topics) => {
    const seen = new Set<string>();
    return topics
      .map((topic) => topic.trim())
      .filter((topic) => {
        const key = topic.toLowerCase();
        if (!topic || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  });
export const SecondsPerQuestionSchema = z.coerce
  .number({ message: 'Seconds per question must be a number' })
  .int('Seconds per question must be a whole number')
  .min(10, 'Seconds per question must be 10 to 600')
  .max(600, 'Seconds per question must be 10 to 600');
export const ModesSchema = z
  .array(SittingModeSchema)
  .min(1, 'Allow at least one way of sitting the exam')
  .transform((modes) => SITTING_MODES.filter((mode) => modes.includes(mode)));

/** The sitting settings an exam may be created or edited with (decision 0031); omitted ones keep defaults. */
const sittingSettings = {
  topics: TopicListSchema.optional(),
  secondsPerQuestion: SecondsPerQuestionSchema.optional(),
  modes: ModesSchema.optional(),
  /** learners may pause a timed sitting, within TIMED_PAUSE_LIMIT_SECONDS in all (decision 0064) */
  timedPauseAllowed: z.boolean({ message: 'Allow pausing timed sittings must be true or false' }).optional(),
};

export const CreateExamBodySchema = z.object({
  ...sittingSettings,
  title,
  category: z.enum(EXAM_CATEGORIES, { message: 'Category must be medical, nursing, pharmacy or other' }),
  description: description.optional().default(''),
  isActive: z.boolean().optional().default(false),
  numberOfQuestions: questionCount,
  monthlySubscriptionFee: pounds('Monthly subscription fee'),
});
export type CreateExamBody = z.input<typeof CreateExamBodySchema>;

export const UpdateExamBodySchema = z.object({
  ...sittingSettings,
  title,
  description: description.min(1, 'Description is required'),
  /** free text on edit (spec §3) */
  category: safeString({ message: 'Category is required' })
    .trim()
    .min(1, 'Category is required')
    .max(50, 'Category must be at most 50 characters'),
  numberOfQuestions: questionCount,
  price: pounds('Price'),
  isActive: z.boolean(),
  tags: z
    .array(safeString().max(50, 'A tag must be at most 50 characters'))
    .max(30, 'At most 30 tags')
    .optional()
    .default([])
    // Trimmed, empty ones dropped, duplicates (ignoring case) dropped.
    .transform((tags) => {
      const seen = new Set<string>();
      return tags
        .map((tag) => tag.trim())
        .filter((tag) => {
          const key = tag.toLowerCase();
          if (!tag || seen.has(key)) return false;
          seen.add(key);
          return true;
        });
    }),
});
export type UpdateExamBody = z.input<typeof UpdateExamBodySchema>;

export const QuestionBodySchema = z
  .object({
    question: safeString({ message: 'Question text is required' })
      .trim()
      .min(1, 'Question text is required')
      .max(2000, 'Question text must be at most 2000 characters'),
    options: z
      .array(
        safeString({ message: 'Every option is required' })
          .trim()
          .min(1, 'Every option is required')
          .max(500, 'An option must be at most 500 characters'),
        {
          message: 'Options are required',
        },
      )
      .min(MIN_OPTIONS, `A question needs ${MIN_OPTIONS} to ${MAX_OPTIONS} options`)
      .max(MAX_OPTIONS, `A question needs ${MIN_OPTIONS} to ${MAX_OPTIONS} options`),
    correctAnswer: z
      .number({ message: 'Choose the correct answer' })
      .int('Choose the correct answer')
      .min(0, 'Choose the correct answer'),
    explanation: safeString()
      .trim()
      .max(4000, 'Explanation must be at most 4000 characters')
      .optional()
      .default(''),
    /** one of the exam's topics, or empty (or null, as a question answers it) for none */
    topic: safeString()
      .trim()
      .max(60, 'A topic must be at most 60 characters')
      .nullish()
      .transform((topic) => (topic ? topic : null)),
    /** an uploaded image and its alt text; null removes it, omitted keeps what the question has */
    image: QuestionImageInputSchema.nullable().optional(),
    explanationImage: QuestionImageInputSchema.nullable().optional(),
    /**
     * What the question teaches (decision 0050): omitted keeps what the question has (a client that does
     * not know them never wipes them), so the spec's four-field body still works.
     */
    rationales: RationalesInputSchema.optional(),
    objective: ObjectiveInputSchema.optional(),
    references: ReferencesInputSchema.optional(),
    /** save even though the exam has a question with nearly the same text ('Add anyway') */
    allowDuplicate: z.boolean().optional(),
    /**
     * shown on the exam's public page to try (decision 0061): at most 3 per exam (a fourth is a 409);
     * omitted keeps what the question has
     */
    isSample: z.boolean({ message: 'isSample must be true or false' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.rationales && value.rationales.length > value.options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['rationales'],
        message: tooManyRationales(value.rationales.length, value.options.length),
      });
    }
    const keys = value.options.map((option) => option.toLowerCase());
    if (new Set(keys).size !== keys.length) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must all be different' });
    }
    if (value.correctAnswer >= value.options.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['correctAnswer'],
        message: 'The correct answer must be one of the options',
      });
    }
  });
export type QuestionBody = z.input<typeof QuestionBodySchema>;

export const QuestionParamsSchema = z.object({ id: safeString().max(64), qid: safeString().max(64) });

export const ApproveBodySchema = z
  .object({
    action: z.enum(['approve', 'reject'], { message: 'action must be approve or reject' }),
    rejectionReason: safeString().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .refine((value) => value.action === 'approve' || (value.rejectionReason ?? '').length > 0, {
    message: 'Please provide a reason for rejection.',
    path: ['rejectionReason'],
  });

/** Reviewing many questions at once (decision 0043): at most this many a request. */
export const BULK_REVIEW_MAX = 200;

/**
 * Approving or rejecting pending AI questions in bulk (one reason for all), or restoring rejected ones to
 * pending. All or nothing: a question that is not in the expected state refuses the whole request.
 */
export const BulkReviewBodySchema = z
  .object({
    action: z.enum(['approve', 'reject', 'restore'], {
      message: 'action must be approve, reject or restore',
    }),
    questionIds: z
      .array(IdSchema, { message: 'Choose the questions' })
      .min(1, 'Choose at least one question')
      .max(BULK_REVIEW_MAX, `At most ${BULK_REVIEW_MAX} questions at once`)
      .refine((ids) => new Set(ids).size === ids.length, 'A question is listed twice'),
    rejectionReason: safeString().trim().max(1000, 'The reason must be at most 1000 characters').optional(),
  })
  .refine((value) => value.action !== 'reject' || (value.rejectionReason ?? '').length > 0, {
    message: 'Please provide a reason for rejection.',
    path: ['rejectionReason'],
  });
export type BulkReviewBody = z.input<typeof BulkReviewBodySchema>;
export const BulkReviewResponseSchema = z.object({ message: safeString(), updated: z.number().int() });

export const GenerateQuestionsBodySchema = z.object({
  prompt: safeString({ message: 'A prompt is required' })
    .trim()
    .min(1, 'A prompt is required')
    .max(2000, 'The prompt must be at most 2000 characters'),
  numQuestions: z.coerce
    .number()
    .int()
    .min(AI_QUESTION_COUNT.min, `Choose ${AI_QUESTION_COUNT.min} to ${AI_QUESTION_COUNT.max} questions`)
    .max(AI_QUESTION_COUNT.max, `Choose ${AI_QUESTION_COUNT.min} to ${AI_QUESTION_COUNT.max} questions`)
    .default(AI_QUESTION_COUNT.default),
});

export const GenerateQuestionsResponseSchema = z.object({
  message: safeString(),
  questions: z.array(AdminQuestionSchema),
  kept: z.number().int(),
  dropped: z.number().int(),
});

export const AdminExamMessageSchema = z.object({ message: safeString(), exam: AdminExamDetailSchema });

/** Spec §5 Publish. */
export function publishRefusal(required: number, count: number): string {
  return `Cannot publish exam. Need ${required} questions, but only have ${count}.`;
}

/**
 * Deleting a counted question from a published exam that learners hold active subscriptions to would
 * take the exam away from them (decision 0016): refused, with what to do instead.
 */
export function questionKeepsSubscribers(required: number): string {
  return `Learners with active subscriptions rely on this published exam, which needs ${required} questions. Add a question or lower the number of questions before deleting this one.`;
}

/** Raising the number of questions of a published exam above the questions it has (decision 0016). */
export function publishedCountRefusal(required: number, count: number): string {
  return `This exam is published and has ${count} question${count === 1 ? '' : 's'}, so the number of questions cannot be raised to ${required}. Add ${required - count} more first, or unpublish the exam.`;
}
