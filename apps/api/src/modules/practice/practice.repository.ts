import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { untouchedAttempt, type ServableQuestion, rowsOf } from '../../db/shared-queries.ts';
import {
  examAttempts,
  exams,
  learnerPreferences,
  learnerQuestions,
  questions,
  subscriptions,
} from '../../db/schema/index.ts';

/** Practice sets (decision 0031) read questions by what the learner did with them (learner_questions). */

export interface PracticeExamRow {
  id: string;
  title: string;
  modes: Array<'exam' | 'timed' | 'tutor'>;
  secondsPerQuestion: number;
}

export interface PracticeContext {
  exams: PracticeExamRow[];
  /** the learner's latest open practice set with nothing done in it yet, which a new one replaces (0047) */
  open: { id: string; untouched: boolean } | null;
  certaintyEnabled: boolean;
}

/** What a set is drawn from: the learner's questions in these exams and topics, by source. */
export interface DrawFilter {
  userId: string;
  examIds: string[];
  topics: string[];
  source: DrawSource;
  size: number;
}

/**
 * A draw asked together with the context: from the exams the learner subscribes to (all of them, or those
 * of `examIds` among them; the caller refuses the others after reading the context).
 */
export type ContextDraw = Omit<DrawFilter, 'userId' | 'examIds'> & { examIds: string[] | null };

/**
 * What building a set needs to know about the learner, in one round trip: the published exams they hold a
 * live subscription to (by title), their open practice set, and whether they mark certainty (the set's
 * page asks). With `draw`, the same statement also draws the set's questions (one round trip less per
 * build; the draw is wasted only when the build is then refused).
 */
export async function practiceContext(
  db: Executor,
  userId: string,
  now: Date,
  draw?: ContextDraw,
): Promise<PracticeContext & { drawn: ServableQuestion[] }> {
  const drawn = draw
    ? sql`, drawn as (${drawnIds(
        { ...draw, userId },
        sql`q.exam_id in (select id from subscribed)${
          draw.examIds ? sql` and q.exam_id = any(${sql.param(draw.examIds)}::uuid[])` : sql``
        }`,
      )})`
    : sql``;
  const [row] = await executeNamed<{
    exams: PracticeExamRow[];
    open: { id: string; untouched: boolean } | null;
    certainty_enabled: boolean | null;
    drawn?: ServableQuestion[];
  }>(
    db,
    draw ? `practice_context_${drawName(draw)}${draw.examIds ? '_chosen' : ''}` : 'practice_context',
    sql`with subscribed as (
        select e.id, e.title, e.modes, e.seconds_per_question
        from ${subscriptions} s join ${exams} e on e.id = s.exam_id and e.is_active
        where s.user_id = ${userId} and s.end_date > ${now})${drawn}
      select
      (select coalesce(json_agg(json_build_object('id', id, 'title', title, 'modes', modes,
          'secondsPerQuestion', seconds_per_question) order by title, id), '[]'::json)
        from subscribed) as exams,
      (select json_build_object('id', ${examAttempts.id}, 'untouched', ${untouchedAttempt})
        from ${examAttempts}
        where ${examAttempts.userId} = ${userId} and ${examAttempts.kind} = 'practice'
          and ${examAttempts.submittedAt} is null and ${untouchedAttempt}
        order by ${examAttempts.lastActiveAt} desc
        limit 1) as open,
      (select p.certainty_enabled from ${learnerPreferences} p where p.user_id = ${userId}) as certainty_enabled
      ${draw ? sql`, ${drawnQuestions} as drawn` : sql``}`,
  );
  return {
    exams: (row?.exams ?? []).map((exam) => ({
      ...exam,
      secondsPerQuestion: Number(exam.secondsPerQuestion),
    })),
    open: row?.open ?? null,
    certaintyEnabled: row?.certainty_enabled ?? false,
    drawn: row?.drawn ?? [],
  };
}

export interface TopicCounts {
  examId: string;
  topic: string;
  total: number;
  unused: number;
  wrong: number;
  omitted: number;
  flagged: number;
}

/**
 * Answered the last time, and wrongly: a question skipped has no choice (`last_choice` is null) and is
 * omitted, not wrong (learner_questions keeps the latest answer's choice since migration 0014).
 */
const ANSWERED_WRONG = sql`(lq.last_correct = false and lq.last_choice is not null)`;
/** Served, and left unanswered the last time. */
const OMITTED = sql`(lq.question_id is not null and lq.last_choice is null)`;

/** Per exam and topic: the questions there are, and how many are unused, answered wrongly, omitted, flagged. */
export async function practiceCounts(
  db: Executor,
  userId: string,
  examIds: string[],
): Promise<TopicCounts[]> {
  if (examIds.length === 0) return [];
  const rows = rowsOf<Omit<TopicCounts, 'examId'> & { exam_id: string }>(
    await db.execute(sql`
      select q.exam_id, coalesce(q.topic, 'General') as topic, count(*)::int as total,
        count(*) filter (where lq.question_id is null)::int as unused,
        count(*) filter (where ${ANSWERED_WRONG})::int as wrong,
        count(*) filter (where ${OMITTED})::int as omitted,
        count(*) filter (where lq.flagged)::int as flagged
      from ${questions} q
      left join ${learnerQuestions} lq on lq.user_id = ${userId} and lq.question_id = q.id
      where q.exam_id = any(${sql.param(examIds)}::uuid[]) and q.approval_status = 'approved'
      group by 1, 2 order by 1, 2`),
  );
  return rows.map((row) => ({
    examId: row.exam_id,
    topic: row.topic,
    total: Number(row.total),
    unused: Number(row.unused),
    wrong: Number(row.wrong),
    omitted: Number(row.omitted),
    flagged: Number(row.flagged),
  }));
}

export type DrawSource =
  | 'unused'
  | 'wrong'
  | 'omitted'
  | 'flagged'
  | 'all'
  | 'wrong-or-flagged'
  | 'tag:didnt-know'
  | 'tag:misread'
  | 'tag:reasoning-slip'
  | 'tag:ran-out-of-time';

const SOURCE_FILTERS: Record<DrawSource, ReturnType<typeof sql>> = {
  all: sql`true`,
  unused: sql`lq.question_id is null`,
  wrong: ANSWERED_WRONG,
  omitted: OMITTED,
  flagged: sql`lq.flagged`,
  'wrong-or-flagged': sql`(${ANSWERED_WRONG} or lq.flagged)`,
  // Questions the learner tagged with why they missed them, on their latest answer (decision 0035).
  'tag:didnt-know': sql`lq.miss_tag = 'didnt-know'`,
  'tag:misread': sql`lq.miss_tag = 'misread'`,
  'tag:reasoning-slip': sql`lq.miss_tag = 'reasoning-slip'`,
  'tag:ran-out-of-time': sql`lq.miss_tag = 'ran-out-of-time'`,
};

/**
 * The ids of up to `size` distinct questions of the exams `scope` admits that match the filter, each with a
 * random sort key (ids only: the random sort carries no text).
 */
function drawnIds(filter: Omit<DrawFilter, 'examIds'>, scope: SQL) {
  const topics =
    filter.topics.length > 0
      ? sql`and coalesce(q.topic, 'General') = any(${sql.param(filter.topics)}::text[])`
      : sql``;
  return sql`select q.id as drawn_id, random() as drawn_at
    from ${questions} q
    left join ${learnerQuestions} lq on lq.user_id = ${filter.userId} and lq.question_id = q.id
    where ${scope} and q.approval_status = 'approved' ${topics}
      and ${SOURCE_FILTERS[filter.source]}
    order by 2 limit ${filter.size}`;
}

/**
 * The questions of a `drawn` CTE (drawnIds) in drawn order, with what a set's page shows of each (so a new
 * set's questions need no second read): a JSON array, one value for the whole draw.
 */
const drawnQuestions = sql`(select coalesce(json_agg(json_build_object('id', x.id, 'question', x.question,
    'options', x.options, 'topic', x.topic, 'image', x.image) order by d.drawn_at), '[]'::json)
  from drawn d join ${questions} x on x.id = d.drawn_id)`;

/** A statement's text depends on the source and on whether topics are chosen, nothing else. */
function drawName(filter: { source: DrawSource; topics: string[] }): string {
  return `${filter.source.replace(/\W/g, '_')}${filter.topics.length > 0 ? '_topics' : ''}`;
}

/**
 * Up to `size` distinct questions matching the filter, in random order (a set never repeats a question),
 * with what the set's page shows of each (so the new set's questions need no second read).
 */
export async function drawQuestions(db: Executor, filter: DrawFilter): Promise<ServableQuestion[]> {
  // A named prepared statement per source and with/without topics: planned once per connection.
  const [row] = await executeNamed<{ drawn: ServableQuestion[] }>(
    db,
    `practice_draw_${drawName(filter)}`,
    sql`with drawn as (${drawnIds(filter, sql`q.exam_id = any(${sql.param(filter.examIds)}::uuid[])`)})
      select ${drawnQuestions} as drawn`,
  );
  return row?.drawn ?? [];
}

/**
 * The learner's weakest topics in these exams (up to `limit`): among topics with a question answered
 * wrongly or flagged, those whose share of right answers is below the learner's share across the exams,
 * lowest first; when none is below it, the lowest one.
 */
export async function weakestTopics(
  db: Executor,
  userId: string,
  examIds: string[],
  limit: number,
): Promise<string[]> {
  const rows = rowsOf<{ topic: string; seen: number; wrong: number; weak: boolean }>(
    await db.execute(sql`
      select lq.topic, sum(lq.seen)::int as seen, sum(lq.wrong)::int as wrong,
        bool_or(${ANSWERED_WRONG} or lq.flagged) as weak
      from ${learnerQuestions} lq
      where lq.user_id = ${userId} and lq.exam_id = any(${sql.param(examIds)}::uuid[])
      group by lq.topic`),
  );
  const accuracy = (seen: number, wrong: number) => (seen > 0 ? 1 - wrong / seen : 1);
  const seen = rows.reduce((total, row) => total + Number(row.seen), 0);
  const overall = accuracy(
    seen,
    rows.reduce((total, row) => total + Number(row.wrong), 0),
  );
  const candidates = rows
    .filter((row) => row.weak)
    .map((row) => ({ topic: row.topic, accuracy: accuracy(Number(row.seen), Number(row.wrong)) }))
    .sort((a, b) => a.accuracy - b.accuracy || a.topic.localeCompare(b.topic));
  const below = candidates.filter((row) => row.accuracy < overall);
  return (below.length > 0 ? below : candidates.slice(0, 1)).slice(0, limit).map((row) => row.topic);
}

/**
 * Learners' standing with these questions takes their new topic (a renamed, merged or removed topic,
 * decision 0050), so weak areas and topic choices follow it.
 */
export async function retopicLearnerQuestions(
  db: Executor,
  questionIds: string[],
  topic: string,
): Promise<void> {
  if (questionIds.length === 0) return;
  await db.execute(sql`
    update ${learnerQuestions} set topic = ${topic}
    where question_id = any(${sql.param(questionIds)}::uuid[]) and topic <> ${topic}`);
}
