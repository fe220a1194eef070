import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { rowsOf } from '../../db/shared-queries.ts';
import { executeNamed, prepared } from '../../db/prepared.ts';
import {
  TOPIC_TREND_POINTS,
  courseEnrolments,
  courseUnits,
  courses,
  examResults,
  exams,
  learnerExamStats,
  learnerQuestions,
  learnerTopicStats,
  questionResponses,
  questionStats,
  type MissTag,
} from '../../db/schema/index.ts';

/** Analytics reads (decision 0035): summaries kept at submit, never raw rows per request. */

export interface ExamStatsRow {
  examId: string;
  title: string | null;
  results: number;
  answered: number;
  correct: number;
  questions: number;
  seconds: number;
  avgScore: number;
  learners: number;
  below: number;
  equal: number;
  /** the latest scores of the exam's trend, oldest first: [time in ms, score] */
  trend: Array<[number, number]>;
}

/**
 * The learner's standing on each exam they sat, with how many learners have results there and how many
 * of them average lower or the same (index ranges on (exam_id, avg_score)), and the exam's trend line as
 * the submitting statement keeps it, in one prepared statement.
 */
export async function examStats(db: Executor, userId: string): Promise<ExamStatsRow[]> {
  return prepared(db, 'analytics_exam_stats', (on) => {
    const others = alias(learnerExamStats, 'others');
    const peers = (condition?: SQL) =>
      sql<number>`(select count(*) from ${learnerExamStats} as ${others} where ${others.examId} = ${learnerExamStats.examId}${condition ? sql` and ${condition}` : sql``})::int`;
    return on
      .select({
        examId: learnerExamStats.examId,
        title: exams.title,
        results: learnerExamStats.results,
        answered: learnerExamStats.answered,
        correct: learnerExamStats.correct,
        questions: learnerExamStats.questions,
        seconds: learnerExamStats.seconds,
        avgScore: learnerExamStats.avgScore,
        learners: peers(),
        below: peers(sql`${others.avgScore} < ${learnerExamStats.avgScore}`),
        equal: peers(sql`${others.avgScore} = ${learnerExamStats.avgScore}`),
        trend: learnerExamStats.trend,
      })
      .from(learnerExamStats)
      .leftJoin(exams, eq(exams.id, learnerExamStats.examId))
      .where(eq(learnerExamStats.userId, sql.placeholder('userId')))
      .orderBy(desc(learnerExamStats.lastAt), learnerExamStats.examId)
      .limit(100);
  }).execute({ userId });
}

export interface TopicStatsRow {
  examId: string;
  title: string | null;
  topic: string;
  seen: number;
  answered: number;
  correct: number;
  /** the latest points of the topic's trend, oldest first: [time in ms, correct, total] */
  trend: Array<[number, number, number]>;
}

/** The learner's figures by exam and topic, each with its trend line as the submitting statement keeps it. */
export async function topicStats(db: Executor, userId: string): Promise<TopicStatsRow[]> {
  return prepared(db, 'analytics_topic_stats', (on) =>
    on
      .select({
        examId: learnerTopicStats.examId,
        title: exams.title,
        topic: learnerTopicStats.topic,
        seen: learnerTopicStats.seen,
        answered: learnerTopicStats.answered,
        correct: learnerTopicStats.correct,
        trend: learnerTopicStats.trend,
      })
      .from(learnerTopicStats)
      .leftJoin(exams, eq(exams.id, learnerTopicStats.examId))
      .where(eq(learnerTopicStats.userId, sql.placeholder('userId')))
      .orderBy(exams.title, learnerTopicStats.topic)
      .limit(500),
  ).execute({ userId });
}

export interface CourseTopicRow {
  courseId: string;
  courseTitle: string;
  examId: string;
  examTitle: string;
  topic: string;
  /** the learner's figures on the topic; null when they have not met it yet */
  seen: number | null;
  answered: number | null;
  correct: number | null;
}

/**
 * The topics of the learner's courses (published ones they are enrolled in, the latest `courseLimit`) with
 * their figures, in one statement: a practice unit covers its topics, or all its exam's topics when it names
 * none; a checkpoint covers all its exam's topics. An exam's "all" is its topic list plus any topic the
 * learner has figures on there (questions without a topic count as 'General'). Courses newest enrolment
 * first, topics in unit order, then by name.
 */
export async function courseTopicRows(
  db: Executor,
  userId: string,
  courseLimit: number,
): Promise<CourseTopicRow[]> {
  // A named statement: planning it took 3 ms of PostgreSQL's CPU, running it under 1 ms (bench data).
  return executeNamed<CourseTopicRow>(
    db,
    'analytics_course_topics',
    sql`
    with enrolled as (
      select ${courses.id} as course_id, ${courses.title} as course_title, ${courseEnrolments.enrolledAt} as enrolled_at
      from ${courseEnrolments} join ${courses} on ${courses.id} = ${courseEnrolments.courseId}
      where ${courseEnrolments.userId} = ${userId} and ${courses.status} = 'published'
      order by ${courseEnrolments.enrolledAt} desc, ${courses.id} desc
      limit ${courseLimit}
    ),
    units as (
      select enrolled.course_id, ${courseUnits.position} as position, ${courseUnits.examId} as exam_id,
        ${courseUnits.kind} = 'checkpoint' or jsonb_array_length(${courseUnits.topics}) = 0 as whole_exam,
        ${courseUnits.topics} as topics
      from enrolled join ${courseUnits} on ${courseUnits.courseId} = enrolled.course_id
      where ${courseUnits.examId} is not null
    ),
    pairs as (
      select units.course_id, units.exam_id, named.topic, min(units.position) as position
      from units join ${exams} on ${exams.id} = units.exam_id
      cross join lateral jsonb_array_elements_text(
        case when units.whole_exam then ${exams.topics} else units.topics end) as named(topic)
      group by 1, 2, 3
      union all
      select units.course_id, units.exam_id, ${learnerTopicStats.topic}, min(units.position)
      from units join ${learnerTopicStats} on ${learnerTopicStats.userId} = ${userId}
        and ${learnerTopicStats.examId} = units.exam_id
      where units.whole_exam
      group by 1, 2, 3
    ),
    topics as (
      select course_id, exam_id, topic, min(position) as position from pairs group by 1, 2, 3
    )
    select topics.course_id as "courseId", enrolled.course_title as "courseTitle", topics.exam_id as "examId",
      ${exams.title} as "examTitle", topics.topic,
      ${learnerTopicStats.seen} as seen, ${learnerTopicStats.answered} as answered,
      ${learnerTopicStats.correct} as correct
    from topics
    join enrolled on enrolled.course_id = topics.course_id
    join ${exams} on ${exams.id} = topics.exam_id
    left join ${learnerTopicStats} on ${learnerTopicStats.userId} = ${userId}
      and ${learnerTopicStats.examId} = topics.exam_id and ${learnerTopicStats.topic} = topics.topic
    order by enrolled.enrolled_at desc, topics.course_id desc, topics.position, topics.topic
  `,
  );
}

export interface PeerRow {
  questionId: string | null;
  /** the option texts as stored in the result */
  choices: string[] | null;
  answered: number | null;
  correct: number | null;
  /** learners per option position */
  counts: number[] | null;
}

/**
 * A learner's own result's questions (id and stored options, in order) with how learners answered each
 * (question_stats), in one round trip. Only the two fields needed are taken out of the result's snapshot
 * inside the database, so the snapshot (about 25 KB for 100 questions) never travels to the server.
 * No rows: no such result of this learner; one row with a null id: a result without questions.
 */
export async function resultPeerRows(db: Executor, userId: string, resultId: string): Promise<PeerRow[]> {
  return prepared(db, 'analytics_result_peers', (on) => {
    const item = sql`item.value`;
    const questionId = sql`${item}->>'questionId'`;
    return on
      .select({
        questionId: sql<string | null>`${questionId}`,
        choices: sql<string[] | null>`${item}->'choices'`,
        answered: sql<number | null>`stats.answered`,
        correct: sql<number | null>`stats.correct`,
        counts: sql<number[] | null>`stats.choices`,
      })
      .from(examResults)
      .leftJoin(
        sql`lateral jsonb_array_elements(${examResults.questions}) with ordinality as item`,
        sql`true`,
      )
      .leftJoin(
        // A lookup by key per question (lateral), whatever the size of question_stats: a generic plan
        // otherwise hash-joins a scan of the whole table (seen on the bench data). Only a well-formed id is
        // cast (a malformed one would fail the whole query).
        sql`lateral (select ${questionStats.answered} as answered, ${questionStats.correct} as correct,
          ${questionStats.choices} as choices from ${questionStats}
          where ${questionStats.questionId} = case when ${questionId} ~* ${UUID_TEXT} then (${questionId})::uuid end) as stats`,
        sql`true`,
      )
      .where(
        and(
          eq(examResults.id, sql.placeholder('resultId')),
          eq(examResults.userId, sql.placeholder('userId')),
        ),
      )
      .orderBy(sql`item.ordinality`);
  }).execute({ userId, resultId });
}

/**
 * How many of the learner's results wait for their per-question rows and summaries (decision 0075): the
 * analytics page says its figures are updating while any does.
 */
export async function pendingResultCount(db: Executor, userId: string): Promise<number> {
  const [row] = await prepared(db, 'analytics_pending_results', (on) =>
    on
      .select({ n: count() })
      .from(examResults)
      .where(
        and(eq(examResults.userId, sql.placeholder('userId')), eq(examResults.responsesRecorded, false)),
      ),
  ).execute({ userId });
  return Number(row?.n ?? 0);
}

/** The shape isUuid accepts (lib/ids.ts), for the database. */
const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

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

/**
 * Moves learners' figures from the exam's topics `from` to `to` (a renamed, merged or removed topic,
 * decision 0050): each learner's rows merge into one, summed, with the latest TOPIC_TREND_POINTS points of
 * both trend lines (points of one sitting in two merged topics become one). In the caller's transaction.
 */
export async function moveTopicStats(
  db: Executor,
  examId: string,
  from: string[],
  to: string,
): Promise<void> {
  const merged = (trends: SQL) => sql`(select coalesce(jsonb_agg(jsonb_build_array(t.at, t.correct, t.total)
    order by t.at), '[]'::jsonb) from (
      select (p ->> 0)::numeric as at, sum((p ->> 1)::int) as correct, sum((p ->> 2)::int) as total
      from jsonb_array_elements(${trends}) p group by 1 order by 1 desc limit ${TOPIC_TREND_POINTS}
    ) t)`;
  await db.execute(sql`
    with moved as (
      delete from ${learnerTopicStats}
      where exam_id = ${examId} and topic = any(${sql.param(from)}::text[])
      returning *
    ),
    combined as (
      select m.user_id, sum(m.answered)::int as answered, sum(m.correct)::int as correct,
        sum(m.seen)::int as seen, max(m.last_at) as last_at,
        (select jsonb_agg(p) from moved n, jsonb_array_elements(n.trend) p where n.user_id = m.user_id) as points
      from moved m
      group by m.user_id
    )
    insert into ${learnerTopicStats} as s (user_id, exam_id, topic, answered, correct, seen, last_at, trend)
    select c.user_id, ${examId}, ${to}, c.answered, c.correct, c.seen, c.last_at,
      ${merged(sql`coalesce(c.points, '[]'::jsonb)`)}
    from combined c
    on conflict (user_id, exam_id, topic) do update set
      answered = s.answered + excluded.answered, correct = s.correct + excluded.correct,
      seen = s.seen + excluded.seen, last_at = greatest(s.last_at, excluded.last_at),
      trend = ${merged(sql`s.trend || excluded.trend`)}`);
}
