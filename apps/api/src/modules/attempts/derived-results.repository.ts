import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  EXAM_TREND_POINTS,
  TOPIC_TREND_POINTS,
  examResults,
  learnerQuestions,
} from '../../db/schema/index.ts';
import {
  claimAndStoreResult,
  snapshotWithSeconds,
  type NewResult,
  type StoredResult,
} from './results.repository.ts';

/*
 * What a result derives (decision 0075): per-question rows, the learner's standing with each question, and
 * their topic and exam summaries, applied in batches by the derived-results job; and the submit as it was
 * before that decision, kept as the reference the job is tested against.
 */

/**
 * How a learner's standing with a question takes in newer answers: counts add up, and the latest answer
 * (by time) sets the rest, so the backfill of older results and live submits can run in any order.
 */
const standingUpdate = sql.raw(`
  seen = learner_questions.seen + excluded.seen,
  wrong = learner_questions.wrong + excluded.wrong,
  last_correct = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.last_correct else learner_questions.last_correct end,
  flagged = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.flagged else learner_questions.flagged end,
  topic = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.topic else learner_questions.topic end,
  exam_id = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.exam_id else learner_questions.exam_id end,
  last_choice = case when excluded.last_seen_at >= learner_questions.last_seen_at then excluded.last_choice else learner_questions.last_choice end,
  miss_tag = case when excluded.last_seen_at >= learner_questions.last_seen_at then null else learner_questions.miss_tag end,
  last_seen_at = greatest(excluded.last_seen_at, learner_questions.last_seen_at)`);

/** A timestamptz in milliseconds since 1970 (sub-millisecond digits dropped, as a JS Date drops them). */
const epochMs = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

/** The latest `n` points of a JSON array of [time in ms, …] points, oldest first. */
const latestPoints = (points: string, n: number) =>
  `(select coalesce(jsonb_agg(p order by (p->>0)::bigint), '[]'::jsonb) from (select p from jsonb_array_elements(${points}) p order by (p->>0)::bigint desc limit ${n}) latest)`;

/**
 * The analytics summaries a stored result feeds (decision 0035), as CTEs after `stored` (the results just
 * stored: id, user_id, exam_id, kind, score, duration, total_questions, completed_at) and `counted` (their
 * per-question rows: result_id, exam_id, topic, answered, correct): each result's score by exam and topic,
 * the learner's standing by exam and topic, and by exam for exam sittings, each with its trend line (the
 * latest points, merged by time, so results stored out of order still land in place). A result counts only
 * through the topic-score rows this statement inserts, so nothing is counted twice.
 */
const analyticsCtes = sql.raw(`
    topic_scores as (
      insert into result_topic_scores (result_id, user_id, exam_id, topic, correct, total, completed_at)
      select s.id, s.user_id, c.exam_id, c.topic, (count(*) filter (where c.correct))::int, count(*)::int, s.completed_at
      from stored s join counted c on c.result_id = s.id
      where c.exam_id is not null
      group by s.id, s.user_id, c.exam_id, c.topic, s.completed_at
      on conflict do nothing
      returning result_id, user_id, exam_id, topic, correct, total, completed_at
    ),
    topic_answers as (
      select c.result_id, c.exam_id, c.topic, (count(*) filter (where c.answered))::int as answered
      from counted c group by c.result_id, c.exam_id, c.topic
    ),
    topic_sums as (
      select t.user_id, t.exam_id, t.topic, sum(a.answered)::int as answered, sum(t.correct)::int as correct,
        sum(t.total)::int as seen, max(t.completed_at) as last_at,
        jsonb_agg(jsonb_build_array(${epochMs('t.completed_at')}, t.correct, t.total)) as points
      from topic_scores t join topic_answers a on a.result_id = t.result_id and a.exam_id = t.exam_id and a.topic = t.topic
      group by t.user_id, t.exam_id, t.topic
    ),
    topic_standing as (
      insert into learner_topic_stats (user_id, exam_id, topic, answered, correct, seen, last_at, trend)
      select user_id, exam_id, topic, answered, correct, seen, last_at, ${latestPoints('points', TOPIC_TREND_POINTS)}
      from topic_sums
      on conflict (user_id, exam_id, topic) do update set
        answered = learner_topic_stats.answered + excluded.answered,
        correct = learner_topic_stats.correct + excluded.correct,
        seen = learner_topic_stats.seen + excluded.seen,
        last_at = greatest(learner_topic_stats.last_at, excluded.last_at),
        trend = ${latestPoints('learner_topic_stats.trend || excluded.trend', TOPIC_TREND_POINTS)}
    ),
    fresh_results as (
      select distinct t.result_id from topic_scores t
    ),
    exam_sums as (
      select s.user_id, s.exam_id, count(*)::int as results, sum(s.score)::int as score_sum,
        round(avg(s.score))::int as avg_score,
        sum((select count(*) from counted c where c.result_id = s.id and c.answered))::int as answered,
        sum((select count(*) from counted c where c.result_id = s.id and c.correct))::int as correct,
        sum(s.total_questions)::int as questions, sum(s.duration)::int as seconds, max(s.completed_at) as last_at,
        jsonb_agg(jsonb_build_array(${epochMs('s.completed_at')}, s.score)) as points
      from stored s join fresh_results f on f.result_id = s.id
      where s.kind = 'exam' and s.exam_id is not null
      group by s.user_id, s.exam_id
    ),
    exam_standing as (
      insert into learner_exam_stats (user_id, exam_id, results, score_sum, avg_score, answered, correct, questions, seconds, last_at, trend)
      select user_id, exam_id, results, score_sum, avg_score, answered, correct, questions, seconds, last_at,
        ${latestPoints('points', EXAM_TREND_POINTS)}
      from exam_sums
      on conflict (user_id, exam_id) do update set
        results = learner_exam_stats.results + excluded.results,
        score_sum = learner_exam_stats.score_sum + excluded.score_sum,
        avg_score = round((learner_exam_stats.score_sum + excluded.score_sum)::numeric / (learner_exam_stats.results + excluded.results))::int,
        answered = learner_exam_stats.answered + excluded.answered,
        correct = learner_exam_stats.correct + excluded.correct,
        questions = learner_exam_stats.questions + excluded.questions,
        seconds = learner_exam_stats.seconds + excluded.seconds,
        last_at = greatest(learner_exam_stats.last_at, excluded.last_at),
        trend = ${latestPoints('learner_exam_stats.trend || excluded.trend', EXAM_TREND_POINTS)}
    )`);

/**
 * What a stored result derives (decision 0075, after 0031 and 0035): its `question_responses` rows (with
 * certainty), the learner's standing with each question, and the analytics summaries, for a batch of
 * results not yet applied (oldest first), in one statement that also marks them applied
 * (`responses_recorded`; a partial index finds the rest). The claim is an update of rows taken
 * `for update skip locked`, so two runners skip each other's results; only rows this statement inserts are
 * counted (`on conflict do nothing`), and the statement is atomic, so a run that fails half-way leaves
 * its results unapplied and a repeated run adds nothing twice. Also gives results stored before study
 * sittings (migration 0011) their rows. Returns how many results it took.
 */
export async function applyRecordedResponses(
  db: Executor,
  batch: number,
  only?: { resultId: string; userId: string },
): Promise<number> {
  // One result asked for by its learner waits for a runner holding it (then finds it applied); a batch
  // skips the results another runner holds.
  const take = only
    ? sql`select id from ${examResults} where not responses_recorded and id = ${only.resultId}
        and user_id = ${only.userId} for update`
    : sql`select id from ${examResults} where not responses_recorded
        order by completed_at, id limit ${batch} for update skip locked`;
  const result: unknown = await db.execute(sql`
    with pending as (
      update ${examResults} r set responses_recorded = true
      where r.id in (${take})
      returning r.id, r.user_id, r.exam_id, r.completed_at, r.questions, r.kind, r.score, r.duration,
        r.total_questions
    ),
    stored as (select * from pending),
    counted as (
      select p.id as result_id, coalesce((q->>'examId')::uuid, p.exam_id) as exam_id,
        coalesce(q->>'topic', 'General') as topic, q->>'userAnswer' is not null as answered,
        coalesce((q->>'isCorrect')::boolean, false) as correct
      from pending p cross join jsonb_array_elements(p.questions) q
      where q->>'questionId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    ),
    ${analyticsCtes},
    inserted as (
      insert into question_responses (result_id, question_id, user_id, exam_id, topic, answered, correct,
        flagged, choice, certainty, answered_at)
      select p.id, (q->>'questionId')::uuid, p.user_id, coalesce((q->>'examId')::uuid, p.exam_id),
        coalesce(q->>'topic', 'General'), q->>'userAnswer' is not null, coalesce((q->>'isCorrect')::boolean, false),
        coalesce((q->>'flagged')::boolean, false),
        case when q->>'userAnswer' is null then null
          else (select (ord - 1)::int from jsonb_array_elements_text(q->'choices') with ordinality c(choice, ord)
                where c.choice = q->>'userAnswer' limit 1) end,
        -- Only the levels a response may hold (decision 0035); anything else in hand-made data is none.
        case when q->>'certainty' in ('sure', 'fairly-sure', 'guessing') then q->>'certainty' end,
        p.completed_at
      from pending p cross join jsonb_array_elements(p.questions) q
      -- A snapshot entry without a real question id (hand-made data) has nothing to point at.
      where q->>'questionId' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
      on conflict do nothing
      returning *
    ),
    standing as (
      -- Two results of one learner in a batch: the later one's answer is the latest, as when each was
      -- applied on its own (ties by time go to the later id, as a later submit's row did).
      insert into ${learnerQuestions} (user_id, question_id, exam_id, topic, seen, wrong, last_correct,
        flagged, last_seen_at, last_choice)
      select user_id, question_id,
        (array_agg(exam_id order by answered_at desc, result_id desc))[1],
        (array_agg(topic order by answered_at desc, result_id desc))[1],
        count(*)::int, (count(*) filter (where not correct))::int,
        (array_agg(correct order by answered_at desc, result_id desc))[1],
        (array_agg(flagged order by answered_at desc, result_id desc))[1],
        max(answered_at), (array_agg(choice order by answered_at desc, result_id desc))[1]
      from inserted group by user_id, question_id
      on conflict (user_id, question_id) do update set ${standingUpdate}
    )
    select count(*)::int as n from pending`);
  return Number((result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0);
}

/**
 * Whether any result waits for what it derives (decision 0075): its per-question rows, or, with those
 * recorded, its review cards. Two probes of the partial indexes of pending results.
 */
export async function resultsWaiting(db: Executor): Promise<boolean> {
  const [row] = await executeNamed<{ waiting: boolean }>(
    db,
    'results_waiting',
    sql`select exists (select 1 from ${examResults} where not ${examResults.responsesRecorded})
      or exists (select 1 from ${examResults} where not ${examResults.reviewApplied} and ${examResults.responsesRecorded})
      as waiting`,
  );
  return Boolean(row?.waiting);
}

/**
 * The submit as it was before decision 0075, kept as the reference the `derived-results` job is tested
 * against (`derived-results.routes.test.ts` runs the same sittings through both): claims the open attempt
 * and stores its result in one statement: the result, one `question_responses` row per question and the
 * learner's standing with each question (`learner_questions`, decision 0031) are written by the same
 * statement (data-modifying CTEs run once, whether or not the final select reads them). The update takes the
 * attempt's row lock: a concurrent submit of the same attempt waits, then finds it no longer open and claims
 * nothing, so nothing else is written either. Returns undefined when the attempt was not open.
 */
export async function recordResultWithDerived(
  db: Executor,
  values: NewResult,
): Promise<StoredResult | undefined> {
  const responses = JSON.stringify(
    values.responses.map((r) => ({
      question_id: r.questionId,
      exam_id: r.examId,
      topic: r.topic,
      answered: r.answered,
      correct: r.correct,
      flagged: r.flagged,
      choice: r.choice,
      certainty: r.certainty,
    })),
  );
  const rows = sql`jsonb_to_recordset(${responses}::jsonb) as r(question_id uuid, exam_id uuid, topic text, answered boolean, correct boolean, flagged boolean, choice int, certainty text)`;
  return claimAndStoreResult(
    db,
    'record_result_with_derived',
    values,
    (resultId) => sql`
    stored as (
      insert into ${examResults} (id, user_id, exam_id, attempt_id, exam_title, mode, kind, correct_answers,
        total_questions, score, duration, questions, responses_recorded, mock_id)
      select ${resultId}, ${values.userId}, ${values.examId}, claimed.id, ${values.examTitle}, ${values.mode},
        ${values.kind}, ${values.correctAnswers}, ${values.totalQuestions}, ${values.score}, claimed.duration,
        -- Each question keeps its seconds (decision 0065), the last short gap included.
        ${snapshotWithSeconds(values.questions)},
        true, ${values.mockId ?? null}::uuid
      from claimed
      returning id, user_id, exam_id, kind, score, duration, total_questions, completed_at
    ),
    counted as (
      select stored.id as result_id, r.exam_id, r.topic, r.answered, r.correct from stored cross join ${rows}
    ),
    ${analyticsCtes},
    responses as (
      insert into question_responses (result_id, question_id, user_id, exam_id, topic, answered, correct,
        flagged, choice, certainty, answered_at)
      select stored.id, r.question_id, stored.user_id, r.exam_id, r.topic, r.answered, r.correct, r.flagged,
        r.choice, r.certainty, stored.completed_at
      from stored cross join ${rows}
    ),
    standing as (
      insert into ${learnerQuestions} (user_id, question_id, exam_id, topic, seen, wrong, last_correct,
        flagged, last_seen_at, last_choice)
      select stored.user_id, r.question_id, r.exam_id, r.topic, 1, case when r.correct then 0 else 1 end,
        r.correct, r.flagged, stored.completed_at, r.choice
      from stored cross join ${rows}
      on conflict (user_id, question_id) do update set ${standingUpdate}
    )`,
  );
}
