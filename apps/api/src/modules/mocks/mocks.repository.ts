import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { examAttempts, exams, mockExams, subscriptions } from '../../db/schema/index.ts';

/*
 * Live mocks (decision 0077): the mock_exams table, and what the mocks read of exams, subscriptions, the
 * mocks' sittings and their results (by `mock_id`) for their lists and ranks. Sittings are opened, handed in
 * and scored by the attempts module.
 */

export type MockRow = typeof mockExams.$inferSelect;
export type MockWithExam = MockRow & { examTitle: string };

export type MockValues = Pick<
  MockRow,
  'examId' | 'title' | 'opensAt' | 'closesAt' | 'timeLimitMinutes' | 'lateStart' | 'release' | 'resultsAt'
>;

/** An exam a mock may name: its title and whether it is published; undefined when there is none. */
export async function findExam(
  db: Executor,
  examId: string,
): Promise<{ id: string; title: string; isActive: boolean } | undefined> {
  const [row] = await db
    .select({ id: exams.id, title: exams.title, isActive: exams.isActive })
    .from(exams)
    .where(eq(exams.id, examId))
    .limit(1);
  return row;
}

export async function insertMock(db: Executor, values: MockValues): Promise<MockRow> {
  const [row] = await db.insert(mockExams).values(values).returning();
  if (!row) throw new Error('insert into mock_exams returned no row');
  return row;
}

/** Updates a mock that has not opened yet (checked again here: a start at the opening cannot race it). */
export async function updateMock(
  db: Executor,
  id: string,
  values: MockValues,
  now: Date,
): Promise<MockRow | undefined> {
  const [row] = await db
    .update(mockExams)
    .set({ ...values, updatedAt: now })
    .where(and(eq(mockExams.id, id), isNull(mockExams.cancelledAt), sql`${mockExams.opensAt} > ${now}`))
    .returning();
  return row;
}

export async function cancelMock(db: Executor, id: string, now: Date): Promise<MockRow | undefined> {
  const [row] = await db
    .update(mockExams)
    .set({ cancelledAt: now, updatedAt: now })
    .where(and(eq(mockExams.id, id), isNull(mockExams.cancelledAt), sql`${mockExams.opensAt} > ${now}`))
    .returning();
  return row;
}

/** A mock with its exam's title, locked for the caller's transaction when `lock`. */
export async function findMock(db: Executor, id: string, lock = false): Promise<MockWithExam | undefined> {
  const query = db
    .select({ mock: mockExams, examTitle: exams.title })
    .from(mockExams)
    .innerJoin(exams, eq(exams.id, mockExams.examId))
    .where(eq(mockExams.id, id))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: mockExams }) : await query;
  return row ? { ...row.mock, examTitle: row.examTitle } : undefined;
}

/** Every mock, the latest opening first, with its exam's title and how many sittings started. */
export async function listMocks(db: Executor): Promise<Array<MockWithExam & { sittings: number }>> {
  const rows = await db
    .select({
      mock: mockExams,
      examTitle: exams.title,
      sittings: sql<number>`(select count(*) from ${examAttempts} a where a.mock_id = ${mockExams.id})::int`,
    })
    .from(mockExams)
    .innerJoin(exams, eq(exams.id, mockExams.examId))
    .orderBy(desc(mockExams.opensAt), desc(mockExams.id))
    .limit(500);
  return rows.map((row) => ({ ...row.mock, examTitle: row.examTitle, sittings: row.sittings }));
}

/**
 * The mocks a learner sees: of published exams they hold an active subscription to, not cancelled, not
 * closed, or closed since `since` and sat by them; with their sitting (open or handed in) if any.
 */
export async function learnerMocks(
  db: Executor,
  userId: string,
  now: Date,
  since: Date,
): Promise<Array<MockWithExam & { submittedAt: Date | null; hasSitting: boolean }>> {
  const rows = await db
    .select({
      mock: mockExams,
      examTitle: exams.title,
      attemptId: examAttempts.id,
      submittedAt: examAttempts.submittedAt,
    })
    .from(mockExams)
    .innerJoin(exams, eq(exams.id, mockExams.examId))
    .leftJoin(examAttempts, and(eq(examAttempts.mockId, mockExams.id), eq(examAttempts.userId, userId)))
    .where(
      and(
        isNull(mockExams.cancelledAt),
        eq(exams.isActive, true),
        sql`exists (select 1 from ${subscriptions} s where s.user_id = ${userId} and s.exam_id = ${mockExams.examId} and s.end_date > ${now})`,
        sql`(${mockExams.closesAt} > ${now} or (${examAttempts.id} is not null and ${mockExams.closesAt} > ${since}))`,
      ),
    )
    .orderBy(asc(mockExams.opensAt), asc(mockExams.id))
    .limit(50);
  return rows.map((row) => ({
    ...row.mock,
    examTitle: row.examTitle,
    submittedAt: row.submittedAt,
    hasSitting: row.attemptId !== null,
  }));
}

/**
 * Where one result stands among the mock's results, and the mock's score bands, in one statement: a window
 * function over the mock's results by score (index exam_results_mock_score). `rank` is competition ranking
 * (ties share the best rank), `ties` counts the results with the same score, the result itself included.
 */
export async function standingOf(
  db: Executor,
  mockId: string,
  resultId: string,
): Promise<{ rank: number; ties: number; sat: number; bands: Record<string, number> } | undefined> {
  const [row] = await executeNamed<{
    rank: number;
    ties: number;
    sat: number;
    bands: Record<string, number>;
  }>(
    db,
    'mock_standing',
    sql`with ranked as (
        select id, rank() over (order by score desc)::int as rank,
          count(*) over (partition by score)::int as ties,
          count(*) over ()::int as sat
        from exam_results where mock_id = ${mockId}
      )
      select ranked.rank, ranked.ties, ranked.sat,
        (select coalesce(jsonb_object_agg(band, n), '{}'::jsonb) from (
          select least(score / 10, 9) as band, count(*)::int as n
          from exam_results where mock_id = ${mockId} group by 1) b) as bands
      from ranked where ranked.id = ${resultId}`,
  );
  return row;
}
