import {
  REVIEW_FORECAST_DAYS,
  REVIEW_LIMIT_REACHED,
  REVIEW_SESSION_CAP,
  type ReviewCard,
  type ReviewCardsResponse,
  type ReviewForecast,
  type ReviewPreferences,
  type ReviewSummary,
} from '@mlp/contract';
import {
  createEmptyCard,
  fsrs,
  generatorParameters,
  Rating,
  State,
  type Card,
  type FSRS,
  type Grade,
} from 'ts-fsrs';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { dayBounds, startOfLocalDay } from '../../lib/local-days.ts';
import { pageCount } from '../../lib/paging.ts';
import {
  retopicCards,
  cardsFor,
  claimResultForReview,
  deleteDeck,
  dueByBucket,
  dueCount,
  dueQuestionIds,
  logReview,
  pageCards,
  resultsPendingReview,
  claimAnsweredForReview,
  savePreferences,
  setSuspended,
  summary,
  upsertCards,
  type CardFilter,
  type LearnerPreferences,
  type NewReviewCard,
  type ReviewCardRow,
} from './reviews.repository.ts';
import * as reviewsRepository from './reviews.repository.ts';
import { REVIEW_MESSAGES } from './reviews.messages.ts';

/*
 * Spaced review with FSRS (decision 0035): every answered question is a card in the learner's
 * deck; each answer is a review rated wrong → Again, right but guessed → Hard, right → Good. ts-fsrs's
 * long-term scheduler (no same-day learning steps, no fuzz) says when the card comes back.
 */

export type CertaintyLevel = 'sure' | 'fairly-sure' | 'guessing';

/** The FSRS rating of an answer (decision 0035). */
export function ratingFor(correct: boolean, certainty: CertaintyLevel | null): Grade {
  if (!correct) return Rating.Again;
  return certainty === 'guessing' ? Rating.Hard : Rating.Good;
}

const schedulers = new Map<number, FSRS>();
/** A scheduler for a desired retention (cached: a handful of values are ever used). */
export function schedulerFor(desiredRetention: number): FSRS {
  const key = Math.round(desiredRetention * 100) / 100;
  let scheduler = schedulers.get(key);
  if (!scheduler) {
    scheduler = fsrs(
      generatorParameters({ request_retention: key, enable_fuzz: false, enable_short_term: false }),
    );
    schedulers.set(key, scheduler);
  }
  return scheduler;
}

function toCard(row: ReviewCardRow): Card {
  return {
    due: row.due,
    stability: row.stability,
    difficulty: row.difficulty,
    elapsed_days: row.elapsedDays,
    scheduled_days: row.scheduledDays,
    learning_steps: row.learningSteps,
    reps: row.reps,
    lapses: row.lapses,
    state: row.state,
    last_review: row.lastReview ?? undefined,
  };
}

/** An answer as a review card sees it: whose, which question, and how it went. */
interface CardAnswer {
  userId: string;
  questionId: string;
  examId: string | null;
  topic: string;
  correct: boolean;
  certainty: CertaintyLevel | null;
}

/** One answer applied to a card (a new card when there is none): the card as it is afterwards. */
export function reviewed(
  scheduler: FSRS,
  existing: ReviewCardRow | undefined,
  answer: CardAnswer,
  at: Date,
): NewReviewCard {
  const before = existing ? toCard(existing) : createEmptyCard(at);
  // An answer given before the card's last review (results applied out of order) counts at that review.
  const when = existing?.lastReview && existing.lastReview > at ? existing.lastReview : at;
  const { card } = scheduler.next(before, when, ratingFor(answer.correct, answer.certainty));
  return {
    userId: answer.userId,
    questionId: answer.questionId,
    examId: answer.examId,
    topic: answer.topic,
    due: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    elapsedDays: card.elapsed_days,
    scheduledDays: card.scheduled_days,
    learningSteps: card.learning_steps,
    reps: card.reps,
    lapses: card.lapses,
    state: card.state,
    lastReview: card.last_review ?? when,
  };
}

/**
 * A submitted result's answered questions update the learner's cards, once (`review_applied`), in one
 * transaction. A review session's answers were applied one by one as they were given: `alreadyApplied`
 * only marks the result.
 */
export async function applyResultToReviews(
  ctx: AppContext,
  resultId: string,
  options: { alreadyApplied?: boolean } = {},
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    if (options.alreadyApplied) {
      await claimResultForReview(tx, resultId);
      return;
    }
    await reviewsRepository.lockLearnerOfResult(tx, resultId);
    // Only answered questions enter the deck: a skipped one says nothing about what the learner knows.
    const { desiredRetention, answered } = await claimAnsweredForReview(tx, resultId);
    if (answered.length === 0) return;
    const userId = answered[0]!.userId;
    const scheduler = schedulerFor(desiredRetention);
    const existing = new Map(
      (
        await cardsFor(
          tx,
          userId,
          answered.map((r) => r.questionId),
        )
      ).map((card) => [card.questionId, card]),
    );
    await upsertCards(
      tx,
      answered.map((response) =>
        reviewed(scheduler, existing.get(response.questionId), response, response.answeredAt),
      ),
    );
  });
}

/**
 * A review session's answer (tutor mode) updates its card at once, in the caller's transaction, and is
 * logged for the daily limit (decision 0060). `now` is the answer's real time, also before the card's due
 * (studying ahead): ts-fsrs schedules an early review from the days actually elapsed since the last one.
 */
export async function applyReviewAnswer(
  tx: Executor,
  answer: CardAnswer & { attemptId: string },
  now: Date,
): Promise<void> {
  const { desiredRetention } = await preferencesOf(tx, answer.userId);
  const [existing] = await cardsFor(tx, answer.userId, [answer.questionId]);
  await upsertCards(tx, [reviewed(schedulerFor(desiredRetention), existing, answer, now)]);
  await logReview(tx, {
    attemptId: answer.attemptId,
    questionId: answer.questionId,
    userId: answer.userId,
    rating: ratingFor(answer.correct, answer.certainty),
    due: existing?.due ?? null,
    reviewedAt: now,
  });
}

/**
 * The review step of the `derived-results` job (decision 0075): every result whose per-question rows are
 * recorded and whose answers have not reached the cards, oldest first, each in a transaction of its own
 * that claims it (`review_applied`), so a repeated or concurrent run applies nothing twice and a run that
 * fails half-way leaves the rest for the next. At most `rounds` batches a run; returns how many it took.
 */
export async function applyRecordedReviews(ctx: AppContext, batch = 500, rounds = 20): Promise<number> {
  let taken = 0;
  for (let round = 0; round < rounds; round += 1) {
    const pending = await resultsPendingReview(ctx.db, batch);
    for (const id of pending) await applyResultToReviews(ctx, id);
    taken += pending.length;
    if (pending.length < batch) break;
  }
  return taken;
}

/** What today's limit leaves (decision 0060): never below 0, never above a session's cap. */
function leftToday(row: { dailyLimit: number; reviewedToday: number }): number {
  return Math.max(0, Math.min(REVIEW_SESSION_CAP, row.dailyLimit - row.reviewedToday));
}

export async function reviewSummary(ctx: AppContext, actor: Actor, timeZone: string): Promise<ReviewSummary> {
  const now = ctx.clock.now();
  const [row, pendingResults] = await Promise.all([
    summary(ctx.db, actor.id, now, startOfLocalDay(now, timeZone)),
    reviewsRepository.reviewPendingCount(ctx.db, actor.id),
  ]);
  return {
    pendingResults,
    due: row.due,
    session: Math.min(row.due, leftToday(row)),
    dailyLimit: row.dailyLimit,
    reviewedToday: row.reviewedToday,
    nextDue: row.nextDue ? row.nextDue.toISOString() : null,
    total: row.total,
    suspended: row.suspended,
  };
}

/**
 * The review forecast (decision 0060): unsuspended cards due now, later today and on each of the next
 * REVIEW_FORECAST_DAYS days of the learner's time zone, from one indexed query.
 */
export async function reviewForecast(
  ctx: AppContext,
  actor: Actor,
  timeZone: string,
): Promise<ReviewForecast> {
  const now = ctx.clock.now();
  const { bounds, dates } = dayBounds(now, timeZone, REVIEW_FORECAST_DAYS);
  return forecastFrom(await dueByBucket(ctx.db, actor.id, now, bounds), dates, timeZone);
}

/**
 * Bucket counts (0: due now, 1: later today, k + 1: day k) as the forecast's answer; a day without cards
 * counts 0.
 */
export function forecastFrom(
  buckets: ReadonlyArray<{ bucket: number; due: number }>,
  dates: readonly string[],
  timeZone: string,
): ReviewForecast {
  const counts = new Map(buckets.map((row) => [row.bucket, row.due]));
  return {
    timeZone,
    dueNow: counts.get(0) ?? 0,
    laterToday: counts.get(1) ?? 0,
    days: dates.map((date, index) => ({ date, due: counts.get(index + 2) ?? 0 })),
  };
}

/** The dashboard's 'Review due: N'. */
export function reviewDueCount(ctx: AppContext, userId: string): Promise<number> {
  return dueCount(ctx.db, userId, ctx.clock.now());
}

/**
 * The learner's review preferences (desired retention, certainty on or off, reviews per day); the executor
 * first, so a caller's transaction passes through (decision 0051: other modules read them here, not in the
 * repository).
 */
export function preferencesOf(db: Executor, userId: string): Promise<LearnerPreferences> {
  return reviewsRepository.preferencesOf(db, userId);
}

/**
 * The questions a review session takes (decision 0060), soonest due first, at most REVIEW_SESSION_CAP:
 * - 'Start review': the cards due now, at most what today's limit leaves (409 REVIEW_LIMIT_REACHED when it
 *   leaves none and cards are due); `beyondLimit` ('Review anyway') skips the limit;
 * - studying ahead (`aheadDays`, 1 = tomorrow): the cards due by the end of that day of the learner's time
 *   zone, due-now ones first; a deliberate choice, so the limit does not apply either.
 * Refuses with 409 when nothing is due in the window.
 */
export async function dueForSession(
  ctx: AppContext,
  userId: string,
  options: { aheadDays?: number | undefined; beyondLimit?: boolean | undefined; timeZone: string },
): Promise<string[]> {
  const now = ctx.clock.now();
  if (options.aheadDays !== undefined) {
    const until = startOfLocalDay(now, options.timeZone, options.aheadDays + 1);
    const ids = await dueQuestionIds(ctx.db, userId, until, REVIEW_SESSION_CAP, { exclusive: true });
    if (ids.length === 0) throw new ConflictError(REVIEW_MESSAGES.nothingAhead(options.aheadDays));
    return ids;
  }
  const row = await summary(ctx.db, userId, now, startOfLocalDay(now, options.timeZone));
  const cap = options.beyondLimit ? REVIEW_SESSION_CAP : leftToday(row);
  if (row.due > 0 && cap === 0)
    throw new ConflictError(REVIEW_MESSAGES.limitReached(row.dailyLimit)).withCode(REVIEW_LIMIT_REACHED);
  const ids = row.due > 0 ? await dueQuestionIds(ctx.db, userId, now, cap) : [];
  if (ids.length === 0) throw new ConflictError(REVIEW_MESSAGES.nothingDue);
  return ids;
}

const STATE_NAMES = {
  [State.New]: 'new',
  [State.Learning]: 'learning',
  [State.Review]: 'review',
  [State.Relearning]: 'relearning',
} as const;

function toReviewCard(row: Awaited<ReturnType<typeof pageCards>>['rows'][number]): ReviewCard {
  const { card } = row;
  return {
    questionId: card.questionId,
    question: row.question ?? 'This question has been deleted',
    examId: card.examId,
    examTitle: row.examTitle,
    topic: card.topic,
    due: card.due.toISOString(),
    state: STATE_NAMES[card.state as State],
    reps: card.reps,
    lapses: card.lapses,
    suspended: card.suspended,
    lastReview: card.lastReview ? card.lastReview.toISOString() : null,
  };
}

export async function reviewCards(
  ctx: AppContext,
  actor: Actor,
  query: { page: number; limit: number; filter: CardFilter },
): Promise<ReviewCardsResponse> {
  const { rows, total } = await pageCards(
    ctx.db,
    actor.id,
    query.filter,
    ctx.clock.now(),
    query.limit,
    (query.page - 1) * query.limit,
  );
  return { cards: rows.map(toReviewCard), page: query.page, pages: pageCount(total, query.limit), total };
}

export async function suspendCard(
  ctx: AppContext,
  actor: Actor,
  questionId: string,
  suspended: boolean,
): Promise<ReviewCard> {
  if (!(await setSuspended(ctx.db, actor.id, questionId, suspended)))
    throw new NotFoundError(REVIEW_MESSAGES.noCard);
  const { rows } = await pageCards(ctx.db, actor.id, 'all', ctx.clock.now(), 1, 0, questionId);
  if (!rows[0]) throw new NotFoundError(REVIEW_MESSAGES.noCard);
  return toReviewCard(rows[0]);
}

export async function resetDeck(ctx: AppContext, actor: Actor): Promise<{ message: string }> {
  const removed = await deleteDeck(ctx.db, actor.id);
  return { message: REVIEW_MESSAGES.reset(removed) };
}

export async function preferences(ctx: AppContext, actor: Actor): Promise<ReviewPreferences> {
  return preferencesOf(ctx.db, actor.id);
}

export async function updatePreferences(
  ctx: AppContext,
  actor: Actor,
  body: ReviewPreferences,
): Promise<ReviewPreferences> {
  await savePreferences(ctx.db, actor.id, {
    desiredRetention: body.desiredRetention,
    certaintyEnabled: body.certaintyEnabled,
    dailyLimit: body.dailyLimit,
  });
  return preferencesOf(ctx.db, actor.id);
}

/** A topic renamed, merged or removed on an exam (decision 0050): the questions' cards follow it. */
export function carryCardTopics(db: Executor, questionIds: string[], topic: string): Promise<void> {
  return retopicCards(db, questionIds, topic);
}
