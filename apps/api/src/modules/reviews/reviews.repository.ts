import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { GENERAL_TOPIC, REVIEW_SESSION_CAP } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examResults,
  exams,
  learnerPreferences,
  questionResponses,
  questions,
  reviewCards,
  reviewLog,
  users,
} from '../../db/schema/index.ts';

/** Review cards (FSRS state) and learner preferences (decision 0035). */

export type ReviewCardRow = typeof reviewCards.$inferSelect;
export type NewReviewCard = typeof reviewCards.$inferInsert;

export interface LearnerPreferences {
  desiredRetention: number;
  certaintyEnabled: boolean;
  dailyLimit: number;
}

export async function preferencesOf(db: Executor, userId: string): Promise<LearnerPreferences> {
  const [row] = await db
    .select({
      desiredRetention: learnerPreferences.desiredRetention,
      certaintyEnabled: learnerPreferences.certaintyEnabled,
      dailyLimit: learnerPreferences.dailyLimit,
    })
    .from(learnerPreferences)
    .where(eq(learnerPreferences.userId, userId))
    .limit(1);
  return row ?? { desiredRetention: 0.9, certaintyEnabled: false, dailyLimit: REVIEW_SESSION_CAP };
}

export async function savePreferences(
  db: Executor,
  userId: string,
  values: LearnerPreferences,
): Promise<void> {
  await db
    .insert(learnerPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: learnerPreferences.userId, set: { ...values, updatedAt: sql`now()` } });
}

/**
 * Marks a result's answers as applied to the review cards, once: false when they were applied before
 * (a second runner, a retried request).
 */
export async function claimResultForReview(db: Executor, resultId: string): Promise<boolean> {
  const updated = await db
    .update(examResults)
    .set({ reviewApplied: true })
    .where(and(eq(examResults.id, resultId), eq(examResults.reviewApplied, false)))
    .returning({ id: examResults.id });
  return updated.length > 0;
}

/**
 * Results whose per-question rows are recorded but whose answers have not reached the review cards yet
 * (decision 0075: the `derived-results` job's second step), oldest first.
 */
export async function resultsPendingReview(db: Executor, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: examResults.id })
    .from(examResults)
    .where(and(eq(examResults.reviewApplied, false), eq(examResults.responsesRecorded, true)))
    .orderBy(asc(examResults.completedAt), asc(examResults.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * How many of the learner's results have not reached their review cards yet (decision 0075): the deck
 * says it is updating while any has not. From the partial index of results pending review.
 */
export async function reviewPendingCount(db: Executor, userId: string): Promise<number> {
  const [row] = await prepared(db, 'review_pending_count', (on) =>
    on
      .select({ n: count() })
      .from(examResults)
      .where(and(eq(examResults.userId, sql.placeholder('userId')), eq(examResults.reviewApplied, false))),
  ).execute({ userId });
  return Number(row?.n ?? 0);
}

/**
 * Locks the learner of a result for the rest of the transaction: two runners applying results of one
 * learner to the cards do it one after the other, so each learner's results reach the cards in the order
 * they were taken (FSRS reads each review after the one before).
 */
export async function lockLearnerOfResult(db: Executor, resultId: string): Promise<void> {
  await db.execute(
    sql`select 1 from ${users} u join ${examResults} r on r.user_id = u.id where r.id = ${resultId} for update of u`,
  );
}

export interface ResponseForReview {
  userId: string;
  questionId: string;
  answered: boolean;
  examId: string | null;
  topic: string;
  correct: boolean;
  certainty: 'sure' | 'fairly-sure' | 'guessing' | null;
  answeredAt: Date;
}

/**
 * Claims a result for the review cards (once: nothing the second time) and reads, in the same statement,
 * its answered questions with the learner's desired retention.
 */
export async function claimAnsweredForReview(
  db: Executor,
  resultId: string,
): Promise<{ desiredRetention: number; answered: ResponseForReview[] }> {
  const result: unknown = await db.execute(sql`
    with claimed as (
      -- Only once its per-question rows are there (decision 0075): before that it would claim nothing to apply.
      update ${examResults} set review_applied = true
      where id = ${resultId} and not review_applied and responses_recorded returning id
    )
    select r.user_id, r.question_id, r.exam_id,
      -- The question's topic now (a topic renamed since the sitting files the card under its new name,
      -- decision 0050); the topic then for a question deleted since.
      case when q.id is null then r.topic else coalesce(q.topic, ${GENERAL_TOPIC}) end as topic,
      r.correct, r.certainty,
      (extract(epoch from r.answered_at) * 1000)::float8 as answered_ms,
      coalesce(p.desired_retention, 0.9)::float8 as desired_retention
    from claimed
    join ${questionResponses} r on r.result_id = claimed.id and r.answered
    left join ${questions} q on q.id = r.question_id
    left join ${learnerPreferences} p on p.user_id = r.user_id`);
  const rows = (
    result as {
      rows: Array<{
        user_id: string;
        question_id: string;
        exam_id: string | null;
        topic: string;
        correct: boolean;
        certainty: ResponseForReview['certainty'];
        answered_ms: number;
        desired_retention: number;
      }>;
    }
  ).rows;
  return {
    desiredRetention: Number(rows[0]?.desired_retention ?? 0.9),
    answered: rows.map((row) => ({
      userId: row.user_id,
      questionId: row.question_id,
      answered: true,
      examId: row.exam_id,
      topic: row.topic,
      correct: row.correct,
      certainty: row.certainty,
      answeredAt: new Date(Number(row.answered_ms)),
    })),
  };
}

/** The learner's cards for these questions, locked for the update that follows (one array parameter). */
export async function cardsFor(
  db: Executor,
  userId: string,
  questionIds: string[],
): Promise<ReviewCardRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(reviewCards)
    .where(
      and(
        eq(reviewCards.userId, userId),
        sql`${reviewCards.questionId} = any(${sql.param(questionIds)}::uuid[])`,
      ),
    )
    .for('update');
}

/**
 * Writes cards (new or updated), keeping a card's suspension. One statement whatever the number of cards,
 * with one array parameter per column (unnest): a result's hundred cards used to be a 1,400-parameter
 * statement whose building (Drizzle) and parsing cost as much as the rest of a submit (docs/performance.md).
 */
export async function upsertCards(db: Executor, cards: NewReviewCard[]): Promise<void> {
  if (cards.length === 0) return;
  const column = <T>(pick: (card: NewReviewCard) => T) => sql.param(cards.map(pick));
  const at = (value: Date | null | undefined) => (value ? value.toISOString() : null);
  await db.execute(sql`
    insert into ${reviewCards} (user_id, question_id, exam_id, topic, due, stability, difficulty, elapsed_days,
      scheduled_days, learning_steps, reps, lapses, state, last_review)
    select * from unnest(
      ${column((c) => c.userId)}::uuid[], ${column((c) => c.questionId)}::uuid[],
      ${column((c) => c.examId ?? null)}::uuid[], ${column((c) => c.topic)}::text[],
      ${column((c) => at(c.due))}::timestamptz[], ${column((c) => c.stability)}::float8[],
      ${column((c) => c.difficulty)}::float8[], ${column((c) => c.elapsedDays)}::int[],
      ${column((c) => c.scheduledDays)}::int[], ${column((c) => c.learningSteps)}::int[],
      ${column((c) => c.reps)}::int[], ${column((c) => c.lapses)}::int[], ${column((c) => c.state)}::smallint[],
      ${column((c) => at(c.lastReview))}::timestamptz[])
    on conflict (user_id, question_id) do update set
      exam_id = excluded.exam_id, topic = excluded.topic, due = excluded.due, stability = excluded.stability,
      difficulty = excluded.difficulty, elapsed_days = excluded.elapsed_days,
      scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
      lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review, updated_at = now()`);
}

/**
 * The deck's summary from index ranges, none of which reads every card
 * (docs/performance-history.md, 2026-11-24):
 * due now and the next due time from `review_cards_due` (user_id, due) over unsuspended cards, the total
 * from the primary key (user_id, question_id), the suspended from `review_cards_suspended`; today's
 * reviews from `review_log_user_time` (user_id, reviewed_at) since the learner's midnight, and the
 * learner's daily limit (decision 0060). Prepared.
 */
export async function summary(db: Executor, userId: string, now: Date, dayStart: Date) {
  const unsuspended = (condition: SQL) =>
    sql`${reviewCards.userId} = ${sql.placeholder('userId')} and not ${reviewCards.suspended} and ${condition}`;
  const [row] = await prepared(db, 'review_summary', (on) =>
    on
      .select({
        due: sql<number>`(select count(*) from ${reviewCards} where ${unsuspended(sql`${reviewCards.due} <= ${sql.placeholder('now')}`)})::int`,
        total: sql<number>`(select count(*) from ${reviewCards} where ${reviewCards.userId} = ${sql.placeholder('userId')})::int`,
        suspended: sql<number>`(select count(*) from ${reviewCards} where ${reviewCards.userId} = ${sql.placeholder('userId')} and ${reviewCards.suspended})::int`,
        nextDue:
          sql<Date | null>`(select min(${reviewCards.due}) from ${reviewCards} where ${unsuspended(sql`${reviewCards.due} > ${sql.placeholder('now')}`)})`.mapWith(
            reviewCards.due,
          ),
        reviewedToday: sql<number>`(select count(*) from ${reviewLog} where ${reviewLog.userId} = ${sql.placeholder('userId')} and ${reviewLog.reviewedAt} >= ${sql.placeholder('dayStart')})::int`,
        dailyLimit: sql<number>`coalesce((select ${learnerPreferences.dailyLimit} from ${learnerPreferences} where ${learnerPreferences.userId} = ${sql.placeholder('userId')}), ${REVIEW_SESSION_CAP})::int`,
      })
      .from(sql`(values (1)) as one`),
  ).execute({ userId, now, dayStart });
  return (
    row ?? {
      due: 0,
      total: 0,
      suspended: 0,
      nextDue: null,
      reviewedToday: 0,
      dailyLimit: REVIEW_SESSION_CAP,
    }
  );
}

/**
 * The learner's unsuspended cards due before `bounds`' last entry, counted by bucket (decision 0060): bucket
 * 0 is due by `now`, bucket 1 due after `now` and before `bounds[1]`, bucket k (k ≥ 2) due in
 * [bounds[k - 1], bounds[k]) (the boundaries are computed by the service in the learner's time zone). One
 * count per bucket, each its own range of `review_cards_due` (user_id, due): the index entries are counted
 * where they lie, none is bucketed one by one (docs/performance-history.md, 2026-12-06). Prepared.
 */
export async function dueByBucket(
  db: Executor,
  userId: string,
  now: Date,
  bounds: Date[],
): Promise<Array<{ bucket: number; due: number }>> {
  const cards = (range: SQL) =>
    sql`(select count(*) from ${reviewCards} c where c.user_id = ${sql.placeholder('userId')}
      and not c.suspended and ${range})::int`;
  return prepared(db, 'review_forecast', (on) =>
    on
      .select({
        bucket: sql<number>`k.k`.as('bucket'),
        due: sql<number>`case when k.k = 0 then ${cards(sql`c.due <= ${sql.placeholder('now')}::timestamptz`)}
          else ${cards(
            sql`c.due > ${sql.placeholder('now')}::timestamptz
              and c.due >= (${sql.placeholder('bounds')}::timestamptz[])[k.k]
              and c.due < (${sql.placeholder('bounds')}::timestamptz[])[k.k + 1]`,
          )} end`.as('due'),
      })
      .from(sql`generate_series(0, cardinality(${sql.placeholder('bounds')}::timestamptz[]) - 1) as k(k)`),
  ).execute({
    userId,
    now: now.toISOString(),
    bounds: bounds.map((bound) => bound.toISOString()),
  });
}

/** Records a review-session answer, once per session and question (a retry adds nothing). */
export async function logReview(db: Executor, entry: typeof reviewLog.$inferInsert): Promise<void> {
  await db.insert(reviewLog).values(entry).onConflictDoNothing();
}

/** How many cards are due now: the dashboard's count, an index range on (user_id, due). Prepared. */
export async function dueCount(db: Executor, userId: string, now: Date): Promise<number> {
  const [row] = await prepared(db, 'review_due_count', (on) =>
    on
      .select({ value: count() })
      .from(reviewCards)
      .where(
        and(
          eq(reviewCards.userId, sql.placeholder('userId')),
          eq(reviewCards.suspended, false),
          sql`${reviewCards.due} <= ${sql.placeholder('now')}`,
        ),
      ),
  ).execute({ userId, now });
  return row?.value ?? 0;
}

/**
 * Question ids of the cards due by `until` (now, or the end of a day ahead for studying ahead), soonest
 * first (a review session).
 */
export async function dueQuestionIds(
  db: Executor,
  userId: string,
  until: Date,
  limit: number,
  options: { exclusive?: boolean } = {},
): Promise<string[]> {
  const rows = await db
    .select({ questionId: reviewCards.questionId })
    .from(reviewCards)
    .innerJoin(
      questions,
      and(eq(questions.id, reviewCards.questionId), eq(questions.approvalStatus, 'approved')),
    )
    .where(
      and(
        eq(reviewCards.userId, userId),
        eq(reviewCards.suspended, false),
        options.exclusive ? sql`${reviewCards.due} < ${until}` : sql`${reviewCards.due} <= ${until}`,
      ),
    )
    .orderBy(asc(reviewCards.due), asc(reviewCards.questionId))
    .limit(limit);
  return rows.map((row) => row.questionId);
}

export type CardFilter = 'due' | 'upcoming' | 'suspended' | 'all';

export async function pageCards(
  db: Executor,
  userId: string,
  filter: CardFilter,
  now: Date,
  limit: number,
  offset: number,
  questionId?: string,
) {
  const where = and(
    eq(reviewCards.userId, userId),
    questionId ? eq(reviewCards.questionId, questionId) : undefined,
    filter === 'due'
      ? and(eq(reviewCards.suspended, false), sql`${reviewCards.due} <= ${now}`)
      : filter === 'upcoming'
        ? and(eq(reviewCards.suspended, false), sql`${reviewCards.due} > ${now}`)
        : filter === 'suspended'
          ? eq(reviewCards.suspended, true)
          : undefined,
  );
  const [rows, totals] = await Promise.all([
    db
      .select({ card: reviewCards, question: questions.question, examTitle: exams.title })
      .from(reviewCards)
      .leftJoin(questions, eq(questions.id, reviewCards.questionId))
      .leftJoin(exams, eq(exams.id, reviewCards.examId))
      .where(where)
      .orderBy(asc(reviewCards.due), asc(reviewCards.questionId))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(reviewCards).where(where),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

export async function setSuspended(
  db: Executor,
  userId: string,
  questionId: string,
  suspended: boolean,
): Promise<boolean> {
  const updated = await db
    .update(reviewCards)
    .set({ suspended, updatedAt: sql`now()` })
    .where(and(eq(reviewCards.userId, userId), eq(reviewCards.questionId, questionId)))
    .returning({ id: reviewCards.questionId });
  return updated.length > 0;
}

export async function deleteDeck(db: Executor, userId: string): Promise<number> {
  const deleted = await db
    .delete(reviewCards)
    .where(eq(reviewCards.userId, userId))
    .returning({ id: reviewCards.questionId });
  return deleted.length;
}

/** The cards of these questions take their new topic (a renamed, merged or removed topic, decision 0050). */
export async function retopicCards(db: Executor, questionIds: string[], topic: string): Promise<void> {
  if (questionIds.length === 0) return;
  await db
    .update(reviewCards)
    .set({ topic })
    .where(
      sql`${reviewCards.questionId} = any(${sql.param(questionIds)}::uuid[]) and ${reviewCards.topic} <> ${topic}`,
    );
}
