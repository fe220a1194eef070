import {
  ALT_TEXT_MAX,
  isHttpUrl,
  OBJECTIVE_MAX,
  RATIONALE_MAX,
  REFERENCE_TITLE_MAX,
  MAX_OPTIONS,
  MIN_OPTIONS,
  publishRefusal,
  QUESTION_AUTHORS,
  QUESTION_PAGE_SIZE,
  type AdminExamInfo,
  type AdminExamSummary,
  type AdminQuestion,
  type AdminQuestionList,
  type AdminQuestionListQuery,
  type ListedQuestion,
  type QuestionAuthor,
  type QuestionBody,
  type QuestionImage,
  type UpdateExamBody,
  CreateExamBodySchema,
  QuestionBodySchema,
  UpdateExamBodySchema,
  safeString,
  type CreateExamBody,
} from '@mlp/contract';
import { z } from 'zod';
import { checkedBy } from '../../lib/contract-rule.ts';

/*
 * The exam editor's rules (spec §4 Exam admin, §5 Exam edit / Publish / Question), kept free of React so
 * they can be tested directly.
 */

/** Why 'Create Exam' is unavailable while site settings turn exam creation off (decision 0024). */
export const EXAM_CREATION_OFF = 'Exam creation is turned off in Settings.';

/**
 * Why the create form's 'Publish Exam' box cannot be ticked: publishing needs all the questions
 * (spec §5 Publish) and a new exam has none, so the server could only refuse it (decision 0024).
 */
export const PUBLISH_ON_CREATE_HINT =
  'A new exam has no questions yet. Add them after creating the exam, then publish it from its page.';

/** Spec §4: 'Publish Exam' shows only when there are enough questions and the exam is not yet published. */
export function canPublish(
  exam: Pick<AdminExamSummary, 'isActive' | 'questionCount' | 'numberOfQuestions'>,
): boolean {
  return !exam.isActive && exam.questionCount >= exam.numberOfQuestions;
}

/** The client-side refusal when publishing with too few questions, or null when it may go ahead. */
export function publishProblem(
  exam: Pick<AdminExamSummary, 'questionCount' | 'numberOfQuestions'>,
): string | null {
  return exam.questionCount < exam.numberOfQuestions
    ? publishRefusal(exam.numberOfQuestions, exam.questionCount)
    : null;
}

/**
 * What deleting a question does to its exam (decision 0016): a counted question of a published exam at
 * its required count unpublishes the exam, or is refused while learners hold active subscriptions.
 */
export function questionDeleteEffect(
  exam: Pick<AdminExamInfo, 'isActive' | 'questionCount' | 'numberOfQuestions' | 'activeSubscribers'>,
  question: Pick<AdminQuestion, 'approvalStatus'>,
): 'none' | 'unpublishes' | 'refused' {
  const counted = question.approvalStatus === 'approved';
  if (!exam.isActive || !counted || exam.questionCount - 1 >= exam.numberOfQuestions) return 'none';
  return exam.activeSubscribers > 0 ? 'refused' : 'unpublishes';
}

/** Said in the delete dialog when the delete will move the exam back to Draft. */
export function unpublishWarning(required: number): string {
  return `This exam is published and needs ${required} questions. Deleting this one leaves ${required - 1}, so the exam will be unpublished (back to Draft) until it has enough again.`;
}

/**
 * The question list's views (decision 0024). 'current' is the spec's list and the default: everything
 * but rejected questions (§4: a rejected question disappears from it). 'pending' narrows it to AI drafts
 * waiting for approval; 'rejected' lists the rejected drafts with their reasons, which would otherwise
 * vanish. The server pages and filters them (decision 0043); each view is one `status` of its list.
 */
export type QuestionView = 'current' | 'pending' | 'rejected';
const QUESTION_VIEWS: readonly QuestionView[] = ['current', 'pending', 'rejected'];

/**
 * Narrowing the question list (decision 0043): a topic, AI-drafted or hand-written, and words in the text.
 */
export interface QuestionFilters {
  topic: string;
  author: '' | QuestionAuthor;
  search: string;
}

/** What the list shows, as kept in the edit page's URL: `?view=&topic=&author=&search=&page=`. */
export interface QuestionListState {
  view: QuestionView;
  filters: QuestionFilters;
  /** from 1 */
  page: number;
}

/** The list's state from the URL; anything unknown or missing is the default (Current, no filter, page 1). */
export function readQuestionListState(params: URLSearchParams): QuestionListState {
  const view = params.get('view');
  const author = params.get('author');
  const page = Number(params.get('page'));
  return {
    view: QUESTION_VIEWS.find((known) => known === view) ?? 'current',
    filters: {
      topic: params.get('topic') ?? '',
      author: QUESTION_AUTHORS.find((known) => known === author) ?? '',
      search: params.get('search') ?? '',
    },
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The URL's query for a state: only what differs from the defaults, so the plain list has a plain URL. */
export function questionListSearch(state: QuestionListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.view !== 'current') params.set('view', state.view);
  if (state.filters.topic) params.set('topic', state.filters.topic);
  if (state.filters.author) params.set('author', state.filters.author);
  if (state.filters.search.trim()) params.set('search', state.filters.search.trim());
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The API query for a state (GET /api/admin/exams/{id}/questions), without empty filters. */
export function questionListQuery(state: QuestionListState): AdminQuestionListQuery {
  const search = state.filters.search.trim();
  return {
    status: state.view,
    ...(state.filters.topic ? { topic: state.filters.topic } : {}),
    ...(state.filters.author ? { author: state.filters.author } : {}),
    ...(search ? { search } : {}),
    page: state.page,
    limit: QUESTION_PAGE_SIZE,
  };
}

export function isFiltered(filters: QuestionFilters): boolean {
  return filters.topic !== '' || filters.author !== '' || filters.search.trim() !== '';
}

/** How many questions each view holds, from the list's counts per status. */
export function questionViewCounts(counts: AdminQuestionList['counts']): Record<QuestionView, number> {
  return { current: counts.all - counts.rejected, pending: counts.pending, rejected: counts.rejected };
}

/**
 * A listed question's heading: its number in the current list ('Question 3', which a pending draft keeps
 * in the Pending view and under any filter), or in the rejected list ('Rejected question 1').
 */
export function questionLabel(question: Pick<ListedQuestion, 'approvalStatus' | 'number'>): string {
  return question.approvalStatus === 'rejected'
    ? `Rejected question ${question.number}`
    : `Question ${question.number}`;
}

/** The questions shown on a page ('26–50'), or null when the list is empty. */
export function shownRange(page: number, limit: number, total: number): string | null {
  if (total === 0) return null;
  const first = Math.min((page - 1) * limit + 1, total);
  return `${first}–${Math.min(page * limit, total)}`;
}

/** Spec §5: a tag is added on Enter, trimmed, and ignored if empty or a duplicate (any letter case). */
export function addTag(tags: string[], input: string): string[] {
  const tag = input.trim();
  if (!tag) return tags;
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return tags;
  return [...tags, tag];
}

// ---- Questions ----------------------------------------------------------------------------------

export interface QuestionDraft {
  question: string;
  options: string[];
  /** Why each option is right or wrong, beside its option (same length as `options`; '' for none). */
  rationales: string[];
  /** Index of the correct option, or null until one is chosen. */
  correctAnswer: number | null;
  explanation: string;
  /** One of the exam's topics, or '' for none (decision 0050). */
  topic: string;
  /** The educational objective: one sentence, what to remember. */
  objective: string;
  /** Sources, as typed (empty rows are dropped on save). */
  references: ReferenceDraft[];
  /** Shown with the question, and with the explanation (decision 0040); alt text as typed. */
  image: QuestionImage | null;
  explanationImage: QuestionImage | null;
  /** Shown on the exam's public page for anyone to try (decision 0061): at most 3 per exam. */
  isSample: boolean;
}

export interface ReferenceDraft {
  title: string;
  url: string;
}

export function newQuestionDraft(): QuestionDraft {
  return {
    question: '',
    options: Array.from({ length: MIN_OPTIONS }, () => ''),
    rationales: Array.from({ length: MIN_OPTIONS }, () => ''),
    correctAnswer: null,
    explanation: '',
    topic: '',
    objective: '',
    references: [],
    image: null,
    explanationImage: null,
    isSample: false,
  };
}

export function draftFromQuestion(question: AdminQuestion): QuestionDraft {
  const options = [...question.options];
  while (options.length < MIN_OPTIONS) options.push('');
  return {
    question: question.question,
    options,
    rationales: options.map((_option, index) => question.rationales[index] ?? ''),
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    topic: question.topic ?? '',
    objective: question.objective,
    references: question.references.map((reference) => ({
      title: reference.title,
      url: reference.url ?? '',
    })),
    image: question.image ?? null,
    explanationImage: question.explanationImage ?? null,
    isSample: question.isSample,
  };
}

/** The alt text's problem, if any: required (1–250 characters) whenever there is an image. */
export function altTextProblem(image: QuestionImage | null): string | undefined {
  if (!image) return undefined;
  const alt = image.alt.trim();
  if (!alt) return 'Describe the image for people who cannot see it';
  if (alt.length > ALT_TEXT_MAX) return `The image description must be at most ${ALT_TEXT_MAX} characters`;
  return undefined;
}

/** Spec §5: at most 6 options ('add' disabled at 6 or more). */
export const canAddOption = (draft: QuestionDraft) => draft.options.length < MAX_OPTIONS;
/** Spec §5: at least 4 options ('remove' disabled at 4 or fewer). */
export const canRemoveOption = (draft: QuestionDraft) => draft.options.length > MIN_OPTIONS;

export function addOption(draft: QuestionDraft): QuestionDraft {
  return canAddOption(draft)
    ? { ...draft, options: [...draft.options, ''], rationales: [...draft.rationales, ''] }
    : draft;
}

/**
 * Removes one option. The correct answer keeps pointing at the same option text: it moves up when an
 * earlier option goes, and is cleared (to be chosen again) when the correct option itself goes.
 */
export function removeOption(draft: QuestionDraft, index: number): QuestionDraft {
  if (!canRemoveOption(draft) || index < 0 || index >= draft.options.length) return draft;
  const options = draft.options.filter((_option, i) => i !== index);
  // Its rationale goes with it.
  const rationales = draft.rationales.filter((_rationale, i) => i !== index);
  let correctAnswer = draft.correctAnswer;
  if (correctAnswer !== null) {
    if (correctAnswer === index) correctAnswer = null;
    else if (correctAnswer > index) correctAnswer -= 1;
  }
  return { ...draft, options, rationales, correctAnswer };
}

export interface QuestionDraftErrors {
  question?: string;
  options?: Array<string | undefined>;
  correctAnswer?: string;
  /** A problem with the options as a whole (e.g. two the same). */
  form?: string;
  /** The alt text of the question's or the explanation's image. */
  image?: string;
  explanationImage?: string;
  rationales?: Array<string | undefined>;
  objective?: string;
  /** Per reference row: its title's and its link's problem. */
  references?: Array<{ title?: string; url?: string } | undefined>;
}

/** Two options the same (ignoring case and spaces around), once every option is written; or undefined. */
export function repeatedOptionsProblem(options: string[]): string | undefined {
  const keys = options.map((option) => option.trim().toLowerCase());
  if (keys.some((key) => !key)) return undefined;
  return new Set(keys).size !== keys.length ? 'Options must all be different' : undefined;
}

export function validateQuestionDraft(draft: QuestionDraft): QuestionDraftErrors {
  const errors: QuestionDraftErrors = {};
  if (!draft.question.trim()) errors.question = 'Question text is required';
  const optionErrors = draft.options.map((option, i) =>
    option.trim() ? undefined : `Option ${i + 1} is required`,
  );
  if (optionErrors.some(Boolean)) errors.options = optionErrors;
  else {
    const repeated = repeatedOptionsProblem(draft.options);
    if (repeated) errors.form = repeated;
  }
  if (
    draft.correctAnswer === null ||
    draft.correctAnswer < 0 ||
    draft.correctAnswer >= draft.options.length
  ) {
    errors.correctAnswer = 'Choose the correct answer';
  }
  for (const field of ['image', 'explanationImage'] as const) {
    const problem = altTextProblem(draft[field]);
    if (problem) errors[field] = problem;
  }
  const rationaleErrors = draft.rationales.map((text) =>
    text.trim().length > RATIONALE_MAX
      ? `A rationale must be at most ${RATIONALE_MAX} characters`
      : undefined,
  );
  if (rationaleErrors.some(Boolean)) errors.rationales = rationaleErrors;
  if (draft.objective.trim().length > OBJECTIVE_MAX)
    errors.objective = `The learning objective must be at most ${OBJECTIVE_MAX} characters`;
  const referenceErrors = draft.references.map((reference) => referenceProblem(reference));
  if (referenceErrors.some(Boolean)) errors.references = referenceErrors;
  return errors;
}

/** A reference row's problems: an empty row is fine (dropped on save); a link needs a title and http(s). */
function referenceProblem(reference: ReferenceDraft): { title?: string; url?: string } | undefined {
  const title = reference.title.trim();
  const url = reference.url.trim();
  if (!title && !url) return undefined;
  const problem: { title?: string; url?: string } = {};
  if (!title) problem.title = 'A reference needs a title';
  else if (title.length > REFERENCE_TITLE_MAX)
    problem.title = `A reference title must be at most ${REFERENCE_TITLE_MAX} characters`;
  if (url && !isHttpUrl(url)) problem.url = 'A reference link must start with http:// or https://';
  return problem.title || problem.url ? problem : undefined;
}

export const hasErrors = (errors: object) => Object.keys(errors).length > 0;

/**
 * Where the dialog's form keeps a problem with the options as a whole ('Options must all be different'):
 * beside the options, not at 'options', whose own messages ('options.2') would then not follow their
 * fields. The dialog shows it from the options themselves (repeatedOptionsProblem).
 */
export const OPTIONS_AS_A_WHOLE = 'optionsAsAWhole';

/** The draft's problems by field path, as the dialog's form names its fields ('options.2', 'references.0.url'). */
export function questionDraftIssues(errors: QuestionDraftErrors): Array<{ path: string; message: string }> {
  const issues: Array<{ path: string; message: string | undefined }> = [
    { path: 'question', message: errors.question },
    { path: 'image', message: errors.image },
    ...(errors.options ?? []).map((message, index) => ({ path: `options.${index}`, message })),
    ...(errors.rationales ?? []).map((message, index) => ({ path: `rationales.${index}`, message })),
    { path: OPTIONS_AS_A_WHOLE, message: errors.form },
    { path: 'correctAnswer', message: errors.correctAnswer },
    { path: 'objective', message: errors.objective },
    ...(errors.references ?? []).flatMap((problem, index) => [
      { path: `references.${index}.title`, message: problem?.title },
      { path: `references.${index}.url`, message: problem?.url },
    ]),
    { path: 'explanationImage', message: errors.explanationImage },
  ];
  return issues.filter((issue): issue is { path: string; message: string } => Boolean(issue.message));
}

/**
 * What the contract's QuestionBodySchema refuses in a body the draft's own checks passed (the question
 * over 2,000 characters, an option over 500, the explanation over 4,000), with its messages, by the
 * dialog's field paths. A problem the dialog has no field for is left to the server, whose refusal the
 * dialog shows.
 */
export function questionBodyIssues(body: QuestionBody): Array<{ path: string; message: string }> {
  const checked = QuestionBodySchema.safeParse(body);
  if (checked.success) return [];
  return checked.error.issues.flatMap((issue) => {
    const [field, index] = issue.path;
    if (field === 'question' || field === 'explanation' || field === 'objective') {
      return [{ path: field, message: issue.message }];
    }
    if ((field === 'options' || field === 'rationales') && typeof index === 'number') {
      return [{ path: `${field}.${index}`, message: issue.message }];
    }
    if (field === 'image' || field === 'explanationImage') return [{ path: field, message: issue.message }];
    return [];
  });
}

export function toQuestionBody(draft: QuestionDraft): QuestionBody {
  return {
    question: draft.question.trim(),
    options: draft.options.map((option) => option.trim()),
    correctAnswer: draft.correctAnswer ?? 0,
    explanation: draft.explanation.trim(),
    topic: draft.topic || null,
    rationales: draft.rationales.map((text) => text.trim()),
    objective: draft.objective.trim(),
    references: draft.references
      .filter((reference) => reference.title.trim() || reference.url.trim())
      .map((reference) => ({ title: reference.title.trim(), url: reference.url.trim() || null })),
    // Always sent: null removes an image the question had.
    image: draft.image ? { hash: draft.image.hash, alt: draft.image.alt.trim() } : null,
    explanationImage: draft.explanationImage
      ? { hash: draft.explanationImage.hash, alt: draft.explanationImage.alt.trim() }
      : null,
    isSample: draft.isSample,
  };
}

// ---- Exam information -----------------------------------------------------------------------------

/** The fields the create and edit forms share, as typed (numbers stay text until saved). */
export interface ExamFieldValues {
  title: string;
  description: string;
  category: string;
  numberOfQuestions: string;
  /** Pounds a month. */
  price: string;
}

/** The edit form's values: the shared fields, the status and the tags. */
export interface ExamInfoValues extends ExamFieldValues {
  isActive: boolean;
  tags: string[];
  /** learners may pause a timed sitting (decision 0064) */
  timedPauseAllowed: boolean;
}

export function examInfoFromExam(exam: AdminExamInfo): ExamInfoValues {
  return {
    title: exam.title,
    description: exam.description,
    category: exam.category,
    numberOfQuestions: String(exam.numberOfQuestions),
    price: exam.price.toFixed(2),
    isActive: exam.isActive,
    tags: [...exam.tags],
    timedPauseAllowed: exam.timedPauseAllowed,
  };
}

/*
 * The exam forms' schemas reuse the contract's (CreateExamBodySchema, UpdateExamBodySchema), so the form
 * refuses what the API would, with the API's own messages. They add only what a field holding text needs
 * before the contract sees it: 'is required' for an empty number or price (the contract would read '' as 0
 * or as no price at all), and whole digits only ('1e2' is not a number of questions to type).
 */

/** Number of questions as typed: required and whole here; the contract's schema holds the range (1 to 500). */
const questionCountField = safeString()
  .trim()
  .min(1, { message: 'Number of questions is required', abort: true })
  .regex(/^\d+$/, 'Number of questions must be a whole number')
  .transform(checkedBy(CreateExamBodySchema.shape.numberOfQuestions));

/**
 * Pounds as typed: required here; the contract's `pounds` rule (0 or more, at most 2 decimals, at most
 * £100,000, its messages named after the field) gives pence, sent back as pounds as the API takes them.
 */
const poundsField = (rule: z.ZodType<number>, label: string) =>
  safeString()
    .trim()
    .min(1, `${label} is required`)
    .transform(checkedBy(rule))
    .transform((pence) => pence / 100);

/**
 * Spec §5 Exam create: title, category, number of questions and fee required; description optional. A new
 * exam is always a draft (see PUBLISH_ON_CREATE_HINT).
 */
export const createExamFormSchema = z
  .object({
    title: CreateExamBodySchema.shape.title,
    // Picked from the contract's list; unpicked, it is the spec's 'required'.
    category: safeString().transform(checkedBy(CreateExamBodySchema.shape.category, 'Category is required')),
    description: safeString().transform(checkedBy(CreateExamBodySchema.shape.description)),
    numberOfQuestions: questionCountField,
    price: poundsField(CreateExamBodySchema.shape.monthlySubscriptionFee, 'Monthly subscription fee'),
  })
  .transform(({ price, ...exam }): CreateExamBody => ({
    ...exam,
    isActive: false,
    monthlySubscriptionFee: price,
  }));

/**
 * Spec §5 Exam edit: title, description, category (free text), number of questions (≥ 1) and price (≥ 0)
 * required. Tags are checked as they are added (TagInput), so they pass as they are.
 */
export const examInfoFormSchema = z.object({
  title: UpdateExamBodySchema.shape.title,
  description: UpdateExamBodySchema.shape.description,
  category: UpdateExamBodySchema.shape.category,
  numberOfQuestions: questionCountField,
  price: poundsField(UpdateExamBodySchema.shape.price, 'Price'),
  isActive: z.boolean(),
  tags: z.array(safeString()),
  timedPauseAllowed: z.boolean(),
}) satisfies z.ZodType<UpdateExamBody, ExamInfoValues>;

/**
 * The bank's list searched for a question's first words (up to about 60 characters, cut at a word): where
 * a duplicate warning's link opens, with the similar questions side by side (decision 0050).
 */
export function duplicateSearchLink(examId: string, text: string): string {
  const words = text.trim().split(/\s+/);
  let search = '';
  for (const word of words) {
    const next = search ? `${search} ${word}` : word;
    if (next.length > 60 && search) break;
    search = next.slice(0, 200);
  }
  return `/admin/exams/${examId}/edit?${new URLSearchParams({ search }).toString()}`;
}
