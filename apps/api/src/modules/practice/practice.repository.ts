import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  examAttempts,
  exams,
  learnerPreferences,
  learnerQuestions,
  questions,
  subscriptions,
} from '../../db/schema/index.ts';
import { untouchedAttempt, type ServableQuestion } from '../attempts/attempts.repository.ts';

/** Practice sets (issue 18) read questions by what the learner did with them (learner_questions). */

export interface PracticeExamRow {
  id: string;
  title: string;
  modes: Array<'exam' | 'timed' | 'tutor'>;
  secondsPerQuestion: number;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export interface PracticeContext {
  exams: PracticeExamRow[];
  /** the learner's open practice set, if any, and whether nothing was done in it yet (decision 0047) */
  open: { id: string; untouched: boolean } | null;
  certaintyEnabled: boolean;
}

/**
 * What building a set needs to know about the learner, in one round trip: the published exams they hold a
 * live subscription to (by title), their open practice set, and whether they mark certainty (the set's
 * page asks).
 */
export async function practiceContext(db: Executor, userId: string, now: Date): Promise<PracticeContext> {
  const [row] = await executeNamed<{
    exams: PracticeExamRow[];
    open: { id: string; untouched: boolean } | null;
    certainty_enabled: boolean | null;
  }>(
    db,
    'practice_context',
    sql`select
      (select coalesce(json_agg(json_build_object('id', e.id, 'title', e.title, 'modes', e.modes,
          'secondsPerQuestion', e.seconds_per_question) order by e.title, e.id), '[]'::json)
        from ${subscriptions} s join ${exams} e on e.id = s.exam_id and e.is_active
        where s.user_id = ${userId} and s.end_date > ${now}) as exams,
      (select json_build_object('id', ${examAttempts.id}, 'untouched', ${untouchedAttempt})
        from ${examAttempts}
        where ${examAttempts.userId} = ${userId} and ${examAttempts.kind} = 'practice'
          and ${examAttempts.submittedAt} is null
        limit 1) as open,
      (select p.certainty_enabled from ${learnerPreferences} p where p.user_id = ${userId}) as certainty_enabled`,
  );
  return {
    exams: (row?.exams ?? []).map((exam) => ({
      ...exam,
      secondsPerQuestion: Number(exam.secondsPerQuestion),
    })),
    open: row?.open ?? null,
    certaintyEnabled: row?.certainty_enabled ?? false,
  };
}

export interface TopicCounts {
  examId: string;
  topic: string;
  total: number;
  unused: number;
  wrong: number;
  flagged: number;
}

/** Per exam and topic: the questions there are, and how many are unused, answered wrongly, flagged. */
export async function practiceCounts(
  db: Executor,
  userId: string,
  examIds: string[],
): Promise<TopicCounts[]> {
  if (examIds.length === 0) return [];
  const rows = rowsOf<{
    exam_id: string;
    topic: string;
    total: number;
    unused: number;
    wrong: number;
    flagged: number;
  }>(
    await db.execute(sql`
      select q.exam_id, coalesce(q.topic, 'General') as topic, count(*)::int as total,
        count(*) filter (where lq.question_id is null)::int as unused,
        count(*) filter (where lq.last_correct = false)::int as wrong,
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
    flagged: Number(row.flagged),
  }));
}

export type DrawSource =
  | 'unused'
  | 'wrong'
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
  wrong: sql`lq.last_correct = false`,
  flagged: sql`lq.flagged`,
  'wrong-or-flagged': sql`(lq.last_correct = false or lq.flagged)`,
  // Questions the learner tagged with why they missed them, on their latest answer (issue 19).
  'tag:didnt-know': sql`lq.miss_tag = 'didnt-know'`,
  'tag:misread': sql`lq.miss_tag = 'misread'`,
  'tag:reasoning-slip': sql`lq.miss_tag = 'reasoning-slip'`,
  'tag:ran-out-of-time': sql`lq.miss_tag = 'ran-out-of-time'`,
};

function drawFilter(filter: { userId: string; examIds: string[]; topics: string[]; source: DrawSource }) {
  const topics =
    filter.topics.length > 0
      ? sql`and coalesce(q.topic, 'General') = any(${sql.param(filter.topics)}::text[])`
      : sql``;
  return sql`
    from ${questions} q
    left join ${learnerQuestions} lq on lq.user_id = ${filter.userId} and lq.question_id = q.id
    where q.exam_id = any(${sql.param(filter.examIds)}::uuid[]) and q.approval_status = 'approved' ${topics}
      and ${SOURCE_FILTERS[filter.source]}`;
}

/**
 * Up to `size` distinct questions matching the filter, in random order (a set never repeats a question),
 * with what the set's page shows of each (so the new set's questions need no second read), and how many
 * match in all when fewer than `size` do.
 */
export async function drawQuestions(
  db: Executor,
  filter: { userId: string; examIds: string[]; topics: string[]; source: DrawSource; size: number },
): Promise<{ questions: ServableQuestion[]; matching: number }> {
  // A named prepared statement per source and with/without topics (the text depends on nothing else):
  // planned once per connection instead of at every build.
  const name = `practice_draw_${filter.source.replace(/\W/g, '_')}${filter.topics.length > 0 ? '_topics' : ''}`;
  const drawn = await executeNamed<ServableQuestion>(
    db,
    name,
    // Ids first (the random sort carries no text), then the drawn questions by primary key, in drawn order.
    sql`select x.id, x.question, x.options, x.topic, x.image
      from (select q.id as drawn_id, random() as drawn_at ${drawFilter(filter)} order by 2 limit ${filter.size}) d
      join ${questions} x on x.id = d.drawn_id
      order by d.drawn_at`,
  );
  return { questions: drawn, matching: drawn.length };
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
        bool_or(lq.last_correct = false or lq.flagged) as weak
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
