import { sql } from 'drizzle-orm';
import type { Db } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/lib/passwords.ts';

export interface SeedSize {
  exams: number;
  questionsPerExam: number;
  articles: number;
  learners: number;
  subscriptionsPerLearner: number;
  results: number;
}

export const FULL: SeedSize = {
  exams: 10_000,
  questionsPerExam: 50,
  articles: 5_000,
  learners: 50_000,
  subscriptionsPerLearner: 2,
  results: 200_000,
};
export const QUICK: SeedSize = {
  exams: 500,
  questionsPerExam: 50,
  articles: 300,
  learners: 1_000,
  subscriptionsPerLearner: 2,
  results: 2_000,
};

export const BENCH_PASSWORD = 'Bench-Password-2026';
/** Learners bench-0 … bench-(N-1) are subscribed to the 100-question exam used by the load scenarios. */
export const BENCH_LEARNERS = 600;

const TOPICS = [
  'Cardiology',
  'Respiratory',
  'Renal',
  'Endocrine',
  'Neurology',
  'Gastroenterology',
  'Haematology',
  'Oncology',
  'Paediatrics',
  'Obstetrics',
  'Pharmacology',
  'Microbiology',
  'Dermatology',
  'Psychiatry',
  'Emergency Care',
  'Critical Care',
  'Infection Control',
  'Wound Care',
  'Medicines Safety',
  'Anaesthetics',
];
const LEVELS = ['Foundations', 'Essentials', 'Review', 'Masterclass', 'Practice Set', 'Mock Exam'];
const CATEGORIES = ['medical', 'nursing', 'pharmacy', 'other'];
const ARTICLE_CATEGORIES = ['medical', 'education', 'exam-prep', 'career', 'research'];

function textArray(values: string[]) {
  return sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);
}

/**
 * Fills the database in bulk with set-based SQL (generate_series), not one request per row:
 * exams with questions, articles, verified learners, subscriptions and results.
 */
export async function seedBenchData(db: Db, size: SeedSize, log: (line: string) => void): Promise<void> {
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = Date.now();
    await db.execute(query);
    log(`  ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  const passwordHash = await hashPassword(BENCH_PASSWORD);

  await step(
    `${size.exams} exams`,
    sql`
    insert into exams (id, title, description, category, price_pence, number_of_questions, is_active, tags, created_at, updated_at)
    select gen_random_uuid(),
      (${textArray(TOPICS)})[1 + i % ${TOPICS.length}] || ' ' || (${textArray(LEVELS)})[1 + (i / ${TOPICS.length}) % ${LEVELS.length}] || ' ' || i,
      'Practice questions on ' || lower((${textArray(TOPICS)})[1 + i % ${TOPICS.length}]) || ' for UK learners, set ' || i || '.',
      (${textArray(CATEGORIES)})[1 + i % ${CATEGORIES.length}],
      case when i % 5 = 0 then 0 else 499 + (i % 3) * 500 end,
      ${size.questionsPerExam}, true, '[]'::jsonb,
      now() - (i || ' minutes')::interval, now()
    from generate_series(1, ${size.exams}) as i`,
  );

  await step(
    `${size.exams * size.questionsPerExam} questions`,
    sql`
    insert into questions (id, exam_id, question, options, correct_answer, explanation, approval_status, created_at, updated_at)
    select gen_random_uuid(), e.id, 'Question ' || q || ' of ' || e.title || ': which statement is correct?',
      jsonb_build_array('Option A' || q, 'Option B' || q, 'Option C' || q, 'Option D' || q), q % 4,
      'Explanation for question ' || q || '.', 'approved', now(), now()
    from exams e cross join generate_series(1, ${size.questionsPerExam}) as q`,
  );

  // The load scenarios' exam: 100 questions, free, newest.
  await step(
    'benchmark exam (100 questions)',
    sql`
    with exam as (
      insert into exams (id, title, description, category, price_pence, number_of_questions, is_active, created_at, updated_at)
      values (gen_random_uuid(), 'Benchmark 100-question exam', 'Used by npm run bench.', 'medical', 0, 100, true, now(), now())
      returning id
    )
    insert into questions (id, exam_id, question, options, correct_answer, explanation, approval_status, created_at, updated_at)
    select gen_random_uuid(), exam.id, 'Benchmark question ' || q, jsonb_build_array('A' || q, 'B' || q, 'C' || q, 'D' || q), q % 4, 'Because.', 'approved', now(), now()
    from exam cross join generate_series(1, 100) as q`,
  );

  await step(
    `${size.articles} articles`,
    sql`
    insert into articles (id, title, summary, content, preview, category, status, created_at, updated_at)
    select gen_random_uuid(),
      (${textArray(TOPICS)})[1 + i % ${TOPICS.length}] || ' in practice, part ' || i,
      'A practical summary about ' || lower((${textArray(TOPICS)})[1 + i % ${TOPICS.length}]) || '.',
      '<h2>Overview</h2><p>' || repeat('Clinical practice keeps changing, and learners need clear guidance. ', 30) || '</p><ul><li>Point one</li><li>Point two</li></ul>',
      repeat('Clinical practice keeps changing, and learners need clear guidance. ', 4),
      (${textArray(ARTICLE_CATEGORIES)})[1 + i % ${ARTICLE_CATEGORIES.length}],
      case when i % 10 = 0 then 'draft' else 'published' end,
      now() - (i || ' minutes')::interval, now()
    from generate_series(1, ${size.articles}) as i`,
  );

  await step(
    `${size.learners} learners`,
    sql`
    insert into users (id, name, email, password_hash, email_verified_at, created_at, updated_at)
    select gen_random_uuid(), 'Bench Learner ' || i, 'bench-' || i || '@example.com', ${passwordHash}, now(), now() - (i || ' seconds')::interval, now()
    from generate_series(0, ${size.learners - 1}) as i`,
  );

  await step(
    `${size.learners * size.subscriptionsPerLearner} subscriptions`,
    sql`
    with numbered_exams as (select id, row_number() over (order by created_at) - 1 as n from exams where title <> 'Benchmark 100-question exam'),
         numbered_users as (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-%')
    insert into subscriptions (id, user_id, exam_id, start_date, end_date, auto_renew, is_free, created_at, updated_at)
    select gen_random_uuid(), u.id, e.id, now() - interval '10 days',
      case when (u.n + k) % 4 = 0 then now() - interval '1 day' else now() + interval '20 days' end, false, true, now(), now()
    from numbered_users u cross join generate_series(0, ${size.subscriptionsPerLearner - 1}) as k
    join numbered_exams e on e.n = (u.n * 7 + k * 3) % (select count(*) from numbered_exams)`,
  );

  await step(
    `benchmark learners subscribed to the 100-question exam`,
    sql`
    insert into subscriptions (id, user_id, exam_id, start_date, end_date, auto_renew, is_free, created_at, updated_at)
    select gen_random_uuid(), u.id, (select id from exams where title = 'Benchmark 100-question exam'), now(), now() + interval '30 days', false, true, now(), now()
    from users u where u.email in (select 'bench-' || i || '@example.com' from generate_series(0, ${BENCH_LEARNERS - 1}) as i)`,
  );

  await step(
    `${size.results} results`,
    sql`
    with learners as (select id, row_number() over (order by email) - 1 as n from users where email like 'bench-%'),
         some_exams as (select id, title, row_number() over (order by created_at) - 1 as n from exams limit 1000)
    insert into exam_results (id, user_id, exam_id, exam_title, correct_answers, total_questions, score, duration, questions, completed_at,
      responses_recorded, review_applied, item_counted)
    select gen_random_uuid(), l.id, e.id, e.title, (r % 51), 50, round((r % 51) * 2)::int, 600 + r % 1800,
      jsonb_build_array(jsonb_build_object('questionId', 'x', 'question', 'Snapshot question', 'choices', jsonb_build_array('A', 'B', 'C', 'D'), 'userAnswer', 'A', 'correctAnswer', 'B', 'isCorrect', false, 'explanation', 'Because.')),
      now() - (r || ' minutes')::interval,
      -- made-up snapshots (no real question ids): nothing for the per-question jobs to do
      true, true, true
    from generate_series(0, ${size.results - 1}) as r
    join learners l on l.n = r % ${size.learners}
    join some_exams e on e.n = r % 1000`,
  );

  // What autovacuum does on a live server: statistics, and the visibility map index-only scans need.
  await step('vacuum analyze', sql`vacuum analyze`);
}
