import { pageCount } from '../../lib/paging.ts';
import {
  scorePercent,
  type Answers,
  type Attempt,
  type AttemptHeartbeatResponse,
  type ExamResult,
  type InProgressExam,
  type RecentExam,
  type ResultSummary,
  type SubmitExamBody,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { sample } from '../../lib/random.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.messages.ts';
import {
  approvedQuestionIds,
  findExamForLearner,
  findOpenAttempt,
  findOwnAttempt,
  findOwnAttemptForUpdate,
  findOwnResult,
  insertOpenAttempt,
  latestSubmittedAttempt,
  openAttempts,
  pageResults,
  questionsByIds,
  recentExams,
  recordResult,
  saveAnswers,
  servableQuestionsByIds,
  touchAttempt,
  type AttemptRow,
  type ExamForLearner,
  type ResultQuestionSnapshot,
  type ResultRow,
  type ResultSummaryRow,
} from './attempts.repository.ts';
import { ATTEMPT_MESSAGES } from './attempts.messages.ts';

/** Longest duration we record: an attempt left open overnight is not a 14-hour sitting. */
const MAX_DURATION_SECONDS = 6 * 60 * 60;
/** A second submit of the same sitting within this window returns the first result. */
const RESUBMIT_WINDOW_MS = 10 * 60_000;

/**
 * The exam with the learner's right to take it: 404 for an unknown exam (or, when `published` is asked
 * for, an unpublished one), 403 without an active subscription.
 */
async function examToTake(
  ctx: AppContext,
  userId: string,
  examId: string,
  options: { published: boolean; attemptId?: string | undefined },
): Promise<ExamForLearner> {
  const exam = isUuid(examId)
    ? await findExamForLearner(ctx.db, examId, userId, options.attemptId)
    : undefined;
  if (!exam || (options.published && !exam.isActive)) throw new NotFoundError(EXAM_NOT_FOUND);
  if (!exam.subscribed) throw new ForbiddenError(ATTEMPT_MESSAGES.needsSubscription);
  return exam;
}

/** Rows in the attempt's served order; a question deleted since is simply no longer there. */
function inServedOrder<T extends { id: string }>(attempt: AttemptRow, rows: T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return attempt.questionIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [row] : [];
  });
}

async function servedQuestions(db: Executor, attempt: AttemptRow) {
  return inServedOrder(attempt, await questionsByIds(db, attempt.questionIds));
}

/** Starts an attempt, or resumes the open one with the same questions. */
export async function startOrResume(ctx: AppContext, actor: Actor, examId: string): Promise<Attempt> {
  const exam = await examToTake(ctx, actor.id, examId, { published: true });
  // Resuming is a sign of life: a short gap since the last save or heartbeat counts (ADR 0018).
  let attempt = exam.attempt
    ? ((await touchAttempt(ctx.db, actor.id, exam.attempt.id)) ?? exam.attempt)
    : undefined;
  if (!attempt) {
    const pool = await approvedQuestionIds(ctx.db, exam.id);
    if (pool.length === 0) throw new ConflictError(ATTEMPT_MESSAGES.noQuestions);
    // A random sample of numberOfQuestions in random order when the approved pool is larger.
    attempt =
      (await insertOpenAttempt(ctx.db, {
        userId: actor.id,
        examId: exam.id,
        questionIds: sample(pool, exam.numberOfQuestions),
      })) ??
      // Another request (a double click, a second tab) opened it first: serve that one.
      (await findOpenAttempt(ctx.db, actor.id, exam.id));
    if (!attempt) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  }
  const served = inServedOrder(attempt, await servableQuestionsByIds(ctx.db, attempt.questionIds));
  return {
    _id: attempt.id,
    examId: exam.id,
    examTitle: exam.title,
    startedAt: attempt.startedAt.toISOString(),
    elapsedSeconds: Math.min(attempt.activeSeconds, MAX_DURATION_SECONDS),
    // Only the text and the choices: never correctAnswer or explanation before submission.
    questions: served.map((q) => ({ _id: q.id, question: q.question, choices: q.options })),
    answers: attempt.savedAnswers,
    currentIndex: Math.min(attempt.currentIndex, Math.max(served.length - 1, 0)),
  };
}

/** Answers must be for served questions and name one of their choices. */
function checkAnswers(answers: Answers, served: Array<{ id: string; options: string[] }>): void {
  const byId = new Map(served.map((q) => [q.id, q]));
  for (const [questionId, answer] of Object.entries(answers)) {
    const question = byId.get(questionId);
    if (!question) throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
    if (!question.options.includes(answer)) throw new BadRequestError(ATTEMPT_MESSAGES.notAChoice);
  }
}

export async function saveProgress(
  ctx: AppContext,
  actor: Actor,
  attemptId: string,
  answers: Answers,
  currentIndex?: number,
): Promise<void> {
  if (!isUuid(attemptId)) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  await ctx.db.transaction(async (tx) => {
    const attempt = await findOwnAttemptForUpdate(tx, actor.id, attemptId);
    if (!attempt || attempt.submittedAt) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
    const served = await servedQuestions(tx, attempt);
    checkAnswers(answers, served);
    await saveAnswers(tx, attempt.id, answers, clampIndex(currentIndex, attempt.questionIds.length));
  });
}

function clampIndex(index: number | undefined, total: number): number | undefined {
  return index === undefined ? undefined : Math.min(index, Math.max(total - 1, 0));
}

/**
 * The page's heartbeat while the exam is visible: keeps the active time counting and records the
 * question the learner is on; answers the active time so far, which the page's clock shows.
 */
export async function heartbeat(
  ctx: AppContext,
  actor: Actor,
  attemptId: string,
  currentIndex?: number,
): Promise<AttemptHeartbeatResponse> {
  if (!isUuid(attemptId)) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  const attempt = await touchAttempt(ctx.db, actor.id, attemptId, currentIndex);
  if (!attempt) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  return { elapsedSeconds: Math.min(attempt.activeSeconds, MAX_DURATION_SECONDS) };
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
 * The attempt a submit is for: the one named (read with the exam), else the open one (read with the
 * exam), else one submitted moments ago.
 */
async function attemptToSubmit(
  ctx: AppContext,
  userId: string,
  exam: ExamForLearner,
  named: boolean,
): Promise<AttemptRow | undefined> {
  if (exam.attempt || named) return exam.attempt ?? undefined;
  const recent = await latestSubmittedAttempt(ctx.db, userId, exam.id);
  return recent?.submittedAt && Date.now() - recent.submittedAt.getTime() < RESUBMIT_WINDOW_MS
    ? recent
    : undefined;
}

/**
 * The result an already submitted attempt produced (a double submit, a retried request). The attempt is
 * read again only when the one at hand was still open (another request submitted it meanwhile).
 */
async function firstResult(ctx: AppContext, userId: string, attempt: AttemptRow): Promise<ExamResult> {
  const resultId = attempt.resultId ?? (await findOwnAttempt(ctx.db, userId, attempt.id))?.resultId;
  const first = resultId ? await findOwnResult(ctx.db, userId, resultId) : undefined;
  if (!first) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  return toResult(first);
}

/**
 * Scores the attempt against the questions that were served, once. The attempt is claimed and its
 * result stored in one statement (`recordResult`): a second submit of the same attempt, concurrent or
 * later, claims nothing and returns the first result.
 */
export async function submit(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  body: SubmitExamBody,
): Promise<{ result: ExamResult; created: boolean }> {
  const exam = await examToTake(ctx, actor.id, examId, {
    published: false,
    attemptId: body.attemptId,
  });
  const attempt = await attemptToSubmit(ctx, actor.id, exam, body.attemptId !== undefined);
  if (!attempt) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  if (attempt.submittedAt) return { result: await firstResult(ctx, actor.id, attempt), created: false };

  const served = await servedQuestions(ctx.db, attempt);
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
  const values = {
    userId: actor.id,
    examId: exam.id,
    attemptId: attempt.id,
    examTitle: exam.title,
    correctAnswers,
    totalQuestions: snapshot.length,
    score: scorePercent(correctAnswers, snapshot.length),
    // The client's duration is ignored: the result's duration is the server's active time.
    maxDuration: MAX_DURATION_SECONDS,
    questions: snapshot,
  };
  const stored = await recordResult(ctx.db, values);
  // Submitted meanwhile by another request: that one's result is the result.
  if (!stored) return { result: await firstResult(ctx, actor.id, attempt), created: false };
  return {
    result: toResult({
      ...values,
      id: stored.id,
      duration: stored.duration,
      completedAt: stored.completedAt,
    }),
    created: true,
  };
}

export async function getResult(ctx: AppContext, actor: Actor, resultId: string): Promise<ExamResult> {
  const row = isUuid(resultId) ? await findOwnResult(ctx.db, actor.id, resultId) : undefined;
  // Someone else's result is indistinguishable from a missing one.
  if (!row) throw new NotFoundError(ATTEMPT_MESSAGES.resultNotFound);
  return toResult(row);
}

export async function listResults(ctx: AppContext, actor: Actor, page: number, limit: number) {
  const { rows, total } = await pageResults(ctx.db, actor.id, limit, (page - 1) * limit);
  return { results: rows.map(toSummary), page, pages: pageCount(total, limit), total };
}

/** The recent exams, and the exams in progress (ADR 0018: carried on the dashboard's recent call). */
export async function recent(
  ctx: AppContext,
  actor: Actor,
  limit = 5,
): Promise<{ recent: RecentExam[]; inProgress: InProgressExam[] }> {
  const [rows, open] = await Promise.all([
    recentExams(ctx.db, actor.id, limit),
    openAttempts(ctx.db, actor.id, limit),
  ]);
  const inProgress = open.map((row) => ({
    attemptId: row.id,
    examId: row.examId,
    examTitle: row.examTitle,
    startedAt: row.startedAt.toISOString(),
    answered: row.answered,
    totalQuestions: row.totalQuestions,
  }));
  const recentExamsList = rows.map((row) => ({
    examId: row.exam_id,
    examTitle: row.exam_title,
    lastResultId: row.id,
    lastScore: row.score,
    lastTakenAt: new Date(row.completed_at).toISOString(),
    attempts: row.attempts,
  }));
  return { recent: recentExamsList, inProgress };
}
