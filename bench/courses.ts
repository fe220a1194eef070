/**
 * Structured courses in `npm run bench` (decision 0053): 1,000 published courses of five units each (an
 * article, two practice sets and a checkpoint on the benchmark exam, another article), so the list pages
 * through real rows and a course page resolves its articles and exam. The learner whose token the
 * scenarios use is enrolled in the measured course and has read its first article, so its progress read
 * takes every path (reads, practice links, checkpoint results).
 */
import { sql } from 'drizzle-orm';
import { rows, withDb, type Target } from './study.ts';

type Log = (line: string) => void;

const COURSES = 1000;
const PREFIX = 'Benchmark course';

/** The 1,000 courses (idempotent: existing ones are kept); answers the newest one's id. */
export async function ensureCourses(
  target: Target,
  { examId, articleIds }: { examId: string; articleIds: [string, string] },
  log: Log,
): Promise<string> {
  return withDb(target, async (db) => {
    const [{ count }] = (await rows<{ count: number }>(
      db,
      sql`select count(*)::int as count from courses where title like ${`${PREFIX} %`}`,
    )) as [{ count: number }];
    if (count < COURSES) {
      const started = Date.now();
      await db.execute(sql`
        insert into courses (id, title, summary, category, status, created_at, updated_at, published_at)
        select gen_random_uuid(), ${PREFIX} || ' ' || i, 'Read, practise and pass the checkpoint (' || i || ').',
          (array['medical','nursing','pharmacy','other'])[1 + i % 4], 'published',
          now() - ((${COURSES}::int - i) || ' seconds')::interval, now(), now()
        from generate_series(${count + 1}::int, ${COURSES}::int) as i`);
      await db.execute(sql`
        insert into course_units (id, course_id, position, kind, article_id, exam_id, topics, size, mode, pass_mark)
        select gen_random_uuid(), c.id, u.position, u.kind,
          case u.kind when 'article' then (case u.position when 0 then ${articleIds[0]}::uuid else ${articleIds[1]}::uuid end) end,
          case when u.kind <> 'article' then ${examId}::uuid end,
          case u.position when 1 then '["Cardiology"]'::jsonb else '[]'::jsonb end,
          case u.kind when 'practice' then 20 end,
          case u.kind when 'practice' then 'tutor' end,
          case u.kind when 'checkpoint' then 70 end
        from courses c
        cross join (values (0, 'article'), (1, 'practice'), (2, 'practice'), (3, 'checkpoint'), (4, 'article'))
          as u(position, kind)
        where c.title like ${`${PREFIX} %`} and not exists (select 1 from course_units x where x.course_id = c.id)`);
      log(`courses: ${COURSES - count} added in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
    const [newest] = await rows<{ id: string }>(
      db,
      sql`select id from courses where title like ${`${PREFIX} %`} order by created_at desc, id desc limit 1`,
    );
    return newest!.id;
  });
}

/** Enrols the scenarios' learner in the course and marks its first unit read (both idempotent). */
export async function enrolLearner(url: string, courseId: string, token: string): Promise<void> {
  const headers = { authorization: `Bearer ${token}` };
  const enrolled = await fetch(`${url}/api/courses/${courseId}/enrol`, { method: 'POST', headers });
  if (!enrolled.ok) throw new Error(`enrol → ${enrolled.status}: ${await enrolled.text()}`);
  const progress = (await enrolled.json()) as { units: Array<{ unitId: string }> };
  const read = await fetch(`${url}/api/courses/${courseId}/units/${progress.units[0]!.unitId}/read`, {
    method: 'POST',
    headers,
  });
  if (!read.ok) throw new Error(`mark read → ${read.status}: ${await read.text()}`);
}
