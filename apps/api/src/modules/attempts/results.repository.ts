import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed, prepared } from '../../db/prepared.ts';
import {
  examAttempts,
  examResults,
  questionResponses,
  type Certainty,
  type MissTag,
  type ResultQuestionSnapshot,
  type SittingMode,
} from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import type { ResultRow } from './attempts.repository.ts';
import { openGap, questionSecondsAdding } from './sittings.repository.ts';

/*
 * A sitting's result: the claim that submits it and stores the result in one statement (decisions 0031,
 * 0075), a mock's release in batches (decision 0077), and the learner's results as read back.
 */

/**
 * The claim both result statements start with: the open attempt (or a live mock's sitting handed in and not
 * yet scored, decision 0077) marked submitted with the result's id, its active time and each question's
 * seconds counted up to now (decisions 0018, 0065). The update takes the attempt's row lock: a concurrent
 * claim waits, then finds nothing to claim. Returns the attempt's id, duration and question seconds.
 */
function claimAttempt(
  values: Pick<NewResult, 'attemptId' | 'userId' | 'maxDuration'>,
  resultId: string,
): SQL {
  return sql`
      update ${examAttempts} set submitted_at = coalesce(${examAttempts.submittedAt}, now()), result_id = ${resultId},
        active_seconds = ${examAttempts.activeSeconds} + coalesce(${openGap}, 0),
        question_seconds = ${questionSecondsAdding(openGap)}
      where ${examAttempts.id} = ${values.attemptId} and ${examAttempts.userId} = ${values.userId}
        and (${examAttempts.submittedAt} is null or (${examAttempts.mockId} is not null and ${examAttempts.resultId} is null))
      returning ${examAttempts.id}, least(${examAttempts.activeSeconds}, ${values.maxDuration}) as duration,
        ${examAttempts.questionSeconds} as question_seconds`;
}

/** The result's question snapshot, each question with its seconds from `claimed` (decision 0065). */
export function snapshotWithSeconds(questions: ResultQuestionSnapshot[]): SQL {
  return sql`coalesce((select jsonb_agg(q || jsonb_build_object('seconds',
            coalesce((claimed.question_seconds ->> (q ->> 'questionId'))::int, 0)) order by n)
          from jsonb_array_elements(${JSON.stringify(questions)}::jsonb) with ordinality as e(q, n)),
          '[]'::jsonb)`;
}

/** What a result statement reads back of the result it stored. */
export interface StoredResult {
  id: string;
  completedAt: Date;
  duration: number;
  questionSeconds: Record<string, number>;
}

/**
 * Runs one of the result statements under `name`: the claim (`claimAttempt`) for a new result id, the CTEs
 * `store` writes for that id (`stored` inserts the result), and the stored result read back with each
 * question's seconds from the claim. Undefined when the attempt was not open: nothing was claimed, so
 * nothing was stored.
 */
export async function claimAndStoreResult(
  db: Executor,
  name: string,
  values: Pick<NewResult, 'attemptId' | 'userId' | 'maxDuration'>,
  store: (resultId: string) => SQL,
): Promise<StoredResult | undefined> {
  const resultId = uuidv7();
  // The duration is the attempt's active time, the last short gap included (ADR 0018).
  const [row] = await executeNamed<{
    id: string;
    duration: number;
    completed_ms: number;
    question_seconds: Record<string, number>;
  }>(
    db,
    name,
    sql`
    with claimed as (${claimAttempt(values, resultId)}),
    ${store(resultId)}
    select stored.id, stored.duration, (extract(epoch from stored.completed_at) * 1000)::float8 as completed_ms,
      claimed.question_seconds
    from stored cross join claimed`,
  );
  return row
    ? {
        id: row.id,
        duration: Number(row.duration),
        completedAt: new Date(row.completed_ms),
        questionSeconds: row.question_seconds,
      }
    : undefined;
}

export interface NewResult {
  userId: string;
  examId: string | null;
  attemptId: string;
  examTitle: string;
  mode: SittingMode;
  kind: 'exam' | 'practice';
  correctAnswers: number;
  totalQuestions: number;
  score: number;
  /** the longest duration stored; the duration itself is the attempt's active time, measured here */
  maxDuration: number;
  questions: ResultQuestionSnapshot[];
  /** a live mock's result (decision 0077) */
  mockId?: string | null;
  /** one row per served question, for question_responses and learner_questions (decision 0031) */
  responses: Array<{
    questionId: string;
    examId: string | null;
    topic: string;
    answered: boolean;
    correct: boolean;
    flagged: boolean;
    choice: number | null;
    certainty: Certainty | null;
  }>;
}

/**
 * Claims the open attempt and stores its result in one statement, so the two happen together or not at
 * all without a transaction round trip. Only the result is written (decision 0075): what it derives (its
 * `question_responses` rows, the learner's standing, the analytics summaries, the review cards, item
 * statistics) is applied by the `derived-results` job from the stored snapshot (`responses_recorded` false
 * until then). A review session's result is marked as applied to the cards already: its answers
 * rescheduled them as they were given. The update takes the attempt's row lock: a concurrent submit of the
 * same attempt waits, then finds it no longer open and claims nothing, so nothing else is written either.
 * Returns undefined when the attempt was not open.
 */
export async function recordResult(
  db: Executor,
  values: Omit<NewResult, 'responses'> & { reviewApplied: boolean },
): Promise<StoredResult | undefined> {
  return claimAndStoreResult(
    db,
    'record_result_only',
    values,
    (resultId) => sql`
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, review_applied, mock_id)
      select ${resultId}, ${values.userId}, ${values.examId}, claimed.id, ${values.examTitle}, ${values.mode},
        ${values.kind}, ${values.correctAnswers}, ${values.totalQuestions}, ${values.score}, claimed.duration,
        -- Each question keeps its seconds (decision 0065), the last short gap included.
        ${snapshotWithSeconds(values.questions)},
        false, ${values.reviewApplied}, ${values.mockId ?? null}::uuid
      from claimed
      returning id, duration, completed_at
    )`,
  );
}

/**
 * A batch of handed-in mock sittings scored at the release (decision 0077): each claimed and its result
 * stored, all in one statement. A handed-in sitting's time was counted at the hand-in and no longer changes,
 * so each result arrives complete (its duration, and each question's seconds in its snapshot) and the claim
 * only marks the sitting scored. A sitting another release holds is skipped (`skip locked`, taken in id
 * order, so two releases never wait on each other in a cycle); one the learner's own read is scoring waits
 * for it, then finds it claimed. Returns how many results were stored.
 */
export async function recordHandedInResults(
  db: Executor,
  batch: Array<Omit<NewResult, 'responses' | 'maxDuration'> & { duration: number }>,
): Promise<number> {
  if (batch.length === 0) return 0;
  // Two inputs: the claims, small, joined where the plan needs them; the results (tens of kilobytes each)
  // read once, by the insert. As `json`: jsonb would parse the whole batch into one document first.
  const claims = JSON.stringify(
    batch.map((values) => ({ result_id: uuidv7(), attempt_id: values.attemptId, user_id: values.userId })),
  );
  const results = JSON.stringify(
    batch.map((values) => ({
      attempt_id: values.attemptId,
      exam_id: values.examId,
      exam_title: values.examTitle,
      mode: values.mode,
      kind: values.kind,
      correct_answers: values.correctAnswers,
      total_questions: values.totalQuestions,
      score: values.score,
      duration: values.duration,
      questions: values.questions,
      mock_id: values.mockId ?? null,
    })),
  );
  const [row] = await executeNamed<{ stored: number }>(
    db,
    'record_handed_in_results',
    sql`
    with claims as (
      select * from json_to_recordset(${claims}::json) as c(result_id uuid, attempt_id uuid, user_id uuid)
    ),
    locked as (
      select ${examAttempts.id} from ${examAttempts} join claims on claims.attempt_id = ${examAttempts.id}
      order by ${examAttempts.id} for update of ${examAttempts} skip locked
    ),
    claimed as (
      update ${examAttempts} set result_id = claims.result_id
      from claims join locked on locked.id = claims.attempt_id
      where ${examAttempts.id} = claims.attempt_id and ${examAttempts.userId} = claims.user_id
        and ${examAttempts.mockId} is not null and ${examAttempts.submittedAt} is not null
        and ${examAttempts.resultId} is null
      returning ${examAttempts.id}, ${examAttempts.userId}, ${examAttempts.resultId}
    ),
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, review_applied, mock_id)
      select claimed.result_id, claimed.user_id, r.exam_id, claimed.id, r.exam_title, r.mode, r.kind,
        r.correct_answers, r.total_questions, r.score, r.duration, r.questions, false, false, r.mock_id
      from json_to_recordset(${results}::json) as r(attempt_id uuid, exam_id uuid, exam_title text, mode text,
        kind text, correct_answers int, total_questions int, score int, duration int, questions jsonb,
        mock_id uuid)
      join claimed on claimed.id = r.attempt_id
      returning id
    )
    select count(*)::int as stored from stored`,
  );
  return Number(row?.stored ?? 0);
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
  mode: examResults.mode,
  kind: examResults.kind,
};

/** A result as the learner's history lists it: the row's `summaryColumns`. */
export type ResultSummaryRow = Pick<ResultRow, keyof typeof summaryColumns>;

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

/** The learner's tags of why they missed questions of a result (decision 0035). */
export async function missTagsOf(db: Executor, resultId: string): Promise<Map<string, MissTag>> {
  const rows = await db
    .select({ questionId: questionResponses.questionId, missTag: questionResponses.missTag })
    .from(questionResponses)
    .where(and(eq(questionResponses.resultId, resultId), sql`${questionResponses.missTag} is not null`));
  return new Map(rows.flatMap((row) => (row.missTag ? [[row.questionId, row.missTag]] : [])));
}

/** Where an attempt stands: open (no `submittedAt`), or submitted with the result it produced. */
export interface AttemptOutcome {
  attemptId: string;
  submittedAt: Date | null;
  resultId: string | null;
  score: number | null;
  completedAt: Date | null;
}

/** The learner's own attempts among `attemptIds`, each with its result if submitted (others: absent). */
export async function attemptOutcomes(
  db: Executor,
  userId: string,
  attemptIds: string[],
): Promise<AttemptOutcome[]> {
  if (attemptIds.length === 0) return [];
  return prepared(db, 'attempt_outcomes', (on) =>
    on
      .select({
        attemptId: examAttempts.id,
        submittedAt: examAttempts.submittedAt,
        resultId: examResults.id,
        score: examResults.score,
        completedAt: examResults.completedAt,
      })
      .from(examAttempts)
      .leftJoin(examResults, eq(examResults.attemptId, examAttempts.id))
      .where(
        and(
          eq(examAttempts.userId, sql.placeholder('userId')),
          sql`${examAttempts.id} = any(${sql.placeholder('attemptIds')}::uuid[])`,
        ),
      ),
  ).execute({ userId, attemptIds });
}

/** A scored exam sitting of the learner (an exam, not a practice set, sat in exam mode). */
export interface ExamScore {
  resultId: string;
  examId: string;
  score: number;
  completedAt: Date;
}

/**
 * The learner's exam-mode sittings of these exams (not practice sets, not timed or tutor sittings) completed
 * at or after `since`.
 */
export async function examScoresSince(
  db: Executor,
  userId: string,
  examIds: string[],
  since: Date,
): Promise<ExamScore[]> {
  if (examIds.length === 0) return [];
  const rows = await prepared(db, 'exam_scores_since', (on) =>
    on
      .select({
        resultId: examResults.id,
        examId: examResults.examId,
        score: examResults.score,
        completedAt: examResults.completedAt,
      })
      .from(examResults)
      .where(
        and(
          eq(examResults.userId, sql.placeholder('userId')),
          sql`${examResults.examId} = any(${sql.placeholder('examIds')}::uuid[])`,
          sql`${examResults.kind} = 'exam' and ${examResults.mode} = 'exam'`,
          gte(examResults.completedAt, sql.placeholder('since')),
        ),
      )
      .orderBy(examResults.completedAt, examResults.id),
  ).execute({ userId, examIds, since });
  return rows.flatMap((row) => (row.examId ? [{ ...row, examId: row.examId }] : []));
}

/*
 * Live mocks (decision 0077). A mock's sitting is an exam attempt with `mock_id`: handed in (submitted, no
 * result) until the mock's results are released, then scored like any sitting.
 */
