import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examResults,
  exams,
  learnerPreferences,
  questionResponses,
  questions,
  reviewCards,
} from '../../db/schema/index.ts';

/** Review cards (FSRS state) and learner preferences (issue 19, decision 0035). */

export type ReviewCardRow = typeof reviewCards.$inferSelect;
export type NewReviewCard = typeof reviewCards.$inferInsert;

export async function preferencesOf(
  db: Executor,
  userId: string,
): Promise<{ desiredRetention: number; certaintyEnabled: boolean }> {
  const [row] = await db
    .select({
      desiredRetention: learnerPreferences.desiredRetention,
      certaintyEnabled: learnerPreferences.certaintyEnabled,
    })
    .from(learnerPreferences)
    .where(eq(learnerPreferences.userId, userId))
    .limit(1);
  return row ?? { desiredRetention: 0.9, certaintyEnabled: false };
}

export async function savePreferences(
  db: Executor,
  userId: string,
  values: { desiredRetention: number; certaintyEnabled: boolean },
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

/** Results whose answers have not reached the review cards (crash recovery), oldest first. */
export async function resultsPendingReview(db: Executor, before: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: examResults.id })
    .from(examResults)
    .where(and(eq(examResults.reviewApplied, false), sql`${examResults.completedAt} < ${before}`))
    .orderBy(asc(examResults.completedAt))
    .limit(limit);
  return rows.map((row) => row.id);
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

export async function responsesOfResult(db: Executor, resultId: string): Promise<ResponseForReview[]> {
  return db
    .select({
      userId: questionResponses.userId,
      questionId: questionResponses.questionId,
      answered: questionResponses.answered,
      examId: questionResponses.examId,
      topic: questionResponses.topic,
      correct: questionResponses.correct,
      certainty: questionResponses.certainty,
      answeredAt: questionResponses.answeredAt,
    })
    .from(questionResponses)
    .where(eq(questionResponses.resultId, resultId));
}

/** The learner's cards for these questions, locked for the update that follows. */
export async function cardsFor(
  db: Executor,
  userId: string,
  questionIds: string[],
): Promise<ReviewCardRow[]> {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(reviewCards)
    .where(and(eq(reviewCards.userId, userId), inArray(reviewCards.questionId, questionIds)))
    .for('update');
}

/** Writes cards (new or updated), keeping a card's suspension. */
export async function upsertCards(db: Executor, cards: NewReviewCard[]): Promise<void> {
  if (cards.length === 0) return;
  await db
    .insert(reviewCards)
    .values(cards)
    .onConflictDoUpdate({
      target: [reviewCards.userId, reviewCards.questionId],
      set: {
        examId: sql`excluded.exam_id`,
        topic: sql`excluded.topic`,
        due: sql`excluded.due`,
        stability: sql`excluded.stability`,
        difficulty: sql`excluded.difficulty`,
        elapsedDays: sql`excluded.elapsed_days`,
        scheduledDays: sql`excluded.scheduled_days`,
        learningSteps: sql`excluded.learning_steps`,
        reps: sql`excluded.reps`,
        lapses: sql`excluded.lapses`,
        state: sql`excluded.state`,
        lastReview: sql`excluded.last_review`,
        updatedAt: sql`now()`,
      },
    });
}

/**
 * The deck's summary from four index ranges, none of which reads every card (docs/perf-notes-analytics.md):
 * due now and the next due time from `review_cards_due` (user_id, due) over unsuspended cards, the total
 * from the primary key (user_id, question_id), the suspended from `review_cards_suspended`. Prepared.
 */
export async function summary(db: Executor, userId: string, now: Date) {
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
      })
      .from(sql`(values (1)) as one`),
  ).execute({ userId, now });
  return row ?? { due: 0, total: 0, suspended: 0, nextDue: null };
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

/** Question ids of the cards due now, soonest first (a review session). */
export async function dueQuestionIds(
  db: Executor,
  userId: string,
  now: Date,
  limit: number,
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
        sql`${reviewCards.due} <= ${now}`,
      ),
    )
    .orderBy(asc(reviewCards.due))
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
