import { and, asc, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  examAttempts,
  examResults,
  exams,
  mockExams,
  resultTopicScores,
  subscriptions,
  users,
} from '../../db/schema/index.ts';

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

/**
 * Updates a mock that has not opened yet (checked again here: a start at the opening cannot race it). A new
 * opening time sends the reminders again, with the new time.
 */
export async function updateMock(
  db: Executor,
  id: string,
  values: MockValues,
  now: Date,
): Promise<MockRow | undefined> {
  const sameOpening = sql`${mockExams.opensAt} = ${values.opensAt}`;
  const [row] = await db
    .update(mockExams)
    .set({
      ...values,
      updatedAt: now,
      dayReminderAt: sql`case when ${sameOpening} then ${mockExams.dayReminderAt} end`,
      hourReminderAt: sql`case when ${sameOpening} then ${mockExams.hourReminderAt} end`,
    })
    .where(and(eq(mockExams.id, id), isNull(mockExams.cancelledAt), sql`${mockExams.opensAt} > ${now}`))
    .returning();
  return row;
}

/** Brings a closed mock's results forward to `now` (checked again here); undefined if it may not be. */
export async function releaseMockNow(db: Executor, id: string, now: Date): Promise<MockRow | undefined> {
  const [row] = await db
    .update(mockExams)
    .set({ resultsAt: now, updatedAt: now })
    .where(
      and(
        eq(mockExams.id, id),
        isNull(mockExams.cancelledAt),
        sql`${mockExams.closesAt} <= ${now}`,
        sql`${mockExams.resultsAt} > ${now}`,
      ),
    )
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

/** How many sittings of the mock were started (handed in or not). */
export async function sittingCount(db: Executor, mockId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(examAttempts)
    .where(eq(examAttempts.mockId, mockId));
  return row?.n ?? 0;
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

/**
 * Everyone's answers by topic in a mock's results (decision 0077): its results by exam_results_mock_score,
 * their topic scores by their key. The topic scores are written by the derived-results job, seconds after
 * each result.
 */
export async function mockTopicTotals(
  db: Executor,
  mockId: string,
): Promise<Array<{ topic: string; correct: number; total: number }>> {
  return executeNamed(
    db,
    'mock_topic_totals',
    sql`select s.topic, sum(s.correct)::int as correct, sum(s.total)::int as total
      from ${examResults} r join ${resultTopicScores} s on s.result_id = r.id
      where r.mock_id = ${mockId}
      group by s.topic order by s.topic`,
  );
}

export interface MockLiveCounts {
  subscribed: number;
  started: number;
  submitted: number;
  inProgress: number;
  connectionLost: number;
  /** open sittings per band of position: band index → count (bands with none are absent) */
  bands: Record<string, number>;
}

/**
 * A mock's sittings counted as they stand, in one statement over the mock's attempts (index
 * exam_attempts_one_per_mock) and the exam's live subscriptions (decision 0077, the live view). An open
 * sitting not heard from for `lostAfterSeconds` has lost its connection: measured on the database's clock,
 * which is the one the attempts module stamps `last_active_at` with. Its band is how far into the paper
 * the question on screen is: position p of n in band ceil(10p/n) − 1, so the last question is band 9. The
 * paper's length n is read from the latest sitting alone (every sitting of a mock is drawn to the exam's
 * length): reading each sitting's question list unpacked 5,000 stored lists (16,843 buffers read against
 * 364 for 5,000 sittings on PostgreSQL 15, 2026-12-07), most of this query's time.
 */
export async function liveCounts(
  db: Executor,
  mockId: string,
  examId: string,
  now: Date,
  lostAfterSeconds: number,
): Promise<MockLiveCounts> {
  const [row] = await executeNamed<MockLiveCounts>(
    db,
    'mock_live_counts',
    sql`with paper as (
        select greatest(jsonb_array_length(question_ids), 1) as n from (
          select question_ids from exam_attempts where mock_id = ${mockId} order by started_at desc limit 1
        ) latest
      ),
      sittings as (
        select submitted_at,
          last_active_at < now() - make_interval(secs => ${lostAfterSeconds}) as silent,
          ((current_index + 1) * 10 - 1) / (select n from paper) as band
        from exam_attempts where mock_id = ${mockId}
      )
      select
        (select count(*)::int from subscriptions where exam_id = ${examId} and end_date > ${now}) as subscribed,
        count(*)::int as started,
        (count(*) filter (where submitted_at is not null))::int as submitted,
        (count(*) filter (where submitted_at is null and not silent))::int as "inProgress",
        (count(*) filter (where submitted_at is null and silent))::int as "connectionLost",
        (select coalesce(jsonb_object_agg(band, n), '{}'::jsonb) from (
          select least(greatest(band, 0), 9) as band, count(*)::int as n
          from sittings where submitted_at is null group by 1) b) as bands
      from sittings`,
  );
  if (!row) throw new Error('the live counts returned no row');
  return row;
}

export interface LostSitting {
  userId: string;
  name: string;
  email: string;
  currentIndex: number;
  questions: number;
  lastActiveAt: Date;
}

/** The mock's open sittings not heard from for `lostAfterSeconds`, the longest silent first. */
export async function lostSittings(
  db: Executor,
  mockId: string,
  lostAfterSeconds: number,
  limit: number,
): Promise<LostSitting[]> {
  return db
    .select({
      userId: examAttempts.userId,
      name: users.name,
      email: users.email,
      currentIndex: examAttempts.currentIndex,
      questions: sql<number>`jsonb_array_length(${examAttempts.questionIds})::int`,
      lastActiveAt: examAttempts.lastActiveAt,
    })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .where(
      and(
        eq(examAttempts.mockId, mockId),
        isNull(examAttempts.submittedAt),
        lt(examAttempts.lastActiveAt, sql`now() - make_interval(secs => ${lostAfterSeconds})`),
      ),
    )
    .orderBy(asc(examAttempts.lastActiveAt), asc(examAttempts.id))
    .limit(limit);
}

export type MockReminder = 'day' | 'hour';

/** How long before the opening each reminder goes, and the latest it may still go. */
const REMINDER_WINDOWS: Record<MockReminder, { fromMs: number; untilMs: number }> = {
  // The day before: from 24 hours before the opening until 2 hours before (later, the hour's reminder
  // is near enough: a mock scheduled the same morning gets only that one).
  day: { fromMs: 24 * 3_600_000, untilMs: 2 * 3_600_000 },
  hour: { fromMs: 3_600_000, untilMs: 0 },
};

/**
 * The next mock whose `kind` reminder is due and not sent, locked for this transaction; one another
 * process holds is passed over (SKIP LOCKED), so two job runs never send the same reminder.
 */
export async function lockMockDueForReminder(
  db: Executor,
  kind: MockReminder,
  now: Date,
): Promise<MockWithExam | undefined> {
  const window = REMINDER_WINDOWS[kind];
  const sentAt = kind === 'day' ? mockExams.dayReminderAt : mockExams.hourReminderAt;
  const [row] = await db
    .select({ mock: mockExams, examTitle: exams.title })
    .from(mockExams)
    .innerJoin(exams, eq(exams.id, mockExams.examId))
    .where(
      and(
        isNull(mockExams.cancelledAt),
        isNull(sentAt),
        eq(exams.isActive, true),
        sql`${mockExams.opensAt} > ${new Date(now.getTime() + window.untilMs)}`,
        sql`${mockExams.opensAt} <= ${new Date(now.getTime() + window.fromMs)}`,
      ),
    )
    .orderBy(asc(mockExams.opensAt), asc(mockExams.id))
    .limit(1)
    .for('update', { of: mockExams, skipLocked: true });
  return row ? { ...row.mock, examTitle: row.examTitle } : undefined;
}

export async function markReminded(db: Executor, id: string, kind: MockReminder, now: Date): Promise<void> {
  await db
    .update(mockExams)
    .set(kind === 'day' ? { dayReminderAt: now } : { hourReminderAt: now })
    .where(eq(mockExams.id, id));
}

/**
 * The learners who may sit a mock of `examId` (an active subscription; not suspended, not erased), by id
 * after `afterId`, `limit` at a time.
 */
export async function mockInvitees(
  db: Executor,
  examId: string,
  now: Date,
  afterId: string | null,
  limit: number,
): Promise<Array<{ id: string; name: string; email: string }>> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(subscriptions)
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .where(
      and(
        eq(subscriptions.examId, examId),
        sql`${subscriptions.endDate} > ${now}`,
        isNull(users.suspendedAt),
        isNull(users.erasedAt),
        afterId ? sql`${users.id} > ${afterId}` : undefined,
      ),
    )
    .orderBy(asc(users.id))
    .limit(limit);
}
