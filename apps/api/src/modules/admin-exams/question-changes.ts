import {
  DUPLICATE_QUESTION_CODE,
  normaliseRationales,
  QUESTION_CONTENT_FIELDS,
  topicNotInExam,
  type QuestionContentField,
  type QuestionVersionSource,
} from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { forgetQuestionItems, questionWasAnswered } from '../item-analysis/item-analysis.service.ts';
import { similarQuestions, updateQuestionContent, type QuestionRow } from './admin-exams.repository.ts';
import { EXAM_MESSAGES } from './admin-exams.messages.ts';
import { appendVersions } from './question-history.repository.ts';

/*
 * Every change of a question's content goes through here (decision 0050): the version before is kept, the
 * version number goes up, the new version is appended with what changed, and a change of the key or the
 * options restarts the question's item analysis. All in the caller's transaction.
 */

/** A question's content: what a version keeps and a learner sees. */
export type QuestionContent = Pick<QuestionRow, QuestionContentField>;

/** A value as JSON with object keys sorted: PostgreSQL's jsonb hands keys back in its own order. */
function canonical(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

/** A question's content as a version keeps it (the keys of question-history.repository.ts's contentOf). */
export function contentOf(row: QuestionRow): QuestionContent {
  return {
    question: row.question,
    options: row.options,
    correctAnswer: row.correctAnswer,
    explanation: row.explanation,
    rationales: row.rationales,
    objective: row.objective,
    references: row.references,
    topic: row.topic,
    image: row.image,
    explanationImage: row.explanationImage,
  };
}

/** The content fields given in `after` whose values differ from `before`, in the contract's order. */
export function changedContent(
  before: QuestionContent,
  after: Partial<QuestionContent>,
): QuestionContentField[] {
  return QUESTION_CONTENT_FIELDS.filter(
    (field) => after[field] !== undefined && canonical(after[field]) !== canonical(before[field]),
  );
}

/** Whether a change makes earlier answers mean something else: a new key, or other options (text, order, count). */
function changesKey(fields: QuestionContentField[]): boolean {
  return fields.includes('correctAnswer') || fields.includes('options');
}

/**
 * The topic a question may take in this exam: one of the exam's topics, matched ignoring case and stored
 * as the exam spells it, or none. Anything else is refused (400), by the screens and hand-written calls alike.
 */
export function examTopic(topics: readonly string[], wanted: string | null | undefined): string | null {
  if (!wanted) return null;
  const match = topics.find((topic) => topic.toLowerCase() === wanted.toLowerCase());
  if (match === undefined) throw new BadRequestError(topicNotInExam(wanted));
  return match;
}

/** Rationales kept in step with the options: none, or one per option (see normaliseRationales). */
export function rationalesFor(
  rationales: readonly string[] | undefined,
  options: readonly string[],
): string[] {
  return normaliseRationales(rationales, options.length);
}

/**
 * Refuses (409, DUPLICATE_QUESTION) a question text nearly the same as another question of the exam (not
 * rejected, not itself), naming it; the page then offers 'Add anyway', which sends `allowDuplicate`.
 */
export async function assertNotDuplicate(
  db: Executor,
  examId: string,
  text: string,
  excludeId: string | null,
): Promise<void> {
  const [similar] = await similarQuestions(db, examId, text, excludeId, 1);
  if (!similar) return;
  const excerpt = similar.question.length > 120 ? `${similar.question.slice(0, 117)}…` : similar.question;
  throw new ConflictError(
    `Question ${similar.number} of this exam is nearly the same: “${excerpt}”. Change the text, or save it anyway.`,
  ).withCode(DUPLICATE_QUESTION_CODE);
}

/**
 * Changes one question's content and records the change as a new version (in the caller's transaction).
 * Fields not given keep their values; a change that alters nothing writes nothing and returns the row as
 * it is. A new key or new options restart the question's item analysis from now when it had been answered
 * (its earlier figures would mix two questions).
 */
export async function changeQuestion(
  db: Executor,
  actor: Actor | null,
  existing: QuestionRow,
  values: Partial<QuestionContent>,
  source: QuestionVersionSource,
  restoredFrom: number | null = null,
): Promise<{ row: QuestionRow; changes: QuestionContentField[] }> {
  const changes = changedContent(existing, values);
  if (changes.length === 0) return { row: existing, changes };
  const restart = changesKey(changes) && (await questionWasAnswered(db, existing.id));
  const row = await updateQuestionContent(db, existing.id, {
    ...values,
    ...(restart ? { itemStatsSince: new Date() } : {}),
  });
  if (!row) throw new NotFoundError(EXAM_MESSAGES.questionNotFound);
  if (restart) await forgetQuestionItems(db, existing.id);
  // The content before is kept as its version if no version holds it yet (a question written by SQL).
  await appendVersions(db, {
    questionIds: [row.id],
    source,
    adminId: actor?.id ?? null,
    restoredFrom,
    previous: { version: existing.version, content: contentOf(existing), at: existing.updatedAt },
  });
  return { row, changes };
}
