import { pageCount } from '../../lib/paging.ts';
import { mergeChanges, namedQuestions, type HeldProgress } from './save-changes.ts';
import {
  GENERAL_TOPIC,
  OPEN_SITTINGS_LIMIT,
  TIMED_PAUSE_LIMIT_SECONDS,
  normaliseRationales,
  scorePercent,
  type QuestionReference,
  type Answers,
  type Attempt,
  type AttemptHeartbeatResponse,
  type ExamResult,
  type InProgressExam,
  type PausedResponse,
  type RecentExam,
  type ResultSummary,
  type Reveal,
  type SaveAnswersBody,
  type Certainty,
  type MissTag,
  type SittingMode,
  type SubmitExamBody,
  type TopicScore,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { sample } from '../../lib/random.ts';
import { EXAM_NOT_FOUND } from '../exams/exams.messages.ts';
import { extraTimeFor } from '../cohorts/cohorts.service.ts';
import {
  approvedQuestionIds,
  findExamForLearner,
  questionsByIds,
  questionsWithTeachingByIds,
  servableQuestionsByIds,
  teachingOf,
  type AttemptRow,
  type ExamForLearner,
  type QuestionTeaching,
  type ResultQuestionSnapshot,
  type ResultRow,
} from './attempts.repository.ts';
import {
  expiredAttempts,
  findOpenAttempt,
  findOwnAttemptForUpdate,
  latestSubmittedAttempt,
  lockAnswer,
  lockTutorAnswer,
  openAttempts,
  pauseAttempt,
  resumeAttempt,
  saveAnswers,
  timedPauseAllowed,
} from './sittings.repository.ts';
import * as sittingsRepository from './sittings.repository.ts';
import {
  findOwnResult,
  missTagsOf,
  pageResults,
  recentExams,
  recordResult,
  type ResultSummaryRow,
} from './results.repository.ts';
import * as resultsRepository from './results.repository.ts';
import {
  applyRecordedResponses,
  recordResultWithDerived,
  resultsWaiting,
} from './derived-results.repository.ts';
import type { ServableQuestion } from '../../db/shared-queries.ts';
import { ATTEMPT_MESSAGES, ATTEMPT_CODES } from './attempts.messages.ts';
import {
  applyRecordedReviews,
  applyResultToReviews,
  applyReviewAnswer,
  preferencesOf,
} from '../reviews/reviews.service.ts';
import { certaintySummary } from './certainty.ts';
import { toQuestionImage, type StoredImage } from '../media/media.service.ts';

/** Longest duration we record: an attempt left open overnight is not a 14-hour sitting. */
const MAX_DURATION_SECONDS = 6 * 60 * 60;
/** A second submit of the same sitting within this window returns the first result. */
const RESUBMIT_WINDOW_MS = 10 * 60_000;
/**
 * A timed sitting's answers are accepted this long after its deadline (decision 0031: a save sent at zero
 * still arrives); after it, the server submits what was saved.
 */
export const DEADLINE_GRACE_MS = 5_000;

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
type QuestionsWithTeaching = Awaited<ReturnType<typeof questionsWithTeachingByIds>>;

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

function topicOf(question: { topic: string | null }): string {
  return question.topic ?? GENERAL_TOPIC;
}

/** What the timing of a sitting depends on. */
type SittingClock = Pick<AttemptRow, 'deadlineAt' | 'pausedAt' | 'pausedSeconds'>;

/** Milliseconds of pause the deadline may still move by: the limit less what resumes have added. */
function pauseAllowanceMs(attempt: SittingClock): number {
  return Math.max(0, TIMED_PAUSE_LIMIT_SECONDS - attempt.pausedSeconds) * 1000;
}

/** Milliseconds since the sitting was paused (0 when it is not). */
function pausedForMs(attempt: SittingClock, now: Date): number {
  return attempt.pausedAt ? Math.max(0, now.getTime() - attempt.pausedAt.getTime()) : 0;
}

/** Milliseconds of pause a timed sitting has left at `now` (decision 0064), the current pause counted. */
function pauseLeftMs(attempt: SittingClock, now: Date): number {
  return Math.max(0, pauseAllowanceMs(attempt) - pausedForMs(attempt, now));
}

/**
 * A timed sitting's deadline as it stands at `now`, or null for an untimed one. While paused it moves on
 * with the clock (the countdown is stopped) until the pause time left runs out; then it stands still and
 * the countdown runs again (decision 0064). A resume writes the same moved deadline (`resumeAttempt`).
 */
function deadlineAt(attempt: SittingClock, now: Date): Date | null {
  if (!attempt.deadlineAt) return null;
  if (!attempt.pausedAt) return attempt.deadlineAt;
  return new Date(
    attempt.deadlineAt.getTime() + Math.min(pausedForMs(attempt, now), pauseAllowanceMs(attempt)),
  );
}

/** Seconds left of a timed sitting (0 once time is up; frozen while paused), or null for an untimed one. */
function remainingSeconds(attempt: SittingClock, now: Date): number | null {
  const deadline = deadlineAt(attempt, now);
  if (!deadline) return null;
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 1000));
}

/** Time is up for good: the deadline and its grace have passed (saves refused, the server submits). */
function timeIsUp(attempt: SittingClock, now: Date): boolean {
  const deadline = deadlineAt(attempt, now);
  return deadline !== null && now.getTime() > deadline.getTime() + DEADLINE_GRACE_MS;
}

/**
 * Whether the learner may pause the sitting, and the whole seconds of pause left (null: no limit, or no
 * pausing): an untimed sitting always, without a limit; a timed one where its exam allows it (decision 0064).
 */
function pauseRights(
  attempt: AttemptRow,
  examAllowsTimedPause: boolean,
  now: Date,
): { pauseAllowed: boolean; pauseLeftSeconds: number | null } {
  if (attempt.mode !== 'timed') return { pauseAllowed: true, pauseLeftSeconds: null };
  if (!examAllowsTimedPause) return { pauseAllowed: false, pauseLeftSeconds: null };
  const left = Math.floor(pauseLeftMs(attempt, now) / 1000);
  return { pauseAllowed: attempt.pausedAt !== null || left > 0, pauseLeftSeconds: left };
}

/**
 * Tutor mode: what the answers given so far reveal. Only questions already answered (and so locked)
 * are revealed; no other question's answer ever leaves the server before submit.
 */
async function revealsOf(db: Executor, attempt: AttemptRow): Promise<Reveal[]> {
  if (attempt.mode !== 'tutor') return [];
  const answered = Object.keys(attempt.savedAnswers);
  if (answered.length === 0) return [];
  const rows = await questionsWithTeachingByIds(db, answered);
  return inServedOrder(attempt, rows).map((q) => reveal(q, attempt.savedAnswers[q.id] ?? ''));
}

function reveal(
  question: {
    id: string;
    options: string[];
    correctAnswer: number;
    explanation: string;
    explanationImage: StoredImage | null;
    rationales: string[];
    objective: string;
    references: QuestionReference[];
  },
  answer: string,
): Reveal {
  const correctAnswer = question.options[question.correctAnswer] ?? '';
  return {
    questionId: question.id,
    answer,
    isCorrect: answer === correctAnswer,
    correctAnswer,
    explanation: question.explanation,
    explanationImage: toQuestionImage(question.explanationImage),
    // In the question's choices order, as served: the page shows them in the order it showed the choices.
    rationales: normaliseRationales(question.rationales, question.options.length),
    objective: question.objective,
    references: question.references,
  };
}

/** What a result shows a question taught (decision 0050), its rationales matched to the snapshot's choices. */
function taught(choices: string[], teaching: QuestionTeaching | undefined) {
  if (!teaching) return { rationales: [], objective: '', references: [] };
  const byOption = new Map(
    teaching.options.map((option, index) => [option, teaching.rationales[index] ?? '']),
  );
  const rationales = choices.map((choice) => byOption.get(choice) ?? '');
  return {
    rationales: rationales.some(Boolean) ? rationales : [],
    objective: teaching.objective,
    references: teaching.references,
  };
}

/** The attempt as the page sees it: questions without answers (tutor: reveals of locked ones only). */
export async function toAttempt(
  ctx: AppContext,
  attempt: AttemptRow,
  title: string,
  /** a sitting just built knows its questions and the learner's certainty setting already */
  known?: { questions: ServableQuestion[]; certaintyEnabled: boolean },
  /** its exam lets learners pause a timed sitting (decision 0064); a practice set always may */
  examAllowsTimedPause = attempt.examId === null,
): Promise<Attempt> {
  const [served, reveals, preferences] = await Promise.all([
    known ? known.questions : servableQuestionsByIds(ctx.db, attempt.questionIds),
    revealsOf(ctx.db, attempt),
    known ? { certaintyEnabled: known.certaintyEnabled } : preferencesOf(ctx.db, attempt.userId),
  ]);
  const questions = inServedOrder(attempt, served);
  const now = ctx.clock.now();
  const deadline = deadlineAt(attempt, now);
  return {
    _id: attempt.id,
    examId: attempt.examId,
    examTitle: title,
    startedAt: attempt.startedAt.toISOString(),
    elapsedSeconds: Math.min(attempt.activeSeconds, MAX_DURATION_SECONDS),
    // Only the text, the choices, the topic and the question's image: never correctAnswer, the explanation
    // or its image before submission.
    questions: questions.map((q) => ({
      _id: q.id,
      question: q.question,
      choices: q.options,
      topic: topicOf(q),
      image: toQuestionImage(q.image),
    })),
    answers: attempt.savedAnswers,
    currentIndex: Math.min(attempt.currentIndex, Math.max(questions.length - 1, 0)),
    mode: attempt.mode,
    kind: attempt.kind,
    deadline: deadline ? deadline.toISOString() : null,
    remainingSeconds: remainingSeconds(attempt, now),
    flags: attempt.flags,
    strikes: attempt.strikes,
    saveSeq: attempt.saveSeq,
    paused: attempt.pausedAt !== null,
    ...pauseRights(attempt, examAllowsTimedPause, now),
    reveals,
    certainties: attempt.certainties,
    certaintyEnabled: preferences.certaintyEnabled,
  };
}

/**
 * The deadline of a timed sitting of `count` questions starting now; `extraPercent` is the learner's extra
 * time (a cohort's accommodations, decision 0079).
 */
export function deadlineFor(
  mode: SittingMode,
  count: number,
  secondsPerQuestion: number,
  now: Date,
  extraPercent = 0,
): Date | null {
  if (mode !== 'timed') return null;
  return new Date(now.getTime() + Math.round(count * secondsPerQuestion * (100 + extraPercent) * 10));
}

/** The learner's extra time on a new timed sitting of these exams (0 for an untimed one: not looked up). */
export function extraTimeOf(ctx: AppContext, userId: string, mode: SittingMode, examIds: string[]) {
  return mode === 'timed' ? extraTimeFor(ctx, userId, examIds) : Promise.resolve(0);
}

/**
 * The questions a new sitting serves, in served order: a random sample of `numberOfQuestions` of the
 * exam's approved questions in random order (all of them, shuffled, when there are fewer). The
 * administrator's preview draws the same way (decision 0043). `available` is the size of the pool.
 */
export async function drawSittingQuestions(
  db: Executor,
  examId: string,
  numberOfQuestions: number,
): Promise<{ questionIds: string[]; available: number }> {
  const pool = await approvedQuestionIds(db, examId);
  return { questionIds: sample(pool, numberOfQuestions), available: pool.length };
}

/**
 * Starts a sitting in the chosen mode, or resumes the open one. Without a mode the open sitting is resumed
 * whatever its mode (the spec's take page), else a plain exam starts. Asking for another mode while a
 * sitting is open is refused (409 ATTEMPT_IN_PROGRESS): continue or submit it first.
 */
export async function startOrResume(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  requestedMode?: SittingMode,
  restart = false,
): Promise<Attempt> {
  const exam = await examToTake(ctx, actor.id, examId, { published: true });
  // A restart (decision 0063): a new sitting in place of the open one, which is discarded with it.
  const discarding = restart ? exam.attempt?.id : undefined;
  if (exam.attempt && !discarding) {
    if (requestedMode && requestedMode !== exam.attempt.mode)
      throw new ConflictError(ATTEMPT_MESSAGES.inProgress(exam.attempt.mode)).withCode(
        ATTEMPT_CODES.inProgress,
      );
    // An expired timed sitting is submitted by the server; resuming it would only show time up.
    if (timeIsUp(exam.attempt, ctx.clock.now())) {
      await submitExpired(ctx, exam.attempt);
      throw new ConflictError(ATTEMPT_MESSAGES.timeUp).withCode(ATTEMPT_CODES.timeUp);
    }
  }
  const mode = requestedMode ?? exam.attempt?.mode ?? 'exam';
  if (!exam.modes.includes(mode)) throw new BadRequestError(ATTEMPT_MESSAGES.modeNotAllowed);
  // Resuming is a sign of life: a short gap since the last save or heartbeat counts (ADR 0018).
  let attempt =
    exam.attempt && !discarding
      ? ((await touchAttempt(ctx.db, actor.id, exam.attempt.id)) ?? exam.attempt)
      : undefined;
  if (!attempt) {
    const { questionIds } = await drawSittingQuestions(ctx.db, exam.id, exam.numberOfQuestions);
    if (questionIds.length === 0) throw new ConflictError(ATTEMPT_MESSAGES.noQuestions);
    const values = {
      userId: actor.id,
      examId: exam.id,
      questionIds,
      mode,
      deadlineAt: deadlineFor(
        mode,
        questionIds.length,
        exam.secondsPerQuestion,
        ctx.clock.now(),
        await extraTimeOf(ctx, actor.id, mode, [exam.id]),
      ),
    };
    attempt =
      (await openWithinLimit(ctx.db, values, undefined, discarding)) ??
      // Another request (a double click, a second tab) opened it first: serve that one.
      (await findOpenAttempt(ctx.db, actor.id, exam.id));
    if (!attempt) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  }
  return toAttempt(ctx, attempt, exam.title, undefined, exam.timedPauseAllowed);
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

/** Flags must name served questions; struck options must be choices of their question. */
function checkMarks(
  flags: string[] | undefined,
  strikes: Record<string, string[]> | undefined,
  served: Array<{ id: string; options: string[] }>,
): void {
  const byId = new Map(served.map((q) => [q.id, q]));
  for (const id of flags ?? [])
    if (!byId.has(id)) throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
  for (const [id, struck] of Object.entries(strikes ?? {})) {
    const question = byId.get(id);
    if (!question) throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
    if (struck.some((choice) => !question.options.includes(choice)))
      throw new BadRequestError(ATTEMPT_MESSAGES.notAChoice);
  }
}

/**
 * An option is the answer or struck out, never both (decision 0031, addendum of 2026-11-28): a save's answers
 * (a tutor sitting's locked ones) against the save's strikes. A save without strikes (older pages) is not
 * checked against the strikes kept, so it is never refused for a strike it did not send.
 */
function checkStrikesApart(answers: Answers, strikes: Record<string, string[]>): void {
  for (const [questionId, answer] of Object.entries(answers))
    if (strikes[questionId]?.includes(answer)) throw new BadRequestError(ATTEMPT_MESSAGES.struckAnswer);
}

/** The learner's open attempt, locked, or 404; 409 once a timed sitting's time is up. */
async function openAttemptForWrite(
  ctx: AppContext,
  tx: Executor,
  actor: Actor,
  attemptId: string,
): Promise<AttemptRow> {
  const attempt = isUuid(attemptId) ? await findOwnAttemptForUpdate(tx, actor.id, attemptId) : undefined;
  if (!attempt || attempt.submittedAt) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  if (timeIsUp(attempt, ctx.clock.now()))
    throw new ConflictError(ATTEMPT_MESSAGES.timeUp).withCode(ATTEMPT_CODES.timeUp);
  if (attempt.pausedAt) throw new ConflictError(ATTEMPT_MESSAGES.paused).withCode(ATTEMPT_CODES.paused);
  return attempt;
}

/**
 * Saves answers, flags, struck options and position (decision 0031). A save with a sequence number not above
 * the last one recorded is refused (409 STALE_SAVE) and changes nothing. In tutor mode answers are given
 * one at a time (`answerQuestion`, which locks them), so a save's answers are ignored there. A save of
 * `changes` (decision 0074) is merged into what the sitting holds; only the questions it names are read
 * and checked.
 */
export async function saveProgress(
  ctx: AppContext,
  actor: Actor,
  attemptId: string,
  body: SaveAnswersBody,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const attempt = await openAttemptForWrite(ctx, tx, actor, attemptId);
    if (body.seq !== undefined && body.seq <= attempt.saveSeq)
      throw new ConflictError(ATTEMPT_MESSAGES.staleSave).withCode(ATTEMPT_CODES.staleSave);
    const tutor = attempt.mode === 'tutor';
    let save: HeldProgress & { sentAnswers: boolean; sentStrikes: boolean; sentCertainties: boolean };
    let served: Array<{ id: string; options: string[] }>;
    if (body.changes) {
      const named = namedQuestions(body.changes);
      const inSitting = new Set(attempt.questionIds);
      if (named.some((id) => !inSitting.has(id))) throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
      served = await questionsByIds(tx, named);
      const merged = mergeChanges(
        {
          answers: attempt.savedAnswers,
          flags: attempt.flags,
          strikes: attempt.strikes,
          certainties: attempt.certainties,
        },
        tutor ? { ...body.changes, answers: undefined } : body.changes,
      );
      save = { ...merged, sentAnswers: true, sentStrikes: true, sentCertainties: true };
    } else {
      served = await servedQuestions(tx, attempt);
      save = {
        answers: body.answers ?? {},
        flags: body.flags ?? attempt.flags,
        strikes: body.strikes ?? attempt.strikes,
        certainties: body.certainties ?? attempt.certainties,
        sentAnswers: !tutor,
        sentStrikes: body.strikes !== undefined,
        sentCertainties: body.certainties !== undefined,
      };
    }
    const checked = body.changes ?? body;
    if (!tutor) checkAnswers(nonNull(checked.answers), served);
    checkMarks(checked.flags, checked.strikes, served);
    checkMarks(Object.keys(checked.certainties ?? {}), undefined, served);
    if (checked.strikes) checkStrikesApart(tutor ? attempt.savedAnswers : save.answers, save.strikes);
    const applied = await saveAnswers(tx, attempt.id, {
      answers: tutor ? undefined : save.answers,
      currentIndex: clampIndex(body.currentIndex, attempt.questionIds.length),
      flags: checked.flags === undefined ? undefined : save.flags,
      strikes: save.sentStrikes ? save.strikes : undefined,
      // Tutor mode: a locked answer's certainty was given with it.
      certainties: save.sentCertainties
        ? tutor
          ? { ...save.certainties, ...attempt.certainties }
          : save.certainties
        : undefined,
      seq: body.seq,
    });
    if (!applied) throw new ConflictError(ATTEMPT_MESSAGES.staleSave).withCode(ATTEMPT_CODES.staleSave);
  });
}

/** A record without its null values (a save of changes names a removed answer with null). */
function nonNull<T>(record: Record<string, T | null> | undefined): Record<string, T> {
  const kept: Record<string, T> = {};
  for (const [key, value] of Object.entries(record ?? {})) if (value !== null) kept[key] = value;
  return kept;
}

/**
 * Tutor mode: answers one question, locks the answer and reveals that question's answer and explanation
 * (decision 0031). Answering it again with the same choice answers the same (a retried request); with another
 * choice is refused (409 ANSWER_LOCKED).
 */
export async function answerQuestion(
  ctx: AppContext,
  actor: Actor,
  attemptId: string,
  body: {
    questionId: string;
    answer: string;
    currentIndex?: number | undefined;
    certainty?: Certainty | undefined;
  },
): Promise<Reveal> {
  // The usual case (a first answer that keeps every rule) is one statement; anything else — an error to
  // explain, a retried request, a review session — takes the checked path below, which answers as before.
  if (isUuid(attemptId) && isUuid(body.questionId)) {
    const locked = await lockTutorAnswer(ctx.db, {
      attemptId,
      userId: actor.id,
      questionId: body.questionId,
      answer: body.answer,
      currentIndex: body.currentIndex ?? null,
      certainty: body.certainty ?? null,
      oldestDeadline: new Date(ctx.clock.now().getTime() - DEADLINE_GRACE_MS),
    });
    if (locked) return reveal(locked, body.answer);
  }
  return ctx.db.transaction(async (tx) => {
    const attempt = await openAttemptForWrite(ctx, tx, actor, attemptId);
    if (attempt.mode !== 'tutor') throw new BadRequestError(ATTEMPT_MESSAGES.notTutor);
    if (!attempt.questionIds.includes(body.questionId))
      throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
    const [question] = await questionsWithTeachingByIds(tx, [body.questionId]);
    if (!question) throw new BadRequestError(ATTEMPT_MESSAGES.unknownQuestion);
    if (!question.options.includes(body.answer)) throw new BadRequestError(ATTEMPT_MESSAGES.notAChoice);
    const locked = attempt.savedAnswers[body.questionId];
    if (locked !== undefined) {
      if (locked !== body.answer)
        throw new ConflictError(ATTEMPT_MESSAGES.answerLocked).withCode(ATTEMPT_CODES.answerLocked);
      return reveal(question, locked);
    }
    await lockAnswer(
      tx,
      attempt.id,
      body.questionId,
      body.answer,
      clampIndex(body.currentIndex, attempt.questionIds.length),
      body.certainty,
    );
    const revealed = reveal(question, body.answer);
    // A review session's answer is a review: the question's card is rescheduled at once (decision 0035).
    if (attempt.practice?.source === 'review') {
      await applyReviewAnswer(
        tx,
        {
          attemptId: attempt.id,
          userId: attempt.userId,
          questionId: question.id,
          examId: question.examId,
          topic: topicOf(question),
          correct: revealed.isCorrect,
          certainty: body.certainty ?? null,
        },
        ctx.clock.now(),
      );
    }
    return revealed;
  });
}

/**
 * Pauses a sitting, or resumes it (any device). An untimed sitting may always pause; a timed one only where
 * its exam allows it, before its deadline and with pause time left (decision 0064). Its countdown stops
 * while paused, and a resume moves its deadline on by the time paused, within that limit. Pausing a paused
 * sitting or resuming a running one changes nothing (a retried request).
 */
export async function pause(
  ctx: AppContext,
  actor: Actor,
  attemptId: string,
  paused: boolean,
): Promise<PausedResponse> {
  const attempt = isUuid(attemptId) ? await findOwnAttempt(ctx.db, actor.id, attemptId) : undefined;
  if (!attempt || attempt.submittedAt) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  const now = ctx.clock.now();
  if (paused && attempt.mockId) throw new ConflictError(ATTEMPT_MESSAGES.mockNoPause);
  if (paused && attempt.mode === 'timed' && !attempt.pausedAt) {
    if (!(await timedPauseAllowed(ctx.db, attempt.examId)))
      throw new ConflictError(ATTEMPT_MESSAGES.timedNoPause);
    if (attempt.deadlineAt && now.getTime() >= attempt.deadlineAt.getTime())
      throw new ConflictError(ATTEMPT_MESSAGES.pauseTooLate);
    if (pauseLeftMs(attempt, now) < 1000) throw new ConflictError(ATTEMPT_MESSAGES.noPauseLeft);
  }
  const row = paused
    ? await pauseAttempt(ctx.db, attempt.id, now)
    : await resumeAttempt(ctx.db, attempt.id, now);
  // Submitted meanwhile (by the learner on another device, or by the server once time was up).
  if (!row) throw new NotFoundError(ATTEMPT_MESSAGES.noAttempt);
  const timed = row.deadlineAt !== null;
  return {
    paused: row.pausedAt !== null,
    remainingSeconds: remainingSeconds(row, now),
    pauseLeftSeconds: timed ? Math.floor(pauseLeftMs(row, now) / 1000) : null,
  };
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

/** Scores by topic, in the order topics first appear. */
export function topicScores(questions: ResultQuestionSnapshot[]): TopicScore[] {
  const byTopic = new Map<string, { correct: number; total: number }>();
  for (const question of questions) {
    const topic = question.topic ?? GENERAL_TOPIC;
    const tally = byTopic.get(topic) ?? { correct: 0, total: 0 };
    tally.total += 1;
    if (question.isCorrect) tally.correct += 1;
    byTopic.set(topic, tally);
  }
  return [...byTopic].map(([topic, { correct, total }]) => ({
    topic,
    correct,
    total,
    score: scorePercent(correct, total),
  }));
}

function toResult(
  row: ResultRow,
  tags: Map<string, MissTag> = new Map(),
  teaching: Map<string, QuestionTeaching> = new Map(),
): ExamResult {
  const questions = row.questions.map(
    ({ examId: _examId, version: _version, image, explanationImage, ...q }) => ({
      ...q,
      image: toQuestionImage(image),
      explanationImage: toQuestionImage(explanationImage),
      topic: q.topic ?? GENERAL_TOPIC,
      flagged: q.flagged ?? false,
      certainty: q.certainty ?? null,
      missTag: tags.get(q.questionId) ?? null,
      // Results stored before times per question were kept have none (decision 0065).
      seconds: q.seconds ?? null,
      ...taught(q.choices, teaching.get(q.questionId)),
    }),
  );
  return {
    ...toSummary(row),
    // Omitted is not incorrect (decision 0065): an unanswered question is neither right nor wrong.
    incorrectAnswers: row.questions.filter((q) => q.userAnswer !== null && !q.isCorrect).length,
    omittedAnswers: row.questions.filter((q) => q.userAnswer === null).length,
    questions,
    topics: topicScores(row.questions),
    certainty: certaintySummary(row.questions),
  };
}

/** What the result's questions taught, read from the versions its snapshot names (decision 0050). */
function resultTeaching(db: Executor, row: ResultRow): Promise<Map<string, QuestionTeaching>> {
  return teachingOf(
    db,
    row.questions.map((q) => ({ questionId: q.questionId, version: q.version ?? null })),
  );
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
    mode: row.mode,
    kind: row.kind,
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
export async function firstResult(ctx: AppContext, userId: string, attempt: AttemptRow): Promise<ExamResult> {
  const resultId = attempt.resultId ?? (await findOwnAttempt(ctx.db, userId, attempt.id))?.resultId;
  const first = resultId ? await findOwnResult(ctx.db, userId, resultId) : undefined;
  if (!first) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  return toResult(first, new Map(), await resultTeaching(ctx.db, first));
}

/**
 * What a result stores: the attempt scored against the questions that were served (a learner's answers must
 * be choices of their questions, else a 400).
 */
function resultValues(
  attempt: AttemptRow,
  answers: Answers,
  title: string,
  served: QuestionsWithTeaching,
): resultsRepository.NewResult & { mockId: string | null } {
  checkAnswers(answers, served);
  const flags = new Set(attempt.flags);
  const snapshot: ResultQuestionSnapshot[] = served.map((q) => {
    const correctAnswer = q.options[q.correctAnswer] ?? '';
    const userAnswer = answers[q.id] ?? null;
    return {
      questionId: q.id,
      question: q.question,
      choices: q.options,
      userAnswer,
      correctAnswer,
      // Unanswered questions count as wrong.
      isCorrect: userAnswer !== null && userAnswer === correctAnswer,
      explanation: q.explanation,
      topic: topicOf(q),
      flagged: flags.has(q.id),
      examId: q.examId,
      certainty: attempt.certainties[q.id] ?? null,
      image: q.image,
      explanationImage: q.explanationImage,
      version: q.version,
    };
  });
  const correctAnswers = snapshot.filter((q) => q.isCorrect).length;
  return {
    userId: attempt.userId,
    examId: attempt.examId,
    attemptId: attempt.id,
    mockId: attempt.mockId,
    examTitle: title,
    mode: attempt.mode,
    kind: attempt.kind,
    correctAnswers,
    totalQuestions: snapshot.length,
    score: scorePercent(correctAnswers, snapshot.length),
    // The client's duration is ignored: the result's duration is the server's active time.
    maxDuration: MAX_DURATION_SECONDS,
    questions: snapshot,
    responses: snapshot.map((q) => ({
      questionId: q.questionId,
      examId: q.examId ?? null,
      topic: q.topic ?? GENERAL_TOPIC,
      answered: q.userAnswer !== null,
      correct: q.isCorrect,
      flagged: q.flagged ?? false,
      choice: q.userAnswer === null ? null : q.choices.indexOf(q.userAnswer),
      certainty: q.certainty ?? null,
    })),
  };
}

/**
 * Scores an attempt against the questions that were served and stores the result once (`recordResult`
 * claims the attempt and writes the result in one statement). What the result derives (per-question rows,
 * standing, analytics, review cards, item statistics) follows within seconds, applied by the
 * `derived-results` job (decision 0075); the answer is complete without it, computed from the result
 * itself. `derivedInline` is the submit before that decision (everything written in the submit, the
 * cards right after), kept as the reference the job is tested against. Undefined when another request
 * submitted it first.
 */
export async function scoreAndRecord(
  ctx: AppContext,
  attempt: AttemptRow,
  answers: Answers,
  title: string,
  options: { derivedInline?: boolean } = {},
): Promise<{ result: ExamResult; created: boolean } | undefined> {
  const served = inServedOrder(attempt, await questionsWithTeachingByIds(ctx.db, attempt.questionIds));
  const values = resultValues(attempt, answers, title, served);
  // A review session's answers rescheduled their cards as they were given (decision 0035).
  const reviewSession = attempt.practice?.source === 'review';
  const stored = options.derivedInline
    ? await recordResultWithDerived(ctx.db, values)
    : await recordResult(ctx.db, { ...values, reviewApplied: reviewSession });
  if (!stored) return undefined;
  if (options.derivedInline)
    await applyResultToReviews(ctx, stored.id, { alreadyApplied: reviewSession }).catch(() => undefined);
  // What the questions teach comes with the rows just read: no second read of the versions.
  const teaching = new Map<string, QuestionTeaching>(served.map((q) => [q.id, q]));
  return {
    result: toResult(
      {
        ...values,
        // As stored: each question with its seconds, counted up to the submit (decision 0065).
        questions: values.questions.map((q) => ({
          ...q,
          seconds: stored.questionSeconds[q.questionId] ?? 0,
        })),
        id: stored.id,
        duration: stored.duration,
        completedAt: stored.completedAt,
        responsesRecorded: Boolean(options.derivedInline),
        reviewApplied: reviewSession,
        itemCounted: false,
      },
      new Map(),
      teaching,
    ),
    created: true,
  };
}

/**
 * The answers a submit scores: those sent, or, once a timed sitting's time (and grace) is up, those saved
 * by then (late changes do not count). Tutor mode: the locked answers.
 */
function answersToScore(ctx: AppContext, attempt: AttemptRow, sent: Answers): Answers {
  if (attempt.mode === 'tutor' || timeIsUp(attempt, ctx.clock.now())) return attempt.savedAnswers;
  return sent;
}

/**
 * Scores the attempt against the questions that were served, once. A second submit of the same attempt,
 * concurrent or later, claims nothing and returns the first result.
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
  return submitAttempt(ctx, actor.id, attempt, body.answers, exam.title);
}

/** Submits an attempt (an exam's or a practice set's) once; a repeat answers the first result. */
export async function submitAttempt(
  ctx: AppContext,
  userId: string,
  attempt: AttemptRow,
  sent: Answers,
  title: string,
): Promise<{ result: ExamResult; created: boolean }> {
  if (attempt.submittedAt) return { result: await firstResult(ctx, userId, attempt), created: false };
  const stored = await scoreAndRecord(ctx, attempt, answersToScore(ctx, attempt, sent), title);
  // Submitted meanwhile by another request (or the server at the deadline): that result is the result.
  return stored ?? { result: await firstResult(ctx, userId, attempt), created: false };
}

/** The server submits a timed sitting whose time is up with what was saved (the browser may be gone). */
async function submitExpired(ctx: AppContext, attempt: AttemptRow): Promise<boolean> {
  // A live mock's sitting is only handed in until its results are released (decision 0077).
  if (attempt.mockId && !(await sittingsRepository.mockReleased(ctx.db, attempt.mockId, ctx.clock.now())))
    return (await sittingsRepository.handInAttempt(ctx.db, attempt.id, attempt.savedAnswers)) !== undefined;
  const title = attempt.title ?? (await examTitle(ctx, attempt)) ?? 'Exam';
  return (await scoreAndRecord(ctx, attempt, attempt.savedAnswers, title)) !== undefined;
}

async function examTitle(ctx: AppContext, attempt: AttemptRow): Promise<string | undefined> {
  if (!attempt.examId) return undefined;
  const exam = await findExamForLearner(ctx.db, attempt.examId, attempt.userId);
  return exam?.title;
}

/**
 * The auto-submit job (decision 0031): every open timed sitting whose time and grace are up is submitted with
 * the answers saved by then, a batch at a time. Returns how many were submitted.
 */
export async function submitExpiredSittings(ctx: AppContext, batch = 200): Promise<number> {
  let submitted = 0;
  for (;;) {
    const before = new Date(ctx.clock.now().getTime() - DEADLINE_GRACE_MS);
    const expired = await expiredAttempts(ctx.db, before, batch);
    // Five at a time: a connection each on PostgreSQL, queued on the embedded database.
    for (let i = 0; i < expired.length; i += 5) {
      const done = await Promise.all(expired.slice(i, i + 5).map((attempt) => submitExpired(ctx, attempt)));
      submitted += done.filter(Boolean).length;
    }
    if (expired.length < batch) return submitted;
  }
}

export async function getResult(ctx: AppContext, actor: Actor, resultId: string): Promise<ExamResult> {
  const row = isUuid(resultId) ? await findOwnResult(ctx.db, actor.id, resultId) : undefined;
  // Someone else's result is indistinguishable from a missing one.
  if (!row) throw new NotFoundError(ATTEMPT_MESSAGES.resultNotFound);
  const [tags, teaching] = await Promise.all([missTagsOf(ctx.db, row.id), resultTeaching(ctx.db, row)]);
  return toResult(row, tags, teaching);
}

export async function listResults(ctx: AppContext, actor: Actor, page: number, limit: number) {
  const { rows, total } = await pageResults(ctx.db, actor.id, limit, (page - 1) * limit);
  return { results: rows.map(toSummary), page, pages: pageCount(total, limit), total };
}

function toInProgress(row: Awaited<ReturnType<typeof openAttempts>>[number], now: Date): InProgressExam {
  return {
    attemptId: row.id,
    examId: row.examId,
    kind: row.kind,
    mode: row.mode,
    paused: Boolean(row.paused),
    examTitle: row.examTitle,
    startedAt: row.startedAt.toISOString(),
    answered: row.answered,
    totalQuestions: row.totalQuestions,
    remainingSeconds: remainingSeconds(row, now),
    lastActiveAt: row.lastActiveAt.toISOString(),
  };
}

/**
 * The recent exams, and every sitting in progress (ADR 0018: carried on the dashboard's recent call; at most
 * OPEN_SITTINGS_LIMIT, decision 0063).
 */
export async function recent(
  ctx: AppContext,
  actor: Actor,
  limit = 5,
): Promise<{ recent: RecentExam[]; inProgress: InProgressExam[] }> {
  const [rows, open] = await Promise.all([
    recentExams(ctx.db, actor.id, limit),
    openAttempts(ctx.db, actor.id, OPEN_SITTINGS_LIMIT),
  ]);
  const now = ctx.clock.now();
  const inProgress = open.map((row) => toInProgress(row, now));
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

/**
 * Applies what stored results derive (decision 0075), a batch per call: their per-question rows (with
 * certainty), the learners' standing and analytics summaries; also results stored before study sittings
 * (migration 0011). Resolves with how many results it took (0 once none is pending).
 */
export function applyResultResponses(ctx: AppContext, batch = 500): Promise<number> {
  return applyRecordedResponses(ctx.db, batch);
}

/**
 * The learner-facing part of the `derived-results` job (decision 0075): results' per-question rows,
 * standing and analytics, batch after batch until none is pending (at most `rounds` batches), then their
 * review cards. Item statistics are the item-analysis module's step, which counts only results whose rows
 * are there. Returns how many results it applied.
 */
export async function applyPendingResults(ctx: AppContext, batch = 500, rounds = 20): Promise<number> {
  let applied = 0;
  for (let round = 0; round < rounds; round += 1) {
    const n = await applyRecordedResponses(ctx.db, batch);
    applied += n;
    if (n < batch) break;
  }
  await applyRecordedReviews(ctx);
  return applied;
}

/**
 * Applies one of the learner's results now if it still waits for the `derived-results` job (decision
 * 0075): a learner tagging a miss moments after submitting needs its per-question row. True when it did.
 */
export async function applyResultNow(ctx: AppContext, userId: string, resultId: string): Promise<boolean> {
  return (await applyRecordedResponses(ctx.db, 1, { resultId, userId })) > 0;
}

/** Whether any result waits for the `derived-results` job (decision 0075). */
export function resultsToApply(ctx: AppContext): Promise<boolean> {
  return resultsWaiting(ctx.db);
}

/*
 * The attempts other modules open and read (practice sets are attempts): thin wrappers over this module's
 * repository, which is private to it (decision 0051). Each takes the executor first, so a caller's
 * transaction passes through.
 */

/** The learner's open practice set, and whether nothing was done in it yet. */
export function findOpenPracticeSet(
  db: Executor,
  userId: string,
): Promise<{ id: string; untouched: boolean } | undefined> {
  return sittingsRepository.findOpenPracticeSet(db, userId);
}

/** One of the learner's own attempts (undefined for anyone else's). */
export function findOwnAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  return sittingsRepository.findOwnAttempt(db, userId, attemptId);
}

/**
 * Inserts an open attempt unless one exists and returns it (undefined when another request opened one
 * first); `replacing` is an open practice set it replaces if that set is still untouched.
 */
export function insertOpenAttempt(
  db: Executor,
  values: sittingsRepository.NewOpenAttempt,
  replacing?: string,
): Promise<AttemptRow | undefined> {
  return openWithinLimit(db, values, replacing);
}

/**
 * Opens an attempt within the learner's open limit (decision 0063), in one transaction that locks the
 * learner first: replacing an untouched practice set keeps the count; a new one is refused (409
 * SITTINGS_LIMIT) at OPEN_SITTINGS_LIMIT. `discarding` is the learner's open sitting of this exam that a
 * restart deletes in the same transaction.
 */
async function openWithinLimit(
  db: Executor,
  values: sittingsRepository.NewOpenAttempt,
  replacing?: string,
  discarding?: string,
): Promise<AttemptRow | undefined> {
  return db.transaction(async (tx) => {
    const open = await sittingsRepository.lockAndCountOpenAttempts(tx, values.userId);
    if (discarding) await sittingsRepository.deleteOpenAttempt(tx, values.userId, discarding);
    else if (replacing) {
      const replaced = await sittingsRepository.replaceUntouchedAttempt(tx, values, replacing);
      if (replaced) return replaced;
    }
    if (!discarding && open >= OPEN_SITTINGS_LIMIT)
      throw new ConflictError(ATTEMPT_MESSAGES.openLimit).withCode(ATTEMPT_CODES.openLimit);
    return sittingsRepository.insertOpenAttempt(tx, values);
  });
}

/** Discards the learner's open sitting or practice set: deleted, it never becomes a result (decision 0063). */
export async function discardAttempt(ctx: AppContext, actor: Actor, attemptId: string): Promise<void> {
  const deleted = isUuid(attemptId)
    ? await sittingsRepository.deleteOpenAttempt(ctx.db, actor.id, attemptId)
    : undefined;
  // Someone else's, submitted or already discarded: there is nothing open to discard.
  if (!deleted) throw new NotFoundError(ATTEMPT_MESSAGES.noOpenSitting);
}

/** Every open sitting and practice set of the learner's, most recently used first (decision 0063). */
export async function openSittings(ctx: AppContext, actor: Actor): Promise<InProgressExam[]> {
  const rows = await openAttempts(ctx.db, actor.id, OPEN_SITTINGS_LIMIT);
  return rows.map((row) => toInProgress(row, ctx.clock.now()));
}

/** A sign of life on the learner's open attempt; the attempt as it now is. */
export function touchAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
  currentIndex?: number,
): Promise<AttemptRow | undefined> {
  return sittingsRepository.touchAttempt(db, userId, attemptId, currentIndex);
}

/** The learner's own attempts among `attemptIds`: open, or submitted with their result (courses). */
export function attemptOutcomes(
  db: Executor,
  userId: string,
  attemptIds: string[],
): Promise<resultsRepository.AttemptOutcome[]> {
  return resultsRepository.attemptOutcomes(db, userId, attemptIds);
}

/** The learner's exam-mode sittings of these exams (not practice sets) since `since` (course checkpoints). */
export function examScoresSince(
  db: Executor,
  userId: string,
  examIds: string[],
  since: Date,
): Promise<resultsRepository.ExamScore[]> {
  return resultsRepository.examScoresSince(db, userId, examIds, since);
}

/*
 * Live mocks (decision 0077): the mocks module decides who may sit when and for how long; a mock's sitting
 * is an exam attempt of this module's, handed in unscored until the results are released.
 */

/**
 * The exam with the learner's right to take it, as the exam's own start checks it: 404 for an unknown or
 * unpublished exam, 403 without an active subscription.
 */
export function examForSitting(ctx: AppContext, userId: string, examId: string): Promise<ExamForLearner> {
  return examToTake(ctx, userId, examId, { published: true });
}

/** The learner's sitting of a mock, open or handed in. */
export function findMockAttempt(
  db: Executor,
  userId: string,
  mockId: string,
): Promise<AttemptRow | undefined> {
  return sittingsRepository.findMockAttempt(db, userId, mockId);
}

/**
 * Opens the learner's one timed sitting of a mock: the exam's questions drawn as its own sitting draws them,
 * with the deadline the mock sets. Two starts at once make one sitting (the unique index of one per mock
 * and learner): the second serves the first's.
 */
export async function openMockSitting(
  ctx: AppContext,
  userId: string,
  exam: ExamForLearner,
  mock: { id: string; title: string; deadlineAt: Date },
): Promise<Attempt> {
  const { questionIds } = await drawSittingQuestions(ctx.db, exam.id, exam.numberOfQuestions);
  if (questionIds.length === 0) throw new ConflictError(ATTEMPT_MESSAGES.noQuestions);
  const attempt =
    (await sittingsRepository.insertOpenAttempt(ctx.db, {
      userId,
      examId: exam.id,
      questionIds,
      mode: 'timed',
      deadlineAt: mock.deadlineAt,
      mockId: mock.id,
    })) ?? (await sittingsRepository.findMockAttempt(ctx.db, userId, mock.id));
  if (!attempt) throw new ConflictError(ATTEMPT_MESSAGES.noAttempt);
  return resumeMockSitting(ctx, attempt, mock.title);
}

/**
 * The open mock sitting as the page sees it (a sign of life); undefined once its time is up, when the
 * server has handed it in (or scored it, results being out).
 */
export async function resumeMockSitting(
  ctx: AppContext,
  attempt: AttemptRow,
  title: string,
): Promise<Attempt> {
  if (timeIsUp(attempt, ctx.clock.now())) {
    await submitExpired(ctx, attempt);
    throw new ConflictError(ATTEMPT_MESSAGES.timeUp).withCode(ATTEMPT_CODES.timeUp);
  }
  const touched = (await touchAttempt(ctx.db, attempt.userId, attempt.id)) ?? attempt;
  return toAttempt(ctx, touched, title, undefined, false);
}

/**
 * Hands a mock sitting in: scored at once when the results are already out, else kept unscored (nothing of
 * it is stored as a result until the release). The answers sent count until the deadline and its grace;
 * after it, those saved by then. A repeat changes nothing.
 */
export async function submitMockSitting(
  ctx: AppContext,
  attempt: AttemptRow,
  sent: Answers,
  title: string,
  released: boolean,
): Promise<ExamResult | undefined> {
  if (released && attempt.submittedAt && !attempt.resultId) {
    // Handed in before the release, not scored yet: scored now with what was handed in.
    const stored = await scoreAndRecord(ctx, attempt, attempt.savedAnswers, title);
    return stored ? stored.result : firstResult(ctx, attempt.userId, attempt);
  }
  if (released) return (await submitAttempt(ctx, attempt.userId, attempt, sent, title)).result;
  if (attempt.submittedAt) return undefined;
  const answers = answersToScore(ctx, attempt, sent);
  const served = await servedQuestions(ctx.db, attempt);
  checkAnswers(answers, served);
  await sittingsRepository.handInAttempt(ctx.db, attempt.id, answers);
  return undefined;
}

/** The learner's result of a mock sitting once scored (undefined before). */
export async function mockResult(ctx: AppContext, attempt: AttemptRow): Promise<ExamResult | undefined> {
  if (!attempt.resultId) return undefined;
  const row = await findOwnResult(ctx.db, attempt.userId, attempt.resultId);
  if (!row) return undefined;
  const [tags, teaching] = await Promise.all([missTagsOf(ctx.db, row.id), resultTeaching(ctx.db, row)]);
  return toResult(row, tags, teaching);
}

/**
 * The release job: every handed-in mock sitting whose mock's results are out is scored, a batch at a time
 * (decision 0077). Returns how many were scored; a second run finds nothing. Each batch's results are
 * stored by one statement, and the next batch is read and scored while the last one is stored, so the
 * server's JavaScript and PostgreSQL work side by side.
 */
export async function releaseMockResults(ctx: AppContext, batch = 200): Promise<number> {
  let scored = 0;
  let after: string | undefined;
  let storing: Promise<number> | undefined;
  for (;;) {
    const due = await sittingsRepository.releasedHandedIn(ctx.db, ctx.clock.now(), batch, after);
    if (due.length > 0) {
      after = due[due.length - 1]!.attempt.id;
      const results = await handedInResults(ctx, due);
      scored += (await storing) ?? 0;
      storing = resultsRepository.recordHandedInResults(ctx.db, results);
      // Awaited with the next batch or at the end; until then a failure must not count as unhandled.
      storing.catch(() => undefined);
    }
    if (due.length < batch) return scored + ((await storing) ?? 0);
  }
}

/**
 * The results of handed-in mock sittings: each scored against the questions it was served, its time as
 * counted up to the hand-in (final: `recordHandedInResults`). A sitting that cannot be scored (its question
 * changed since the hand-in so an answer is no longer a choice) is left out and stays handed in; it must not
 * stop the others.
 */
async function handedInResults(ctx: AppContext, due: Array<{ attempt: AttemptRow; title: string }>) {
  // A mock's sittings share its paper: the batch's questions are read once, not once per sitting.
  const questions = await questionsWithTeachingByIds(ctx.db, [
    ...new Set(due.flatMap(({ attempt }) => attempt.questionIds)),
  ]);
  return due.flatMap(({ attempt, title }) => {
    try {
      const { maxDuration, ...values } = resultValues(
        attempt,
        attempt.savedAnswers,
        title,
        inServedOrder(attempt, questions),
      );
      const questionsWithSeconds = values.questions.map((q) => ({
        ...q,
        seconds: attempt.questionSeconds[q.questionId] ?? 0,
      }));
      return [
        {
          ...values,
          duration: Math.min(attempt.activeSeconds, maxDuration),
          questions: questionsWithSeconds,
        },
      ];
    } catch {
      return [];
    }
  });
}
