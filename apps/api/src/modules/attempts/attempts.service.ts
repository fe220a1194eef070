import { pageCount } from '../../lib/paging.ts';
import {
  scorePercent,
  type Answers,
  type Attempt,
  type ExamResult,
  type RecentExam,
  type ResultSummary,
  type SubmitExamBody,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { ResultQuestionSnapshot } from '../../db/schema/index.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { sample } from '../../lib/random.ts';
import { findExam } from '../exams/exams.repository.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.routes.ts';
import type { SessionRecord } from '../users/sessions.repository.ts';
import {
  approvedQuestionIds,
  findOpenAttempt,
  findOwnAttemptForUpdate,
  findOwnResult,
  hasActiveSubscription,
  insertOpenAttempt,
  insertResult,
  latestSubmittedAttempt,
  markAttemptSubmitted,
  pageResults,
  questionsByIds,
  recentExams,
  saveAnswers,
  type AttemptRow,
  type ResultRow,
  type ResultSummaryRow,
} from './attempts.repository.ts';

export const ATTEMPT_MESSAGES = {
  needsSubscription: 'You need an active subscription to this exam to take it.',
  noQuestions: 'This exam has no questions yet. Please try again later.',
  noAttempt: 'There is no exam in progress. Please start the exam again.',
  resultNotFound: 'No result found',
} as const;

/** Longest duration we record: an attempt left open overnight is not a 14-hour sitting. */
export const MAX_DURATION_SECONDS = 6 * 60 * 60;
/** A second submit of the same sitting within this window returns the first result. */
const RESUBMIT_WINDOW_MS = 10 * 60_000;

function elapsedSeconds(startedAt: Date, now = Date.now()): number {
  return Math.max(0, Math.floor((now - startedAt.getTime()) / 1000));
}

async function requireSubscription(ctx: AppContext | { db: Executor }, userId: string, examId: string) {
  if (!(await hasActiveSubscription(ctx.db, userId, examId)))
    throw new ForbiddenError(ATTEMPT_MESSAGES.needsSubscription);
}

async function servedQuestions(db: Executor, attempt: AttemptRow) {
  const rows = await questionsByIds(db, attempt.questionIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  // Keep the served order; a question deleted since is simply no longer there.
  return attempt.questionIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

/** Starts an attempt, or resumes the open one with the same questions. */
export async function startOrResume(
  ctx: AppContext,
  session: SessionRecord,
  examId: string,
): Promise<Attempt> {
  const exam = isUuid(examId) ? await findExam(ctx.db, examId) : undefined;
  if (!exam || !exam.isActive) throw new NotFoundError(EXAM_NOT_FOUND);
  await requireSubscription(ctx, session.userId, exam.id);
  let attempt = await findOpenAttempt(ctx.db, session.userId, exam.id);
  if (!attempt) {
    const pool = await approvedQuestionIds(ctx.db, exam.id);
    if (pool.length === 0) throw new ConflictError(ATTEMPT_MESSAGES.noQuestions);
    // A random sample of numberOfQuestions in random order when the approved pool is larger.
    await insertOpenAttempt(ctx.db, {
      userId: session.userId,
      examId: exam.id,
      questionIds: sample(pool, exam.numberOfQuestions),
    });
    attempt = await findOpenAttempt(ctx.db, session.userId, exam.id);
    if (!attempt) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  }
  const served = await servedQuestions(ctx.db, attempt);
  return {
    _id: attempt.id,
    examId: exam.id,
    examTitle: exam.title,
    startedAt: attempt.startedAt.toISOString(),
    elapsedSeconds: elapsedSeconds(attempt.startedAt),
    // Only the text and the choices: never correctAnswer or explanation before submission.
    questions: served.map((q) => ({ _id: q.id, question: q.question, choices: q.options })),
    answers: attempt.savedAnswers,
  };
}

/** Answers must be for served questions and name one of their choices. */
function checkAnswers(answers: Answers, served: Array<{ id: string; options: string[] }>): void {
  const byId = new Map(served.map((q) => [q.id, q]));
  for (const [questionId, answer] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question)
      throw new BadRequestError('An answer was given for a question that is not part of this exam attempt.');
    if (!question.options.includes(answer))
      throw new BadRequestError('An answer is not one of the choices of its question.');
  }
}

export async function saveProgress(
  ctx: AppContext,
  session: SessionRecord,
  attemptId: string,
  answers: Answers,
): Promise<void> {
  if (!isUuid(attemptId)) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  await ctx.db.transaction(async (tx) => {
    const attempt = await findOwnAttemptForUpdate(tx, session.userId, attemptId);
    if (!attempt || attempt.submittedAt) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
    checkAnswers(answers, await servedQuestions(tx, attempt));
    await saveAnswers(tx, attempt.id, answers);
  });
}

function toResult(row: ResultRow): ExamResult {
  return { ...toSummary(row), questions: row.questions };
}

function toSummary(row: ResultSummaryRow): ResultSummary {
  return {
    _id: row.id,
    examId: row.examId,
    exam: { _id: row.examId, title: row.examTitle },
    correctAnswers: row.correctAnswers,
    totalQuestions: row.totalQuestions,
    score: row.score,
    completedAt: row.completedAt.toISOString(),
    duration: row.duration,
  };
}

/**
 * Scores the attempt against the questions that were served, once. A second submit of the same
 * attempt returns the first result and creates nothing (the attempt row is locked while scoring).
 */
export async function submit(
  ctx: AppContext,
  session: SessionRecord,
  examId: string,
  body: SubmitExamBody,
): Promise<{ result: ExamResult; created: boolean }> {
  const exam = isUuid(examId) ? await findExam(ctx.db, examId) : undefined;
  if (!exam) throw new NotFoundError(EXAM_NOT_FOUND);
  await requireSubscription(ctx, session.userId, exam.id);

  return ctx.db.transaction(async (tx) => {
    let attemptId = body.attemptId;
    if (!attemptId) {
      const open = await findOpenAttempt(tx, session.userId, exam.id);
      const recent = open ? undefined : await latestSubmittedAttempt(tx, session.userId, exam.id);
      attemptId =
        open?.id ??
        (recent?.submittedAt && Date.now() - recent.submittedAt.getTime() < RESUBMIT_WINDOW_MS
          ? recent.id
          : undefined);
    }
    const attempt = attemptId ? await findOwnAttemptForUpdate(tx, session.userId, attemptId) : undefined;
    if (!attempt || attempt.examId !== exam.id) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
    if (attempt.submittedAt && attempt.resultId) {
      const first = await findOwnResult(tx, session.userId, attempt.resultId);
      if (first) return { result: toResult(first), created: false };
      throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
    }

    const served = await servedQuestions(tx, attempt);
    checkAnswers(body.answers, served);
    const snapshot: ResultQuestionSnapshot[] = served.map((q) => {
      const correctAnswer = q.options[q.correctAnswer] ?? '';
      const userAnswer = body.answers[q.id] ?? null;
      return {
        questionId: q.id,
        question: q.question,
        choices: q.options,
        userAnswer,
        correctAnswer,
        // Unanswered questions count as wrong.
        isCorrect: userAnswer !== null && userAnswer === correctAnswer,
        explanation: q.explanation,
      };
    });
    const correctAnswers = snapshot.filter((q) => q.isCorrect).length;
    const row = await insertResult(tx, {
      userId: session.userId,
      examId: exam.id,
      attemptId: attempt.id,
      examTitle: exam.title,
      correctAnswers,
      totalQuestions: snapshot.length,
      score: scorePercent(correctAnswers, snapshot.length),
      duration: Math.min(elapsedSeconds(attempt.startedAt), MAX_DURATION_SECONDS),
      questions: snapshot,
    });
    await markAttemptSubmitted(tx, attempt.id, row.id);
    return { result: toResult(row), created: true };
  });
}

export async function getResult(
  ctx: AppContext,
  session: SessionRecord,
  resultId: string,
): Promise<ExamResult> {
  const row = isUuid(resultId) ? await findOwnResult(ctx.db, session.userId, resultId) : undefined;
  // Someone else's result is indistinguishable from a missing one.
  if (!row) throw new NotFoundError(ATTEMPT_MESSAGES.resultNotFound);
  return toResult(row);
}

export async function listResults(ctx: AppContext, session: SessionRecord, page: number, limit: number) {
  const { rows, total } = await pageResults(ctx.db, session.userId, limit, (page - 1) * limit);
  return { results: rows.map(toSummary), page, pages: pageCount(total, limit), total };
}

export async function recent(ctx: AppContext, session: SessionRecord, limit = 5): Promise<RecentExam[]> {
  const rows = await recentExams(ctx.db, session.userId, limit);
  return rows.map((row) => ({
    examId: row.exam_id,
    examTitle: row.exam_title,
    lastResultId: row.id,
    lastScore: row.score,
    lastTakenAt: new Date(row.completed_at).toISOString(),
    attempts: row.attempts,
  }));
}
