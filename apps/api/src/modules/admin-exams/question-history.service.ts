import {
  normaliseRationales,
  type AdminQuestion,
  type QuestionHistory,
  type QuestionVersion,
  type QuestionVersionContent,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError, UnprocessableError } from '../../lib/errors.ts';
import { loadExamRow, loadQuestion, recordExamChange, toAdminQuestion } from './admin-exams.service.ts';
import { changeQuestion, contentOf } from './question-changes.ts';
import {
  appendVersions,
  findVersion,
  versionPage,
  type QuestionVersionRow,
  type StoredContent,
} from './question-history.repository.ts';

/*
 * A question's history (decision 0050): its versions newest first, each with what changed and who made
 * it, and restoring one (itself a new version).
 */

export const HISTORY_MESSAGES = {
  versionNotFound: 'That version of the question was not found',
  sameAsCurrent: 'That version is the same as the question now, so there is nothing to restore.',
} as const;

/** A stored version's content as answered: images without their served URL, rationales one per option. */
function toContent(content: StoredContent): QuestionVersionContent {
  const image = (stored: StoredContent['image']) =>
    stored ? { hash: stored.hash, width: stored.width, height: stored.height, alt: stored.alt } : null;
  return {
    question: content.question,
    options: content.options,
    correctAnswer: content.correctAnswer,
    explanation: content.explanation,
    rationales: normaliseRationales(content.rationales, content.options.length),
    objective: content.objective ?? '',
    references: content.references ?? [],
    topic: content.topic ?? null,
    image: image(content.image),
    explanationImage: image(content.explanationImage),
  };
}

function toVersion(row: QuestionVersionRow): QuestionVersion {
  return {
    version: row.version,
    source: row.source,
    changes: row.changes as QuestionVersion['changes'],
    by: row.adminName,
    createdAt: row.createdAt.toISOString(),
    restoredFrom: row.restoredFrom,
    content: toContent(row.content),
  };
}

/**
 * One page of the question's versions, newest first, and the content of the version before the page's
 * last (its changes are shown against it). A question no change has touched since histories began has no
 * stored version yet: it is shown as its one version, as it is.
 */
export async function questionHistory(
  db: Executor,
  examId: string,
  questionId: string,
  paging: { page: number; limit: number },
): Promise<QuestionHistory> {
  const exam = await loadExamRow(db, examId);
  const question = await loadQuestion(db, exam.id, questionId);
  const { rows, total } = await versionPage(db, question.id, {
    limit: paging.limit,
    offset: (paging.page - 1) * paging.limit,
  });
  if (total === 0) {
    return {
      questionId: question.id,
      current: question.version,
      versions: [
        {
          version: question.version,
          source: 'existing',
          changes: [],
          by: null,
          createdAt: question.updatedAt.toISOString(),
          restoredFrom: null,
          content: toContent(contentOf(question)),
        },
      ],
      older: null,
      total: 1,
      page: 1,
      limit: paging.limit,
    };
  }
  const last = rows.at(-1);
  const older = last ? await findVersion(db, question.id, last.version, 'before') : undefined;
  return {
    questionId: question.id,
    current: question.version,
    versions: rows.map(toVersion),
    older: older ? toContent(older.content) : null,
    total,
    page: paging.page,
    limit: paging.limit,
  };
}

/**
 * Brings an earlier version's content back as the question's new version, in one transaction with the
 * exam's lock. A topic the exam no longer has is not brought back (the question keeps its current one, and
 * the message says so): a question's topic is always one of its exam's (decision 0050).
 */
export async function restoreVersion(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  questionId: string,
  version: number,
): Promise<{ message: string; question: AdminQuestion }> {
  return ctx.db.transaction(async (tx) => {
    const exam = await loadExamRow(tx, examId, 'share');
    const existing = await loadQuestion(tx, exam.id, questionId);
    const stored = await findVersion(tx, existing.id, version);
    if (!stored) throw new NotFoundError(HISTORY_MESSAGES.versionNotFound);
    const content = stored.content;
    const topic = content.topic ?? null;
    const listed =
      topic === null ? undefined : exam.topics.find((t) => t.toLowerCase() === topic.toLowerCase());
    const dropped = topic !== null && listed === undefined;
    const topicKept = topic === null ? null : (listed ?? existing.topic);
    const { row, changes } = await changeQuestion(
      tx,
      actor,
      existing,
      {
        ...content,
        rationales: normaliseRationales(content.rationales, content.options.length),
        objective: content.objective ?? '',
        references: content.references ?? [],
        topic: topicKept,
        image: content.image ?? null,
        explanationImage: content.explanationImage ?? null,
      },
      'restored',
      version,
    );
    if (changes.length === 0) throw new UnprocessableError(HISTORY_MESSAGES.sameAsCurrent);
    await recordExamChange(ctx, tx, actor, exam.id, 'restored_question_version', {
      label: exam.title,
      questionId: row.id,
      restoredFrom: version,
      version: row.version,
    });
    const note = dropped
      ? ` Its topic "${topic ?? ''}" is no longer one of this exam's topics, so the question keeps "${topicKept ?? 'General'}".`
      : '';
    return {
      message: `Version ${version} restored as version ${row.version}.${note}`,
      question: toAdminQuestion(row),
    };
  });
}

/** The questions an import brought in start their histories (in the import's transaction). */
export function recordImportedVersions(db: Executor, importId: string, adminId: string): Promise<void> {
  return appendVersions(db, { questionIds: { importId }, source: 'imported', adminId });
}
