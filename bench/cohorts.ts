/**
 * A school's cohort in `npm run bench` (decision 0079): 500 members (bench-0 … bench-499), the benchmark
 * exam assigned a month ago with four practice sets of it, three results of the exam each in the last
 * month and their standing on 10 of its topics, so the cohort's page, an assignment's progress, the CSV
 * report and the cohort-against-everyone figures read 500 members' rows, as a year group would.
 */
import { sql } from 'drizzle-orm';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

const NAME = 'Benchmark cohort';
export const COHORT_MEMBERS = 500;

/** The cohort and its exam assignment (idempotent: an existing cohort is kept as it is). */
export async function ensureCohort(
  target: Target,
  { examId }: { examId: string },
  log: Log,
): Promise<{ cohortId: string; assignmentId: string }> {
  return withDb(target, async (db) => {
    const found = await rows<{ id: string }>(db, sql`select id from cohorts where name = ${NAME}`);
    if (found.length === 0) {
      const started = Date.now();
      await db.execute(sql`
        insert into cohorts (id, name, description, starts_on, ends_on)
        values (gen_random_uuid(), ${NAME}, 'A year group of 500', (now() - interval '60 days')::date,
          (now() + interval '300 days')::date)`);
      await db.execute(sql`
        insert into cohort_members (cohort_id, user_id, joined_at)
        select c.id, u.id, now() - interval '45 days'
        from cohorts c, users u
        where c.name = ${NAME}
          and u.email in (select 'bench-' || i || '@example.com' from generate_series(0, ${COHORT_MEMBERS - 1}) as i)`);
      await db.execute(sql`
        insert into cohort_assignments (id, cohort_id, exam_id, kind, title, due_at, created_at)
        select gen_random_uuid(), c.id, ${examId}::uuid, 'exam', 'Benchmark paper', now() + interval '7 days',
          now() - interval '30 days'
        from cohorts c where c.name = ${NAME}`);
      await db.execute(sql`
        insert into cohort_assignments (id, cohort_id, exam_id, kind, topics, size, mode, title, due_at, created_at)
        select gen_random_uuid(), c.id, ${examId}::uuid, 'practice', '[]'::jsonb, 20, 'tutor',
          'Week ' || w || ' practice', now() + (w || ' days')::interval, now() - interval '30 days'
        from cohorts c, generate_series(1, 4) as w where c.name = ${NAME}`);
      // Three results of the exam's own sittings each, over the last month (made-up snapshots: nothing for
      // the per-question jobs to do), and the standing they would have left on 10 topics.
      await db.execute(sql`
        insert into exam_results (id, user_id, exam_id, exam_title, correct_answers, total_questions, score,
          duration, questions, completed_at, responses_recorded, review_applied, item_counted)
        select gen_random_uuid(), m.user_id, e.id, e.title, 40 + (k * 7 + n) % 60, 100, 40 + (k * 7 + n) % 60,
          1800, '[]'::jsonb, now() - ((k * 9 + n % 7) || ' days')::interval, true, true, true
        from (select user_id, row_number() over (order by user_id) as n from cohort_members m
          join cohorts c on c.id = m.cohort_id where c.name = ${NAME}) m
        cross join generate_series(0, 2) as k
        join exams e on e.id = ${examId}::uuid`);
      await db.execute(sql`
        insert into learner_topic_stats (user_id, exam_id, topic, answered, correct, seen, last_at)
        select m.user_id, ${examId}::uuid, t.topic, 30, 10 + (t.n * 3 + length(m.user_id::text)) % 20, 30, now()
        from cohort_members m join cohorts c on c.id = m.cohort_id
        cross join (select topic, row_number() over (order by topic) as n from (
          select distinct coalesce(topic, 'General') as topic from questions where exam_id = ${examId}::uuid
        ) d limit 10) t
        where c.name = ${NAME}
        on conflict do nothing`);
      await db.execute(sql`analyze cohort_members; analyze cohort_assignments; analyze exam_results`);
      log(
        `cohort: ${COHORT_MEMBERS} members with results made in ${((Date.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const [row] = await rows<{ cohortId: string; assignmentId: string }>(
      db,
      sql`select c.id as "cohortId", a.id as "assignmentId" from cohorts c
        join cohort_assignments a on a.cohort_id = c.id and a.kind = 'exam'
        where c.name = ${NAME} limit 1`,
    );
    return row!;
  });
}
