import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/shared-queries.ts';
import { prepared } from '../../db/prepared.ts';
import {
  examResults,
  examScoreBins,
  examScoreStats,
  exams,
  itemBandStats,
  questionResponses,
  questions,
} from '../../db/schema/index.ts';
import { BANDS, type BandSums, type ExamSums } from './item-statistics.ts';

/** Item analysis storage (decision 0036): sums kept per question and band, added to in batches. */

/**
 * Counts a batch of submitted exam sittings into item analysis, in one statement: takes up to `batch`
 * uncounted ones (whose answers are recorded), adds their answers to their questions' band sums and their
 * scores to their exam's, and marks them counted. Sittings of deleted exams or answers to deleted questions
 * are marked but add nothing. Returns how many sittings it took; concurrent runs take different ones.
 */
export async function countSittings(db: Executor, batch: number): Promise<number> {
  const result = rowsOf<{ n: number }>(
    await db.execute(sql`
      with taken as (
        update ${examResults} set item_counted = true
        where id in (
          select id from ${examResults}
          where not item_counted and kind = 'exam' and responses_recorded
          limit ${batch} for update skip locked
        )
        returning id, exam_id, correct_answers, total_questions, score, completed_at
      ),
      answers as (
        select t.exam_id, r.question_id, r.correct::int as x, r.choice,
          (t.correct_answers - r.correct::int)::float8 / greatest(t.total_questions - 1, 1) as y
        from taken t
        join ${questionResponses} r on r.result_id = t.id
        join ${questions} q on q.id = r.question_id and q.exam_id = t.exam_id
        -- A question whose key or options changed counts only the answers given since (decision 0050).
        where q.item_stats_since is null or t.completed_at >= q.item_stats_since
      ),
      items as (
        insert into ${itemBandStats} as s (exam_id, question_id, band, n, correct, sum_y, sum_yy, sum_xy,
          skipped, c0, c1, c2, c3, c4, c5)
        select exam_id, question_id, least(${BANDS - 1}, greatest(0, floor(y * ${BANDS})))::smallint,
          count(*)::int, sum(x)::int, sum(y), sum(y * y), sum(x * y),
          (count(*) filter (where choice is null))::int,
          (count(*) filter (where choice = 0))::int, (count(*) filter (where choice = 1))::int,
          (count(*) filter (where choice = 2))::int, (count(*) filter (where choice = 3))::int,
          (count(*) filter (where choice = 4))::int, (count(*) filter (where choice = 5))::int
        from answers
        group by 1, 2, 3
        order by 1, 2, 3
        on conflict (exam_id, question_id, band) do update set
          n = s.n + excluded.n, correct = s.correct + excluded.correct, sum_y = s.sum_y + excluded.sum_y,
          sum_yy = s.sum_yy + excluded.sum_yy, sum_xy = s.sum_xy + excluded.sum_xy,
          skipped = s.skipped + excluded.skipped, c0 = s.c0 + excluded.c0, c1 = s.c1 + excluded.c1,
          c2 = s.c2 + excluded.c2, c3 = s.c3 + excluded.c3, c4 = s.c4 + excluded.c4, c5 = s.c5 + excluded.c5
      ),
      counted as (
        select t.* from taken t join ${exams} e on e.id = t.exam_id
      ),
      scores as (
        insert into ${examScoreStats} as s (exam_id, results, sum_questions, sum_t, sum_tt, sum_s, sum_ss,
          updated_at)
        select exam_id, count(*)::int, sum(total_questions)::int, sum(correct_answers), sum(correct_answers ^ 2),
          sum(score), sum(score ^ 2), now()
        from counted group by exam_id order by exam_id
        on conflict (exam_id) do update set results = s.results + excluded.results,
          sum_questions = s.sum_questions + excluded.sum_questions, sum_t = s.sum_t + excluded.sum_t,
          sum_tt = s.sum_tt + excluded.sum_tt, sum_s = s.sum_s + excluded.sum_s,
          sum_ss = s.sum_ss + excluded.sum_ss, updated_at = now()
      ),
      bins as (
        insert into ${examScoreBins} as s (exam_id, score, n)
        select exam_id, least(100, greatest(0, score))::smallint, count(*)::int
        from counted group by 1, 2 order by 1, 2
        on conflict (exam_id, score) do update set n = s.n + excluded.n
      )
      select count(*)::int as n from taken`),
  );
  return Number(result[0]?.n ?? 0);
}

/** Forgets the exam's sums and marks its sittings uncounted, so the job counts them all again. */
export async function resetExam(db: Executor, examId: string): Promise<void> {
  await db.delete(itemBandStats).where(eq(itemBandStats.examId, examId));
  await db.delete(examScoreStats).where(eq(examScoreStats.examId, examId));
  await db.delete(examScoreBins).where(eq(examScoreBins.examId, examId));
  await db
    .update(examResults)
    .set({ itemCounted: false })
    .where(and(eq(examResults.examId, examId), eq(examResults.kind, 'exam')));
}

/** Forgets one question's sums (its key or options changed): it counts again from the next sittings. */
export async function forgetQuestion(db: Executor, questionId: string): Promise<void> {
  await db.delete(itemBandStats).where(eq(itemBandStats.questionId, questionId));
}

/** Whether any sitting has answered (or skipped) the question. */
export async function wasAnswered(db: Executor, questionId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(questionResponses)
    .where(eq(questionResponses.questionId, questionId))
    .limit(1);
  return row !== undefined;
}

type QuestionTuple = [
  id: string,
  question: string,
  options: string[],
  correctAnswer: number,
  topic: string | null,
  isAiGenerated: boolean,
  approvalStatus: 'pending' | 'approved' | 'rejected',
  statsSinceMs: number | null,
];
type BandTuple = [
  questionId: string,
  band: number,
  n: number,
  correct: number,
  sumY: number,
  sumYy: number,
  sumXy: number,
  skipped: number,
  c0: number,
  c1: number,
  c2: number,
  c3: number,
  c4: number,
  c5: number,
];
type ExamSumsDocument = ExamSums & { updatedMs: number };

/** The band sums of each question, from the statement's tuples. */
function bandsByQuestion(tuples: BandTuple[]): Map<string, BandSums[]> {
  const bands = new Map<string, BandSums[]>();
  for (const [questionId, band, n, correct, sumY, sumYy, sumXy, skipped, ...choices] of tuples) {
    const list = bands.get(questionId) ?? [];
    list.push({ band, n, correct, sumY, sumYy, sumXy, skipped, choices });
    bands.set(questionId, list);
  }
  return bands;
}

/** The questions as the report reads them, from the statement's tuples. */
function questionFacts(tuples: QuestionTuple[]) {
  return tuples.map(
    ([id, question, options, correctAnswer, topic, isAiGenerated, approvalStatus, statsSinceMs]) => ({
      id,
      question,
      options,
      correctAnswer,
      topic,
      isAiGenerated,
      approvalStatus,
      statsSince: statsSinceMs === null ? null : new Date(statsSinceMs),
    }),
  );
}

/**
 * Everything the report reads, in one prepared statement and one round trip: the exam's questions in the
 * bank's order (without their explanations), its band sums (at most questions × 10 rows), its score sums and
 * histogram, and how many of its sittings wait to be counted. Each part comes as one JSON value built by
 * PostgreSQL, so the server parses a few documents instead of a thousand rows of fifteen columns (the CPU
 * profile of the read showed row parsing and mapping, not the database, as its cost). Undefined for an
 * unknown exam.
 */
export async function analysisInputs(db: Executor, examId: string) {
  // Each part names the exam by the placeholder: a bare column of the outer table inside a subquery would be
  // read as the subquery's own.
  const examIdParam = sql`${sql.placeholder('examId')}::uuid`;
  const [row] = await prepared(db, 'item_analysis_inputs', (on) =>
    on
      .select({
        questions: sql<
          QuestionTuple[]
        >`(select coalesce(json_agg(json_build_array(q.id, q.question, q.options,
          q.correct_answer, q.topic, q.is_ai_generated, q.approval_status,
          (extract(epoch from q.item_stats_since) * 1000)::float8) order by q.created_at, q.id), '[]')
          from ${questions} q where q.exam_id = ${examIdParam})`,
        bands: sql<
          BandTuple[]
        >`(select coalesce(json_agg(json_build_array(b.question_id, b.band, b.n, b.correct,
          b.sum_y, b.sum_yy, b.sum_xy, b.skipped, b.c0, b.c1, b.c2, b.c3, b.c4, b.c5)), '[]')
          from ${itemBandStats} b where b.exam_id = ${examIdParam})`,
        sums: sql<ExamSumsDocument | null>`(select json_build_object('results', s.results,
          'sumQuestions', s.sum_questions, 'sumT', s.sum_t, 'sumTt', s.sum_tt, 'sumS', s.sum_s, 'sumSs', s.sum_ss,
          'updatedMs', (extract(epoch from s.updated_at) * 1000)::float8)
          from ${examScoreStats} s where s.exam_id = ${examIdParam})`,
        bins: sql<
          Array<[score: number, n: number]>
        >`(select coalesce(json_agg(json_build_array(h.score, h.n)), '[]')
          from ${examScoreBins} h where h.exam_id = ${examIdParam})`,
        pending: sql<number>`(select count(*)::int from ${examResults} r
          where r.exam_id = ${examIdParam} and not r.item_counted and r.kind = 'exam')`,
      })
      .from(exams)
      .where(eq(exams.id, sql.placeholder('examId'))),
  ).execute({ examId });
  if (!row) return undefined;
  const sums = row.sums ? { ...row.sums, updatedAt: new Date(row.sums.updatedMs) } : null;
  return {
    questions: questionFacts(row.questions),
    bands: bandsByQuestion(row.bands),
    sums,
    bins: row.bins.map(([score, n]) => ({ score, n })),
    pending: Number(row.pending),
  };
}

export async function examExists(db: Executor, examId: string): Promise<boolean> {
  const [row] = await db.select({ id: exams.id }).from(exams).where(eq(exams.id, examId));
  return row !== undefined;
}

/**
 * A selection of an exam's sittings: a mock's (some learners' only, with `userIds`), or some learners' own
 * sittings of the exam since a time (a cohort's members since an assignment).
 */
export type SittingSelection = { mockId: string; userIds?: string[] } | { userIds: string[]; since: Date };

function selected(selection: SittingSelection): SQL {
  const learners = selection.userIds
    ? sql`r.user_id = any(${sql.param(selection.userIds)}::uuid[])`
    : sql`true`;
  return 'mockId' in selection
    ? sql`r.mock_id = ${selection.mockId} and ${learners}`
    : sql`${learners} and r.kind = 'exam' and r.mock_id is null and r.completed_at >= ${selection.since}`;
}

/**
 * The same inputs as `analysisInputs`, computed on the spot from one selection of the exam's sittings: their answers by question and band
 * of rest-of-sitting score, their score sums and histogram, and how many of them wait for their answers to
 * be recorded; the questions are those its sittings were served. One statement; the selection is read
 * by its own index (a mock's results by exam_results_mock_score) and its answers by their key
 * (question_responses by result).
 */
export async function selectionInputs(db: Executor, examId: string, selection: SittingSelection) {
  const chosen = selected(selection);
  const [row] = rowsOf<{
    questions: QuestionTuple[];
    bands: BandTuple[];
    sums: ExamSums | null;
    bins: Array<[score: number, n: number]>;
    pending: number;
  }>(
    await db.execute(sql`
      with taken as (
        select r.id, r.correct_answers, r.total_questions, r.score from ${examResults} r
        where r.exam_id = ${examId} and r.responses_recorded and (${chosen})
      ),
      answers as (
        select a.question_id, a.correct::int as x, a.choice,
          (t.correct_answers - a.correct::int)::float8 / greatest(t.total_questions - 1, 1) as y
        from taken t join ${questionResponses} a on a.result_id = t.id
      ),
      bands as (
        select question_id, least(${BANDS - 1}, greatest(0, floor(y * ${BANDS})))::int as band,
          count(*)::int as n, sum(x)::int as correct, sum(y) as sum_y, sum(y * y) as sum_yy, sum(x * y) as sum_xy,
          (count(*) filter (where choice is null))::int as skipped,
          (count(*) filter (where choice = 0))::int as c0, (count(*) filter (where choice = 1))::int as c1,
          (count(*) filter (where choice = 2))::int as c2, (count(*) filter (where choice = 3))::int as c3,
          (count(*) filter (where choice = 4))::int as c4, (count(*) filter (where choice = 5))::int as c5
        from answers group by 1, 2
      )
      select
        (select coalesce(json_agg(json_build_array(q.id, q.question, q.options, q.correct_answer, q.topic,
          q.is_ai_generated, q.approval_status, null) order by q.created_at, q.id), '[]')
          from ${questions} q where q.exam_id = ${examId}
            and exists (select 1 from bands b where b.question_id = q.id)) as questions,
        (select coalesce(json_agg(json_build_array(b.question_id, b.band, b.n, b.correct, b.sum_y, b.sum_yy,
          b.sum_xy, b.skipped, b.c0, b.c1, b.c2, b.c3, b.c4, b.c5)), '[]') from bands b) as bands,
        (select case when count(*) = 0 then null else json_build_object('results', count(*),
          'sumQuestions', sum(total_questions), 'sumT', sum(correct_answers), 'sumTt', sum(correct_answers ^ 2),
          'sumS', sum(score), 'sumSs', sum(score ^ 2)) end from taken) as sums,
        (select coalesce(json_agg(json_build_array(h.score, h.n)), '[]') from (
          select least(100, greatest(0, score)) as score, count(*)::int as n from taken group by 1) h) as bins,
        (select count(*)::int from ${examResults} r
          where r.exam_id = ${examId} and not r.responses_recorded and (${chosen})) as pending`),
  );
  return {
    questions: questionFacts(row?.questions ?? []),
    bands: bandsByQuestion(row?.bands ?? []),
    sums: row?.sums ? { ...row.sums, updatedAt: new Date() } : null,
    bins: (row?.bins ?? []).map(([score, n]) => ({ score, n })),
    pending: Number(row?.pending ?? 0),
  };
}
