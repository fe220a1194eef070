import {
  isHttpUrl,
  MAX_OPTIONS,
  MIN_OPTIONS,
  normaliseRationales,
  QuestionBodySchema,
  REFERENCES_MAX,
  type AdminQuestion,
  type QuestionTextContent,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadGatewayError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { insertQuestions } from './admin-exams.repository.ts';
import { detail, toAdminQuestion } from './admin-exams.service.ts';
import { appendVersions } from './question-history.repository.ts';

/** One question as the model writes it (drafts, and a second opinion's suggestion), strict JSON Schema. */
export const MODEL_QUESTION_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: [
    'question',
    'options',
    'correctAnswer',
    'explanation',
    'topic',
    'rationales',
    'objective',
    'references',
  ],
  properties: {
    question: { type: 'string' },
    options: { type: 'array', items: { type: 'string' }, minItems: MIN_OPTIONS, maxItems: MAX_OPTIONS },
    correctAnswer: { type: 'integer', description: 'zero-based index of the correct option' },
    explanation: { type: 'string' },
    topic: {
      type: 'string',
      description: "one of the exam's topics, exactly as listed; empty when none fits or none are listed",
    },
    rationales: {
      type: 'array',
      items: { type: 'string' },
      minItems: MIN_OPTIONS,
      maxItems: MAX_OPTIONS,
      description:
        'one per option, in the same order: one or two sentences on why that option is right, or why it is wrong',
    },
    objective: {
      type: 'string',
      description: 'the educational objective: one sentence saying what the learner should remember',
    },
    references: {
      type: 'array',
      maxItems: REFERENCES_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'url'],
        properties: {
          title: { type: 'string', description: 'e.g. NICE NG136, BNF: Amoxicillin' },
          url: { type: ['string', 'null'], description: 'an https link to the source, or null' },
        },
      },
      description: 'at most 5 authoritative UK sources the answer rests on; empty when unsure',
    },
  },
} as const;

/** Strict JSON Schema for the model's answer (OpenAI structured outputs need every key required). */
const QUESTIONS_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['questions'],
  properties: {
    questions: {
      type: 'array',
      items: MODEL_QUESTION_SCHEMA,
    },
  },
} as const;

const SYSTEM_PROMPT = [
  'You write multiple-choice questions for practice exams taken by medical, nursing and pharmacy learners in the UK.',
  'Every question must be clinically accurate, consistent with current UK guidance (NICE, BNF, Resuscitation Council UK),',
  `unambiguous, with exactly one correct option among ${MIN_OPTIONS} to ${MAX_OPTIONS} distinct, plausible options.`,
  'Give a short explanation of why the answer is right, a rationale for every option (why it is right or wrong),',
  'the educational objective in one sentence, and the sources you relied on. Vary the position of the correct option.',
  'Never repeat or closely paraphrase a question the exam already has. Answer only with the JSON requested.',
].join(' ');

/**
 * A model's question made fit for the question rules where that loses nothing that matters (decision
 * 0050): rationales beyond the options dropped, references without a title or with a link that is not
 * http(s) dropped, at most five kept, an empty topic as none. The rest is checked by QuestionBodySchema.
 */
export function tidyModelQuestion(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const draft = raw as Record<string, unknown>;
  const options = Array.isArray(draft.options) ? draft.options : [];
  const rationales = Array.isArray(draft.rationales)
    ? draft.rationales.slice(0, options.length).map((text) => (typeof text === 'string' ? text : ''))
    : undefined;
  const references = Array.isArray(draft.references)
    ? draft.references
        .filter(
          (ref): ref is { title: string; url?: unknown } =>
            typeof ref === 'object' &&
            ref !== null &&
            typeof (ref as { title?: unknown }).title === 'string' &&
            (ref as { title: string }).title.trim() !== '',
        )
        .map((ref) => ({
          title: ref.title,
          url: typeof ref.url === 'string' && isHttpUrl(ref.url.trim()) ? ref.url.trim() : null,
        }))
        .slice(0, REFERENCES_MAX)
    : undefined;
  return {
    ...draft,
    ...(rationales ? { rationales } : {}),
    ...(references ? { references } : {}),
    topic: typeof draft.topic === 'string' && draft.topic.trim() ? draft.topic : null,
  };
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Drafts questions with the AI provider and saves the valid ones as pending AI questions. Drafts
 * that fail the hand-written rules or repeat an existing question are dropped and counted; a model
 * answer with nothing usable saves nothing (502).
 */
export async function generateQuestions(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  prompt: string,
  numQuestions: number,
) {
  const exam = await detail(ctx.db, examId);
  const existing = exam.questions.filter((q) => q.approvalStatus !== 'rejected');
  const known = new Set(existing.map((q) => normalise(q.question)));
  const context = existing
    .slice(-60)
    .map((q, i) => `${i + 1}. ${q.question.slice(0, 300)}`)
    .join('\n');

  const answer = await ctx.ai.completeJson({
    system: SYSTEM_PROMPT,
    user: [
      `Exam: ${exam.title}`,
      `Category: ${exam.category}`,
      exam.description ? `Description: ${exam.description}` : '',
      exam.topics.length > 0
        ? `Topics of this exam (give each question the one it belongs to, exactly as written): ${exam.topics.join('; ')}`
        : 'This exam has no topic list: leave each topic empty.',
      `Write ${numQuestions} new question${numQuestions === 1 ? '' : 's'}. Instructions from the author: ${prompt}`,
      context
        ? `Questions the exam already has (do not repeat them):\n${context}`
        : 'The exam has no questions yet.',
    ]
      .filter(Boolean)
      .join('\n\n'),
    schemaName: 'exam_questions',
    schema: QUESTIONS_SCHEMA,
  });

  const drafts =
    typeof answer === 'object' &&
    answer !== null &&
    Array.isArray((answer as { questions?: unknown }).questions)
      ? (answer as { questions: unknown[] }).questions
      : undefined;
  if (!drafts)
    throw new BadGatewayError('The AI service returned an answer that could not be used. Please try again.');

  const kept: QuestionTextContent[] = [];
  // A suggested topic counts only if it is one of the exam's (matched ignoring case, stored as listed).
  const topics = new Map(exam.topics.map((topic) => [topic.toLowerCase(), topic]));
  for (const draft of drafts) {
    const parsed = QuestionBodySchema.safeParse(tidyModelQuestion(draft));
    if (!parsed.success) continue;
    const key = normalise(parsed.data.question);
    if (known.has(key)) continue;
    known.add(key);
    const { question, options, correctAnswer, explanation, objective, references } = parsed.data;
    kept.push({
      question,
      options,
      correctAnswer,
      explanation,
      topic: topics.get((parsed.data.topic ?? '').toLowerCase()) ?? null,
      rationales: normaliseRationales(parsed.data.rationales, options.length),
      objective: objective ?? '',
      references: references ?? [],
    });
    if (kept.length === numQuestions) break;
  }
  const dropped = drafts.length - kept.length;
  if (kept.length === 0) {
    throw new BadGatewayError(
      `The AI service produced no usable questions (${dropped} dropped as invalid or repeated). Please try again.`,
    );
  }

  const saved = await ctx.db.transaction(async (tx) => {
    const rows = await insertQuestions(
      tx,
      kept.map((q) => ({ ...q, examId: exam._id, isAiGenerated: true, approvalStatus: 'pending' as const })),
    );
    await appendVersions(tx, {
      questionIds: rows.map((row) => row.id),
      source: 'ai-draft',
      adminId: actor.id,
    });
    await recordAudit(tx, actor, {
      action: 'generated_questions',
      entityType: 'exam',
      entityId: exam._id,
      details: { label: exam.title, kept: rows.length, dropped },
    });
    return rows;
  });
  const questions: AdminQuestion[] = saved.map(toAdminQuestion);
  return {
    message:
      dropped > 0
        ? `Questions generated successfully (${questions.length} kept, ${dropped} dropped)`
        : 'Questions generated successfully',
    questions,
    kept: questions.length,
    dropped,
  };
}
