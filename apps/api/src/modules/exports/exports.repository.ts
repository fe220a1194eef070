import { and, asc, count, eq, gte, isNull, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { examResults, exams, payments, users } from '../../db/schema/index.ts';

/*
 * The exports' reads (decision 0068): each a page of at most `limit` rows after a keyset cursor on
 * (date, id), so a large export never holds more than one page in memory.
 */

/** The last row read: its date as the database's text (microseconds kept, which a JS Date would drop) and id. */
export interface Cursor {
  at: string;
  id: string;
}

export interface DateRange {
  /** the first instant included */
  start: Date;
  /** the first instant after the range */
  end: Date;
}

function after(dateColumn: AnyPgColumn, idColumn: AnyPgColumn, cursor: Cursor | null): SQL | undefined {
  // The first condition alone bounds the date index's scan (an index on the date cannot take the row
  // comparison), so each page starts where the last ended instead of at the start of the range.
  return cursor
    ? sql`${dateColumn} >= ${cursor.at}::timestamptz and (${dateColumn}, ${idColumn}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
    : undefined;
}

/** The cursor of a row: its date as text and its id. */
const cursorAt = (dateColumn: AnyPgColumn) => sql<string>`${dateColumn}::text`;

const paymentsInRange = (range: DateRange) =>
  and(gte(payments.createdAt, range.start), lt(payments.createdAt, range.end));

export function countPayments(db: Executor, range: DateRange): Promise<number> {
  return db
    .select({ n: count() })
    .from(payments)
    .where(paymentsInRange(range))
    .then((rows) => rows[0]?.n ?? 0);
}

/** A page of the range's payments (every kind and status), oldest first, with the learner and exam. */
export function paymentsPage(db: Executor, range: DateRange, cursor: Cursor | null, limit: number) {
  return db
    .select({
      id: payments.id,
      cursorAt: cursorAt(payments.createdAt),
      createdAt: payments.createdAt,
      userName: users.name,
      userEmail: users.email,
      examTitle: exams.title,
      amountPence: payments.amountPence,
      currency: payments.currency,
      kind: payments.kind,
      provider: payments.provider,
      status: payments.status,
      orderId: payments.orderId,
      captureId: payments.captureId,
      refundId: payments.refundId,
      refundedAt: payments.refundedAt,
      periodEnd: payments.periodEnd,
    })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.userId))
    .leftJoin(exams, eq(exams.id, payments.examId))
    .where(and(paymentsInRange(range), after(payments.createdAt, payments.id, cursor)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
}

export function findExam(db: Executor, examId: string) {
  return db
    .select({ id: exams.id, title: exams.title, topics: exams.topics })
    .from(exams)
    .where(eq(exams.id, examId))
    .then((rows) => rows[0]);
}

const resultsInRange = (examId: string, range: DateRange) =>
  and(
    eq(examResults.examId, examId),
    eq(examResults.kind, 'exam'),
    gte(examResults.completedAt, range.start),
    lt(examResults.completedAt, range.end),
  );

export function countResults(db: Executor, examId: string, range: DateRange): Promise<number> {
  return db
    .select({ n: count() })
    .from(examResults)
    .where(resultsInRange(examId, range))
    .then((rows) => rows[0]?.n ?? 0);
}

/** The topics the range's results were scored under ('General' for a question without one). */
export async function topicsOfResults(db: Executor, examId: string, range: DateRange): Promise<string[]> {
  const rows = await db
    .select({ topic: sql<string>`distinct coalesce(nullif(q.value->>'topic', ''), 'General')` })
    .from(examResults)
    .innerJoin(sql`jsonb_array_elements(${examResults.questions}) as q(value)`, sql`true`)
    .where(resultsInRange(examId, range));
  return rows.map((row) => row.topic);
}

/**
 * A page of the exam's submitted sittings in the range, oldest first: the learner, the counts, and per
 * topic [correct, questions] worked out in the database from the result's snapshot (the snapshot itself,
 * with every question's text, never leaves it).
 */
export function resultsPage(
  db: Executor,
  examId: string,
  range: DateRange,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      id: examResults.id,
      cursorAt: cursorAt(examResults.completedAt),
      completedAt: examResults.completedAt,
      userName: users.name,
      userEmail: users.email,
      mode: examResults.mode,
      score: examResults.score,
      correct: examResults.correctAnswers,
      total: examResults.totalQuestions,
      duration: examResults.duration,
      omitted: sql<number>`(select count(*)::int from jsonb_array_elements(${examResults.questions}) q where q->>'userAnswer' is null)`,
      byTopic: sql<Record<
        string,
        [number, number]
      > | null>`(select jsonb_object_agg(t.topic, jsonb_build_array(t.correct, t.total)) from (select coalesce(nullif(q->>'topic', ''), 'General') as topic, count(*) filter (where (q->>'isCorrect')::boolean) as correct, count(*) as total from jsonb_array_elements(${examResults.questions}) q group by 1) t)`,
    })
    .from(examResults)
    .innerJoin(users, eq(users.id, examResults.userId))
    .where(and(resultsInRange(examId, range), after(examResults.completedAt, examResults.id, cursor)))
    .orderBy(asc(examResults.completedAt), asc(examResults.id))
    .limit(limit);
}

/** Learners, never an erased account's anonymous shell (decision 0069), registered in the range if given. */
const learnersInRange = (range: DateRange | null) =>
  and(
    isNull(users.erasedAt),
    range ? and(gte(users.createdAt, range.start), lt(users.createdAt, range.end)) : undefined,
  );

export function countLearners(db: Executor, range: DateRange | null): Promise<number> {
  return db
    .select({ n: count() })
    .from(users)
    .where(learnersInRange(range))
    .then((rows) => rows[0]?.n ?? 0);
}

/** A page of learners, oldest account first: never a password hash or a token. */
export function learnersPage(
  db: Executor,
  range: DateRange | null,
  now: Date,
  cursor: Cursor | null,
  limit: number,
) {
  return db
    .select({
      id: users.id,
      cursorAt: cursorAt(users.createdAt),
      createdAt: users.createdAt,
      name: users.name,
      email: users.email,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      suspended: sql<boolean>`${users.suspendedAt} is not null`,
      // Written out: inside the subquery a column drizzle names without its table would mean the subquery's.
      activeSubscriptions: sql<number>`(select count(*)::int from subscriptions s where s.user_id = "users"."id" and s.end_date > ${now.toISOString()}::timestamptz)`,
    })
    .from(users)
    .where(and(learnersInRange(range), after(users.createdAt, users.id, cursor)))
    .orderBy(asc(users.createdAt), asc(users.id))
    .limit(limit);
}
