import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  MAX_OPTIONS,
  MIN_OPTIONS,
  normaliseRationales,
  QuestionBodySchema,
  SECOND_OPINION_VERDICTS,
  safeString,
  type AdminQuestion,
  type ApplySecondOpinionBodySchema,
  type SecondOpinion,
  type SuggestedQuestion,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadGatewayError, ConflictError, UnprocessableError } from '../../lib/errors.ts';
import { changedFields } from '../audit/audit-changes.ts';
import type { QuestionRow } from './admin-exams.repository.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';
import {
  loadExam,
  loadExamRow,
  loadQuestion,
  recordExamChange,
  toAdminQuestion,
} from './admin-exams.service.ts';
import { MODEL_QUESTION_SCHEMA, tidyModelQuestion } from './question-drafts.ts';
import { changeQuestion, examTopic, rationalesFor } from './question-changes.ts';

/*
 * AI second opinion (decision 0042). Asking is a read: the question, its key and explanation and the
 * exam's title, category and topics go to the configured model, and its verdict and suggested fix come
 * back to the administrator; nothing is stored. Applying is a write, refused when the question has
 * changed since the opinion was asked, and recorded in the activity log.
 */

const LETTERS = 'ABCDEF';

/** Strict JSON Schema of the model's answer (OpenAI structured outputs need every key required). */
const OPINION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['verdict', 'summary', 'issues', 'suggestion'],
  properties: {
    verdict: {
      type: 'string',
      enum: [...SECOND_OPINION_VERDICTS],
      description:
        "'agrees' when the marked answer and the explanation are right, 'disagrees' when either is wrong, 'unsure' when you cannot tell",
    },
    summary: { type: 'string', description: 'two or three sentences for the author' },
    issues: {
      type: 'array',
      items: { type: 'string' },
      description: 'each problem found, one short sentence each; empty when there is none',
    },
    suggestion: {
      ...MODEL_QUESTION_SCHEMA,
      description: 'the question as you would publish it; the same question when nothing needs changing',
    },
  },
} as const;

const SYSTEM_PROMPT = [
  'You are the second reviewer of multiple-choice questions for practice exams taken by medical, nursing and pharmacy learners in the UK.',
  'Check that the option marked correct is right and the only defensible answer, consistent with current UK guidance',
  '(NICE, BNF, Resuscitation Council UK); that the explanation is accurate and says why that answer is right;',
  "that each option's rationale is accurate and says why that option is right or wrong (write the missing ones);",
  'that the educational objective states in one sentence what to remember; that the references are real and relevant;',
  `and that the question is unambiguous, with ${MIN_OPTIONS} to ${MAX_OPTIONS} distinct, plausible options.`,
  "In the suggestion, change only what needs fixing and keep the author's wording and option order elsewhere;",
  'when nothing needs fixing, give the question back unchanged. Answer only with the JSON requested.',
].join(' ');

/** What the model must answer besides the suggestion, which is checked on its own. */
const ModelOpinionSchema = z.object({
  verdict: z.enum(SECOND_OPINION_VERDICTS),
  summary: safeString().trim().min(1).max(2000),
  issues: z.array(safeString().trim().max(1000)).max(30),
  suggestion: z.unknown(),
});

type QuestionContent = Pick<
  QuestionRow,
  | 'question'
  | 'options'
  | 'correctAnswer'
  | 'explanation'
  | 'topic'
  | 'rationales'
  | 'objective'
  | 'references'
>;

const UNUSABLE = 'The AI service returned an answer that could not be used. Please try again.';

/**
 * The question's content as a short fingerprint: what the model judged and the administrator reviewed.
 * Approving or rejecting the question does not change it; editing any of these fields does.
 */
export function questionVersion(row: QuestionContent): string {
  return createHash('sha256')
    .update(
      JSON.stringify([
        row.question,
        row.options,
        row.correctAnswer,
        row.explanation,
        row.topic ?? null,
        normaliseRationales(row.rationales, row.options.length),
        row.objective,
        row.references,
      ]),
    )
    .digest('base64url');
}

function userMessage(
  exam: { title: string; category: string; topics: string[] },
  question: QuestionRow,
  focus: string | undefined,
): string {
  const key = question.options[question.correctAnswer];
  return [
    `Exam: ${exam.title}`,
    `Category: ${exam.category}`,
    exam.topics.length > 0
      ? `Topics of this exam (the suggestion's topic must be one of them, exactly as written): ${exam.topics.join('; ')}`
      : 'This exam has no topic list: leave the topic empty.',
    // One line of JSON: the text exactly as stored, with no ambiguity about where an option ends.
    'The question to check, as JSON (correctAnswer is the zero-based index of the option marked correct):',
    JSON.stringify({
      question: question.question,
      options: question.options,
      correctAnswer: question.correctAnswer,
      explanation: question.explanation,
      topic: question.topic ?? '',
      rationales: normaliseRationales(question.rationales, question.options.length),
      objective: question.objective,
      references: question.references,
    }),
    key === undefined ? '' : `The option marked correct: ${LETTERS[question.correctAnswer] ?? ''}. ${key}`,
    question.image ? `The question shows an image described as: ${question.image.alt}` : '',
    question.explanationImage
      ? `The explanation shows an image described as: ${question.explanationImage.alt}`
      : '',
    focus ? `What the author asks you to look at first: ${focus}` : '',
  ]
    .filter(Boolean)
    .join('\n\n');
}

/**
 * The model's suggestion if it passes the rules of a hand-written question, with its topic as the exam
 * spells it; otherwise null and why.
 */
function checkSuggestion(
  raw: unknown,
  examTopics: string[],
  current: QuestionRow,
): { suggestion: SuggestedQuestion | null; note: string | null } {
  const parsed = QuestionBodySchema.safeParse(tidyModelQuestion(raw));
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'it is not a valid question';
    return {
      suggestion: null,
      note: `The model's suggested fix was left out because it breaks the question rules: ${reason}.`,
    };
  }
  const { question, options, correctAnswer, explanation } = parsed.data;
  const teaching = {
    rationales: normaliseRationales(parsed.data.rationales, options.length),
    objective: parsed.data.objective ?? '',
    references: parsed.data.references ?? [],
  };
  const topics = new Map(examTopics.map((topic) => [topic.toLowerCase(), topic]));
  const wanted = parsed.data.topic;
  let topic = wanted === null ? null : (topics.get(wanted.toLowerCase()) ?? undefined);
  let note: string | null = null;
  if (topic === undefined) {
    // A topic the exam does not have would file the question under a heading nobody chose.
    topic = current.topic;
    note = `The model suggested the topic "${wanted}", which is not one of this exam's topics, so the current topic is kept.`;
  }
  return { suggestion: { question, options, correctAnswer, explanation, topic, ...teaching }, note };
}

/** Asks the configured model for a second opinion on one question. Stores nothing. */
export async function askSecondOpinion(
  ctx: AppContext,
  examId: string,
  questionId: string,
  focus: string | undefined,
): Promise<SecondOpinion> {
  const exam = await loadExam(ctx.db, examId);
  const question = await loadQuestion(ctx.db, exam.id, questionId);
  const answer = await ctx.ai.completeJson({
    system: SYSTEM_PROMPT,
    user: userMessage(exam, question, focus),
    schemaName: 'second_opinion',
    schema: OPINION_SCHEMA,
    temperature: 0.2,
  });
  const opinion = ModelOpinionSchema.safeParse(answer);
  if (!opinion.success) throw new BadGatewayError(UNUSABLE);
  const { suggestion, note } = checkSuggestion(opinion.data.suggestion, exam.topics, question);
  return {
    verdict: opinion.data.verdict,
    summary: opinion.data.summary,
    issues: opinion.data.issues.filter(Boolean),
    suggestion,
    note,
    model: ctx.ai.model ?? '',
    version: questionVersion(question),
  };
}

type ApplyInput = z.output<typeof ApplySecondOpinionBodySchema>;

/** A question's fields as the activity log shows them: the key as a letter ('B → C', not '1 → 2'). */
function shownFields(content: QuestionContent) {
  return {
    question: content.question,
    options: content.options,
    correctAnswer: LETTERS[content.correctAnswer] ?? String(content.correctAnswer + 1),
    explanation: content.explanation,
    topic: content.topic,
  };
}

/**
 * Applies a reviewed suggestion to the question, in one transaction holding the exam's row lock: refused
 * (409) when the question is not what the opinion was asked on, and (422) when it would change nothing.
 * Images, approval state and authorship stay as they are. The change is a new version of the question
 * (restoring the one before undoes it, decision 0050); the activity log keeps what changed, the model and
 * its verdict.
 */
export async function applySecondOpinion(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  questionId: string,
  body: ApplyInput,
): Promise<{ message: string; question: AdminQuestion; previousVersion: number }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExamRow(tx, examId, 'share');
    const existing = await loadQuestion(tx, exam.id, questionId);
    if (questionVersion(existing) !== body.version) throw new ConflictError(EXAM_MESSAGES.opinionStale);
    const { question, options, correctAnswer, explanation } = body.suggestion;
    const next = {
      question,
      options,
      correctAnswer,
      explanation,
      topic: examTopic(exam.topics, body.suggestion.topic),
      rationales: rationalesFor(body.suggestion.rationales, options),
      objective: body.suggestion.objective ?? existing.objective,
      references: body.suggestion.references ?? existing.references,
    };
    if (questionVersion(next) === body.version)
      throw new UnprocessableError(EXAM_MESSAGES.suggestionUnchanged);
    const { row } = await changeQuestion(tx, actor, existing, next, 'second-opinion');
    const changes = changedFields(shownFields(existing), shownFields(next));
    await recordExamChange(ctx, tx, actor, exam.id, 'applied_ai_suggestion', {
      label: exam.title,
      questionId: row.id,
      model: body.model,
      verdict: body.verdict,
      changes,
      version: row.version,
    });
    return {
      message: EXAM_MESSAGES.suggestionApplied,
      question: toAdminQuestion(row),
      previousVersion: existing.version,
    };
  });
}
