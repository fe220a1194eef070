import { and, count, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examAttempts,
  examResults,
  exams,
  questions,
  subscriptions,
  type ResultQuestionSnapshot,
} from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';

/** What a stored result keeps of each question (its text, choices and answer at submit time). */
export type { ResultQuestionSnapshot } from '../../db/schema/index.ts';

export type AttemptRow = typeof examAttempts.$inferSelect;
export type ResultRow = typeof examResults.$inferSelect;

export interface ExamForLearner {
  id: string;
  title: string;
  isActive: boolean;
  numberOfQuestions: number;
  /** the learner holds a subscription to it that has not ended */
  subscribed: boolean;
  /** the learner's attempt asked for (see `findExamForLearner`), if there is one */
  attempt: AttemptRow | null;
}

function examForLearnerQuery(on: Executor, attemptMatch: SQL) {
  return on
    .select({
      id: exams.id,
      title: exams.title,
      isActive: exams.isActive,
      numberOfQuestions: exams.numberOfQuestions,
      // Qualified by hand: this raw subquery is copied into the SQL as written.
      subscribed: sql<boolean>`exists (select 1 from ${subscriptions} s where s.user_id = ${sql.placeholder('userId')} and s.exam_id = "exams"."id" and s.end_date > now())`,
      attempt: getTableColumns(examAttempts),
    })
    .from(exams)
    .leftJoin(
      examAttempts,
      and(
        eq(examAttempts.userId, sql.placeholder('userId')),
        eq(examAttempts.examId, exams.id),
        attemptMatch,
      ),
    )
    .where(eq(exams.id, sql.placeholder('examId')))
    .limit(1);
}

/**
 * The exam, whether the learner may take it, and their attempt at it, in one round trip: the attempt
 * with `attemptId` when given (submit), else the open one (start, resume, submit without an id).
 */
export async function findExamForLearner(
  db: Executor,
  examId: string,
  userId: string,
  attemptId?: string,
): Promise<ExamForLearner | undefined> {
  const [row] = attemptId
    ? await prepared(db, 'exam_for_learner_with_attempt', (on) =>
        examForLearnerQuery(on, eq(examAttempts.id, sql.placeholder('attemptId'))),
      ).execute({ examId, userId, attemptId })
    : await prepared(db, 'exam_for_learner_with_open_attempt', (on) =>
        examForLearnerQuery(on, isNull(examAttempts.submittedAt)),
      ).execute({ examId, userId });
  return row;
}

/** Ids of the questions learners may be served: hand-written or approved, never pending or rejected. */
export async function approvedQuestionIds(db: Executor, examId: string): Promise<string[]> {
  const rows = await prepared(db, 'approved_question_ids', (on) =>
    on
      .select({ id: questions.id })
      .from(questions)
      .where(and(eq(questions.examId, sql.placeholder('examId')), eq(questions.approvalStatus, 'approved'))),
  ).execute({ examId });
  return rows.map((row) => row.id);
}

/** What a learner is served of each question: never the correct answer or the explanation. */
export async function servableQuestionsByIds(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return prepared(db, 'servable_questions_by_ids', (on) =>
    on
      .select({ id: questions.id, question: questions.question, options: questions.options })
      .from(questions)
      .where(sql`${questions.id} = any(${sql.placeholder('ids')}::uuid[])`),
  ).execute({ ids });
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

/**
 * Inserts an open attempt unless one exists (the partial unique index settles races) and returns it;
 * undefined when another request opened one first.
 */
export async function insertOpenAttempt(
  db: Executor,
  values: { userId: string; examId: string; questionIds: string[] },
): Promise<AttemptRow | undefined> {
  const [row] = await db
    .insert(examAttempts)
    .values(values)
    .onConflictDoNothing({
      target: [examAttempts.userId, examAttempts.examId],
      where: sql`${examAttempts.submittedAt} is null`,
    })
    .returning();
  return row;
}

/** The learner's own attempt, without a lock (submit claims it atomically in `recordResult`). */
export async function findOwnAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
): Promise<AttemptRow | undefined> {
  const statement = prepared(db, 'own_attempt', (on) =>
    on
      .select()
      .from(examAttempts)
      .where(
        and(
          eq(examAttempts.id, sql.placeholder('attemptId')),
          eq(examAttempts.userId, sql.placeholder('userId')),
        ),
      )
      .limit(1),
  );
  const [row] = await statement.execute({ attemptId, userId });
  return row;
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

/**
 * A gap longer than this between two signs of life from the page (start, save, heartbeat, submit) is
 * time away from the exam and adds nothing to its active time (ADR 0018). The page beats every 15 s.
 */
const ACTIVE_GAP_SECONDS = 45;

/** Seconds since the page was last heard from, when short enough to count as time in the exam. */
const countedGap = sql`(case
  when now() >= ${examAttempts.lastActiveAt}
   and now() - ${examAttempts.lastActiveAt} <= make_interval(secs => ${ACTIVE_GAP_SECONDS})
  then floor(extract(epoch from now() - ${examAttempts.lastActiveAt}))::int
  else null end)`;

/**
 * The update that records a sign of life: a short gap is added to the active seconds in whole seconds
 * (the remainder stays counted from `last_active_at`), a long one only restarts the clock.
 */
const activeTimeUpdate = {
  activeSeconds: sql<number>`${examAttempts.activeSeconds} + coalesce(${countedGap}, 0)`,
  lastActiveAt: sql<Date>`coalesce(${examAttempts.lastActiveAt} + make_interval(secs => ${countedGap}), now())`,
};

export async function saveAnswers(
  db: Executor,
  attemptId: string,
  answers: Record<string, string>,
  currentIndex: number | undefined,
): Promise<void> {
  await db
    .update(examAttempts)
    .set({
      savedAnswers: answers,
      ...(currentIndex !== undefined ? { currentIndex } : {}),
      ...activeTimeUpdate,
    })
    .where(and(eq(examAttempts.id, attemptId), isNull(examAttempts.submittedAt)));
}

/**
 * Records that the learner is in the exam (resume, heartbeat), with the question they are on when
 * given, in one statement; the open attempt as it now is, or undefined when it is not the learner's
 * open attempt.
 */
export async function touchAttempt(
  db: Executor,
  userId: string,
  attemptId: string,
  currentIndex?: number,
): Promise<AttemptRow | undefined> {
  const open = and(
    eq(examAttempts.id, sql.placeholder('attemptId')),
    eq(examAttempts.userId, sql.placeholder('userId')),
    isNull(examAttempts.submittedAt),
  );
  // Prepared: the page's heartbeat runs every 15 s for every learner taking an exam.
  const [row] =
    currentIndex === undefined
      ? await prepared(db, 'touch_attempt', (on) =>
          on.update(examAttempts).set(activeTimeUpdate).where(open).returning(),
        ).execute({ attemptId, userId })
      : await prepared(db, 'touch_attempt_at_index', (on) =>
          on
            .update(examAttempts)
            .set({
              // Never past the last served question.
              currentIndex: sql<number>`least(${sql.placeholder('currentIndex')}::int, greatest(jsonb_array_length(${examAttempts.questionIds}) - 1, 0))`,
              ...activeTimeUpdate,
            })
            .where(open)
            .returning(),
        ).execute({ attemptId, userId, currentIndex });
  return row;
}

/** The learner's open attempts at exams they may still take, most recently active first (dashboard). */
export async function openAttempts(db: Executor, userId: string, limit: number) {
  return prepared(db, 'open_attempts_of_user', (on) =>
    on
      .select({
        id: examAttempts.id,
        examId: examAttempts.examId,
        examTitle: exams.title,
        startedAt: examAttempts.startedAt,
        answered: sql<number>`(select count(*) from jsonb_object_keys(${examAttempts.savedAnswers}))::int`,
        totalQuestions: sql<number>`jsonb_array_length(${examAttempts.questionIds})::int`,
      })
      .from(examAttempts)
      .innerJoin(exams, eq(exams.id, examAttempts.examId))
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          isNull(examAttempts.submittedAt),
          eq(exams.isActive, true),
          sql`exists (select 1 from ${subscriptions} s where s.user_id = ${examAttempts.userId} and s.exam_id = ${examAttempts.examId} and s.end_date > now())`,
        ),
      )
      .orderBy(desc(examAttempts.lastActiveAt))
      .limit(sql.placeholder('limit')),
  ).execute({ userId, limit });
}

export interface NewResult {
  userId: string;
  examId: string;
  attemptId: string;
  examTitle: string;
  correctAnswers: number;
  totalQuestions: number;
  score: number;
  /** the longest duration stored; the duration itself is the attempt's active time, measured here */
  maxDuration: number;
  questions: ResultQuestionSnapshot[];
}

/**
 * Claims the open attempt and stores its result in one statement, so the two happen together or not
 * at all without a transaction round trip. The update takes the attempt's row lock: a concurrent submit
 * of the same attempt waits, then finds it no longer open and claims nothing. Returns undefined when the
 * attempt was not open (already submitted, or gone).
 */
export async function recordResult(
  db: Executor,
  values: NewResult,
): Promise<{ id: string; completedAt: Date; duration: number } | undefined> {
  const resultId = uuidv7();
  // The duration is the attempt's active time, the last short gap included (ADR 0018).
  const result: unknown = await db.execute(sql`
    with claimed as (
      update ${examAttempts} set submitted_at = now(), result_id = ${resultId},
        active_seconds = ${examAttempts.activeSeconds} + coalesce(${countedGap}, 0)
      where ${examAttempts.id} = ${values.attemptId} and ${examAttempts.userId} = ${values.userId}
        and ${examAttempts.submittedAt} is null
      returning ${examAttempts.id}, least(${examAttempts.activeSeconds}, ${values.maxDuration}) as duration
    )
    insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, correct_answers,
      total_questions, score, duration, questions)
    select ${resultId}, ${values.userId}, ${values.examId}, claimed.id, ${values.examTitle},
      ${values.correctAnswers}, ${values.totalQuestions}, ${values.score}, claimed.duration,
      ${JSON.stringify(values.questions)}::jsonb
    from claimed
    returning id, duration, (extract(epoch from completed_at) * 1000)::float8 as completed_ms`);
  const [row] = (result as { rows: Array<{ id: string; duration: number; completed_ms: number }> }).rows;
  return row
    ? { id: row.id, duration: Number(row.duration), completedAt: new Date(row.completed_ms) }
    : undefined;
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
