import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema } from './common.ts';

/*
 * What a question teaches besides its key (decision 0050): a rationale for each option (why it is right or
 * wrong), an educational objective (one sentence: what to remember) and up to five references. Plain text,
 * like the explanation; shown to a learner only with the answer (a tutor reveal, a result, a review).
 */

export const RATIONALE_MAX = 1000;
export const OBJECTIVE_MAX = 500;
export const REFERENCES_MAX = 5;
export const REFERENCE_TITLE_MAX = 300;
export const REFERENCE_URL_MAX = 2000;

/** A source a question rests on: a title, and a link when there is one. */
export const QuestionReferenceSchema = z.object({
  title: safeString(),
  url: safeString().nullable(),
});
export type QuestionReference = z.infer<typeof QuestionReferenceSchema>;

/** Whether a text is an absolute http(s) URL with a host (the only links a reference may carry). */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i.test(value);
}

/** A reference as written: a title, and an optional http(s) link (empty = none). */
export const QuestionReferenceInputSchema = z.object({
  title: safeString({ message: 'A reference needs a title' })
    .trim()
    .min(1, 'A reference needs a title')
    .max(REFERENCE_TITLE_MAX, `A reference title must be at most ${REFERENCE_TITLE_MAX} characters`),
  url: safeString()
    .trim()
    .max(REFERENCE_URL_MAX, `A reference link must be at most ${REFERENCE_URL_MAX} characters`)
    .nullish()
    .transform((url) => (url ? url : null))
    .refine((url) => url === null || isHttpUrl(url), 'A reference link must start with http:// or https://'),
});

/**
 * The options' rationales as written: one per option, in the options' order ('' for an option without
 * one). Fewer than the options is fine (the rest have none); more is refused by the question's schema.
 */
export const RationalesInputSchema = z
  .array(safeString().trim().max(RATIONALE_MAX, `A rationale must be at most ${RATIONALE_MAX} characters`), {
    message: 'Rationales must be a list of texts, one per option',
  })
  .max(6, 'A question has at most 6 options, so at most 6 rationales');

export const ObjectiveInputSchema = safeString()
  .trim()
  .max(OBJECTIVE_MAX, `The learning objective must be at most ${OBJECTIVE_MAX} characters`);

export const ReferencesInputSchema = z
  .array(QuestionReferenceInputSchema, { message: 'References must be a list' })
  .max(REFERENCES_MAX, `At most ${REFERENCES_MAX} references`);

/**
 * Rationales as stored and answered: none at all ([]), or exactly one per option with '' for an option
 * without one. Trailing and all-empty lists are made so here.
 */
export function normaliseRationales(
  rationales: readonly string[] | undefined,
  optionCount: number,
): string[] {
  const texts = (rationales ?? []).slice(0, optionCount).map((text) => text.trim());
  if (texts.every((text) => text === '')) return [];
  while (texts.length < optionCount) texts.push('');
  return texts;
}

/** The message refusing more rationales than options. */
export function tooManyRationales(rationales: number, options: number): string {
  return `Each rationale belongs to an option: ${rationales} rationales for ${options} options`;
}

// ---- History (decision 0050) ----------------------------------------------------------------------------

/** What made a version: a change of the question's content, by whom and how. */
export const QUESTION_VERSION_SOURCES = [
  /** the question as it was when histories began (2026-11-27) */
  'existing',
  'created',
  'ai-draft',
  'imported',
  'edited',
  'second-opinion',
  'bulk-topic',
  'topic-renamed',
  'topic-merged',
  'topic-removed',
  'restored',
] as const;
export type QuestionVersionSource = (typeof QUESTION_VERSION_SOURCES)[number];

/** The fields a version keeps: everything a learner sees of the question and its answer. */
export const QUESTION_CONTENT_FIELDS = [
  'question',
  'options',
  'correctAnswer',
  'explanation',
  'rationales',
  'objective',
  'references',
  'topic',
  'image',
  'explanationImage',
] as const;
export type QuestionContentField = (typeof QUESTION_CONTENT_FIELDS)[number];

const VersionImageSchema = z
  .object({ hash: safeString(), width: z.number().int(), height: z.number().int(), alt: safeString() })
  .nullable();

export const QuestionVersionContentSchema = z.object({
  question: safeString(),
  options: z.array(safeString()),
  correctAnswer: z.number().int(),
  explanation: safeString(),
  rationales: z.array(safeString()),
  objective: safeString(),
  references: z.array(QuestionReferenceSchema),
  topic: safeString().nullable(),
  image: VersionImageSchema,
  explanationImage: VersionImageSchema,
});
export type QuestionVersionContent = z.infer<typeof QuestionVersionContentSchema>;
/** A version's content without its images: what an AI draft writes, and what comparing two versions reads. */
export type QuestionTextContent = Omit<QuestionVersionContent, 'image' | 'explanationImage'>;

export const QuestionVersionSchema = z.object({
  version: z.number().int(),
  source: z.enum(QUESTION_VERSION_SOURCES),
  /** the fields that differ from the version before (empty for the first) */
  changes: z.array(z.enum(QUESTION_CONTENT_FIELDS)),
  /** who made it: the administrator's name, or null (deleted administrator, or the system) */
  by: safeString().nullable(),
  createdAt: safeString(),
  /** a restore names the version it brought back */
  restoredFrom: z.number().int().nullable(),
  content: QuestionVersionContentSchema,
});
export type QuestionVersion = z.infer<typeof QuestionVersionSchema>;

/** Versions a history page shows unless asked otherwise. */
export const HISTORY_PAGE_SIZE = 20;

export const QuestionHistorySchema = z.object({
  questionId: safeString(),
  /** the question's current version */
  current: z.number().int(),
  /** newest first */
  versions: z.array(QuestionVersionSchema),
  /** the content of the version just before the page's last one (its changes are shown against it) */
  older: QuestionVersionContentSchema.nullable(),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type QuestionHistory = z.infer<typeof QuestionHistorySchema>;

export const VersionParamsSchema = z.object({
  id: safeString().max(64),
  qid: safeString().max(64),
  version: z.coerce
    .number({ message: 'version must be a number' })
    .int('version must be a whole number')
    .min(1, 'version must be 1 or more')
    .max(1_000_000, 'version is too large'),
});

// ---- Nearly the same text (decision 0050) ---------------------------------------------------------------

/** The refusal's code when a question's text is nearly the same as another in the exam. */
export const DUPLICATE_QUESTION_CODE = 'DUPLICATE_QUESTION';

export const SimilarQuestionsBodySchema = z.object({
  question: safeString({ message: 'Question text is required' })
    .trim()
    .min(1, 'Question text is required')
    .max(2000, 'Question text must be at most 2000 characters'),
  /** the question being edited, which is never its own duplicate */
  excludeId: safeString().max(64).optional(),
});
export type SimilarQuestionsBody = z.input<typeof SimilarQuestionsBodySchema>;

export const SimilarQuestionSchema = z.object({
  _id: safeString(),
  question: safeString(),
  /** its number in the exam's list (see ListedQuestionSchema.number) */
  number: z.number().int(),
  approvalStatus: z.enum(['pending', 'approved', 'rejected']),
  /** trigram similarity, 0–1 */
  similarity: z.number(),
});
export type SimilarQuestion = z.infer<typeof SimilarQuestionSchema>;
export const SimilarQuestionsSchema = z.object({ similar: z.array(SimilarQuestionSchema) });
export type SimilarQuestions = z.infer<typeof SimilarQuestionsSchema>;

// ---- Topics (decision 0050) -----------------------------------------------------------------------------

export const TOPIC_MAX = 60;
export const TOPICS_MAX = 30;

export const TopicNameSchema = safeString({ message: 'A topic name is required' })
  .trim()
  .min(1, 'A topic name is required')
  .max(TOPIC_MAX, `A topic must be at most ${TOPIC_MAX} characters`);

export const ExamTopicsSchema = z.object({
  /** the exam's topics in its order, each with how many of its questions (rejected ones aside) use it */
  topics: z.array(z.object({ name: safeString(), questionCount: z.number().int() })),
  /** questions without a topic (shown as 'General') */
  untagged: z.number().int(),
});
export type ExamTopics = z.infer<typeof ExamTopicsSchema>;

export const AddTopicBodySchema = z.object({ name: TopicNameSchema });
export const RenameTopicBodySchema = z.object({ from: TopicNameSchema, to: TopicNameSchema });
export const MergeTopicsBodySchema = z.object({
  from: z
    .array(TopicNameSchema, { message: 'Choose the topics to merge' })
    .min(1, 'Choose the topics to merge')
    .max(TOPICS_MAX, `At most ${TOPICS_MAX} topics`),
  into: TopicNameSchema,
});
export const RemoveTopicBodySchema = z.object({
  name: TopicNameSchema,
  /** where its questions go: another of the exam's topics, or null for none ('General') */
  moveTo: TopicNameSchema.nullable(),
});
export const TopicChangeResponseSchema = z.object({ message: safeString(), topics: ExamTopicsSchema });

/** Setting the topic of chosen questions (the bank's bulk 'Set topic'). */
export const BulkTopicBodySchema = z.object({
  questionIds: z
    .array(IdSchema, { message: 'Choose the questions' })
    .min(1, 'Choose at least one question')
    .max(200, 'At most 200 questions at once')
    .refine((ids) => new Set(ids).size === ids.length, 'A question is listed twice'),
  /** one of the exam's topics, or null for none */
  topic: TopicNameSchema.nullable(),
});
export const BulkTopicResponseSchema = z.object({ message: safeString(), updated: z.number().int() });

/** The refusal of a topic that is not one of the exam's (screens and hand-written calls alike). */
export function topicNotInExam(topic: string): string {
  return `"${topic}" is not one of this exam's topics. Add it to the exam's topics first.`;
}
