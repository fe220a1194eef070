import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examAttempts,
  examResults,
  questions,
  subscriptions,
  type ResultQuestionSnapshot,
} from '../../db/schema/index.ts';

export type AttemptRow = typeof examAttempts.$inferSelect;
export type ResultRow = typeof examResults.$inferSelect;

export async function hasActiveSubscription(db: Executor, userId: string, examId: string): Promise<boolean> {
  const statement = prepared(db, 'active_subscription', (on) =>
    on
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.userId, sql.placeholder('userId')),
          eq(subscriptions.examId, sql.placeholder('examId')),
          gt(subscriptions.endDate, sql`now()`),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ userId, examId });
  return row !== undefined;
}

/** Ids of the questions learners may be served: hand-written or approved, never pending or rejected. */
export async function approvedQuestionIds(db: Executor, examId: string): Promise<string[]> {
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.examId, examId), eq(questions.approvalStatus, 'approved')));
  return rows.map((row) => row.id);
}

export async function questionsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return prepared(db, 'questions_by_ids', (on) =>
    on
      .select({
        id: questions.id,
        question: questions.question,
        options: questions.options,
        correctAnswer: questions.correctAnswer,
        explanation: questions.explanation,
      })
      .from(questions)
      .where(sql`${questions.id} = any(${sql.placeholder('ids')}::uuid[])`),
  ).execute({ ids });
}

export async function findOpenAttempt(
  db: Executor,
  userId: string,
  examId: string,
): Promise<AttemptRow | undefined> {
  const statement = prepared(db, 'open_attempt', (on) =>
    on
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          eq(examAttempts.examId, sql.placeholder('examId')),
          isNull(examAttempts.submittedAt),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ userId, examId });
  return row;
}

/** Inserts an open attempt unless one exists (the partial unique index settles races). */
export async function insertOpenAttempt(
  db: Executor,
  values: { userId: string; examId: string; questionIds: string[] },
): Promise<void> {
  await db
    .insert(examAttempts)
    .values(values)
    .onConflictDoNothing({
      target: [examAttempts.userId, examAttempts.examId],
      where: sql`${examAttempts.submittedAt} is null`,
    });
}

export async function findOwnAttemptForUpdate(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.userId, userId)))
    .for('update')
    .limit(1);
  return row;
}

export async function latestSubmittedAttempt(
  db: Executor,
  userId: string,
  examId: string,
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.userId, userId),
        eq(examAttempts.examId, examId),
        sql`${examAttempts.submittedAt} is not null`,
      ),
    )
    .orderBy(desc(examAttempts.submittedAt))
    .limit(1);
  return row;
}

export async function saveAnswers(
  db: Executor,
  attemptId: string,
  answers: Record<string, string>,
): Promise<void> {
  await db
    .update(examAttempts)
    .set({ savedAnswers: answers })
    .where(and(eq(examAttempts.id, attemptId), isNull(examAttempts.submittedAt)));
}

export async function insertResult(
  db: Executor,
  values: {
    userId: string;
    examId: string;
    attemptId: string;
    examTitle: string;
    correctAnswers: number;
    totalQuestions: number;
    score: number;
    duration: number;
    questions: ResultQuestionSnapshot[];
  },
): Promise<ResultRow> {
  const [row] = await db.insert(examResults).values(values).returning();
  if (!row) throw new Error('result insert returned nothing');
  return row;
}

export async function markAttemptSubmitted(db: Executor, attemptId: string, resultId: string): Promise<void> {
  await db
    .update(examAttempts)
    .set({ submittedAt: sql`now()`, resultId })
    .where(eq(examAttempts.id, attemptId));
}

export async function findOwnResult(
  db: Executor,
  userId: string,
  resultId: string,
): Promise<ResultRow | undefined> {
  const [row] = await db
    .select()
    .from(examResults)
    .where(and(eq(examResults.id, resultId), eq(examResults.userId, userId)))
    .limit(1);
  return row;
}

const summaryColumns = {
  id: examResults.id,
  examId: examResults.examId,
  examTitle: examResults.examTitle,
  correctAnswers: examResults.correctAnswers,
  totalQuestions: examResults.totalQuestions,
  score: examResults.score,
  duration: examResults.duration,
  completedAt: examResults.completedAt,
};
export type ResultSummaryRow = {
  id: string;
  examId: string | null;
  examTitle: string;
  correctAnswers: number;
  totalQuestions: number;
  score: number;
  duration: number;
  completedAt: Date;
};

export async function pageResults(db: Executor, userId: string, limit: number, offset: number) {
  const [rows, totals] = await Promise.all([
    prepared(db, 'results_page', (on) =>
      on
        .select(summaryColumns)
        .from(examResults)
        .where(eq(examResults.userId, sql.placeholder('userId')))
        .orderBy(desc(examResults.completedAt), desc(examResults.id))
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset')),
    ).execute({ userId, limit, offset }),
    prepared(db, 'results_count', (on) =>
      on
        .select({ value: count() })
        .from(examResults)
        .where(eq(examResults.userId, sql.placeholder('userId'))),
    ).execute({ userId }),
  ]);
  return { rows: rows as ResultSummaryRow[], total: totals[0]?.value ?? 0 };
}

/** The learner's last `limit` distinct exams, each with its latest result and number of attempts. */
export async function recentExams(db: Executor, userId: string, limit: number) {
  const result: unknown = await db.execute(sql`
    select exam_key, exam_id, exam_title, id, score, completed_at, attempts from (
      select coalesce(${examResults.examId}::text, ${examResults.examTitle}) as exam_key,
             ${examResults.examId} as exam_id, ${examResults.examTitle} as exam_title, ${examResults.id} as id,
             ${examResults.score} as score, ${examResults.completedAt} as completed_at,
             row_number() over (partition by coalesce(${examResults.examId}::text, ${examResults.examTitle}) order by ${examResults.completedAt} desc) as rn,
             count(*) over (partition by coalesce(${examResults.examId}::text, ${examResults.examTitle}))::int as attempts
      from ${examResults} where ${examResults.userId} = ${userId}
    ) ranked where rn = 1 order by completed_at desc limit ${limit}`);
  return (
    result as {
      rows: Array<{
        exam_id: string | null;
        exam_title: string;
        id: string;
        score: number;
        completed_at: Date | string;
        attempts: number;
      }>;
    }
  ).rows;
}
