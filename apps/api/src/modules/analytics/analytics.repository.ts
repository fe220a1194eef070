import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  examResults,
  learnerQuestions,
  questionResponses,
  questionStats,
  type MissTag,
} from '../../db/schema/index.ts';

/** Analytics reads (issue 19, decision 0035): summaries kept at submit, never raw rows per request. */

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface ExamStatsRow {
  exam_id: string;
  title: string | null;
  results: number;
  answered: number;
  correct: number;
  questions: number;
  seconds: number;
  avg_score: number;
  learners: number;
  below: number;
  equal: number;
}

/**
 * The learner's standing on each exam they sat, with how many learners have results there and how many
 * of them average lower or the same (index ranges on (exam_id, avg_score)).
 */
export async function examStats(db: Executor, userId: string): Promise<ExamStatsRow[]> {
  return rowsOf<ExamStatsRow>(
    await db.execute(sql`
      select les.exam_id, e.title, les.results, les.answered, les.correct, les.questions, les.seconds, les.avg_score,
        (select count(*) from learner_exam_stats o where o.exam_id = les.exam_id)::int as learners,
        (select count(*) from learner_exam_stats o where o.exam_id = les.exam_id and o.avg_score < les.avg_score)::int as below,
        (select count(*) from learner_exam_stats o where o.exam_id = les.exam_id and o.avg_score = les.avg_score)::int as equal
      from learner_exam_stats les left join exams e on e.id = les.exam_id
      where les.user_id = ${userId}
      order by les.last_at desc, les.exam_id
      limit 100`),
  );
}

/** The learner's exam sittings' scores, the latest `perExam` of each exam, oldest first. */
export async function examTrends(db: Executor, userId: string, perExam: number) {
  return rowsOf<{ exam_id: string; score: number; completed_at: Date | string }>(
    await db.execute(sql`
      select exam_id, score, completed_at from (
        select ${examResults.examId} as exam_id, ${examResults.score} as score, ${examResults.completedAt} as completed_at,
          row_number() over (partition by ${examResults.examId} order by ${examResults.completedAt} desc) as rn
        from ${examResults}
        where ${examResults.userId} = ${userId} and ${examResults.kind} = 'exam' and ${examResults.examId} is not null
      ) ranked where rn <= ${perExam}
      order by completed_at`),
  );
}

export interface TopicStatsRow {
  exam_id: string;
  title: string | null;
  topic: string;
  seen: number;
  answered: number;
  correct: number;
}

export async function topicStats(db: Executor, userId: string): Promise<TopicStatsRow[]> {
  return rowsOf<TopicStatsRow>(
    await db.execute(sql`
      select lts.exam_id, e.title, lts.topic, lts.seen, lts.answered, lts.correct
      from learner_topic_stats lts left join exams e on e.id = lts.exam_id
      where lts.user_id = ${userId}
      order by e.title, lts.topic
      limit 500`),
  );
}

/** The learner's scores by exam and topic per result, the latest `perTopic` of each, oldest first. */
export async function topicTrends(db: Executor, userId: string, perTopic: number) {
  return rowsOf<{
    exam_id: string;
    topic: string;
    correct: number;
    total: number;
    completed_at: Date | string;
  }>(
    await db.execute(sql`
      select exam_id, topic, correct, total, completed_at from (
        select exam_id, topic, correct, total, completed_at,
          row_number() over (partition by exam_id, topic order by completed_at desc) as rn
        from result_topic_scores where user_id = ${userId}
      ) ranked where rn <= ${perTopic}
      order by completed_at`),
  );
}

/** How learners answered these questions (by their latest answers). */
export async function peerStats(db: Executor, questionIds: string[]) {
  if (questionIds.length === 0) return [];
  return db
    .select()
    .from(questionStats)
    .where(sql`${questionStats.questionId} = any(${sql.param(questionIds)}::uuid[])`);
}

/**
 * Recounts the peer figures of the questions answered since the last run, from every learner's latest
 * answer (learner_questions), and marks those answers counted; one statement a batch. Returns how many
 * answers it took.
 */
export async function rollUpQuestionStats(db: Executor, batch: number): Promise<number> {
  const result = rowsOf<{ n: number }>(
    await db.execute(sql`
      with taken as (
        update ${questionResponses} set rolled_up = true
        where (result_id, question_id) in (
          select result_id, question_id from ${questionResponses} where not rolled_up
          order by answered_at limit ${batch} for update skip locked
        )
        returning question_id
      ),
      touched as (select distinct question_id from taken),
      recount as (
        insert into ${questionStats} (question_id, answered, correct, seen, choices, updated_at)
        select t.question_id,
          (count(lq.last_choice))::int, (count(*) filter (where lq.last_correct))::int, count(lq.user_id)::int,
          array[
            (count(*) filter (where lq.last_choice = 0))::int, (count(*) filter (where lq.last_choice = 1))::int,
            (count(*) filter (where lq.last_choice = 2))::int, (count(*) filter (where lq.last_choice = 3))::int,
            (count(*) filter (where lq.last_choice = 4))::int, (count(*) filter (where lq.last_choice = 5))::int
          ],
          now()
        from touched t left join ${learnerQuestions} lq on lq.question_id = t.question_id
        group by t.question_id
        on conflict (question_id) do update set answered = excluded.answered, correct = excluded.correct,
          seen = excluded.seen, choices = excluded.choices, updated_at = now()
      )
      select count(*)::int as n from taken`),
  );
  return Number(result[0]?.n ?? 0);
}

/**
 * Tags why the learner missed a question of one of their results, and on their standing with the question
 * when that result holds their latest answer to it. False when there is no such missed question.
 */
export async function tagMiss(
  db: Executor,
  userId: string,
  resultId: string,
  questionId: string,
  tag: MissTag | null,
): Promise<boolean> {
  // One statement, and the answer times compared in the database: a timestamp read back into a JS Date
  // loses its microseconds, so comparing with it would miss the standing row on PostgreSQL.
  const result = await db.execute(sql`
    with tagged as (
      update ${questionResponses} set miss_tag = ${tag}
      where result_id = ${resultId} and question_id = ${questionId} and user_id = ${userId}
        and correct = false
      returning answered_at
    ),
    standing as (
      update ${learnerQuestions} lq set miss_tag = ${tag}
      from tagged
      where lq.user_id = ${userId} and lq.question_id = ${questionId} and lq.last_seen_at = tagged.answered_at
    )
    select count(*)::int as n from tagged`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) > 0;
}
