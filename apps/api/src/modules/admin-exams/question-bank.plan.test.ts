import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { planOf as planOfQuery, type PlanNode } from '../../../test/plans.ts';
import { questionPage, questionStatusCounts, type QuestionListFilters } from './admin-exams.repository.ts';

/*
 * Decision 0043: the question list reads one exam's questions through an index, never the whole table,
 * measured on a bank of 5,000 questions among 25,000 (five exams). EXPLAIN ANALYZE of these queries is
 * what the decision's figures come from (PGlite here by default, PostgreSQL with TEST_DATABASE_URL).
 */

const t = useTestApp({ NODE_ENV: 'development' });
const EXAM_IDS = [1, 2, 3, 4, 5].map((n) => `0190f3a2-0000-7000-8000-00000000000${n}`);
const BIG = EXAM_IDS[0]!;
const admin = useAdmin(t);

beforeAll(async () => {
  const db = t.ctx.db;
  await db.execute(sql`insert into exams (id, title, category, number_of_questions)
    select id::uuid, 'Bank ' || id, 'medical', 50 from unnest(${sql.raw(`array['${EXAM_IDS.join("','")}']`)}) as id`);
  // Questions in creation order; every other one an AI draft, a third of those pending, a third rejected.
  await db.execute(sql`insert into questions
      (id, exam_id, question, options, correct_answer, explanation, topic, is_ai_generated, approval_status, created_at)
    select gen_random_uuid(), (${sql.raw(`array['${EXAM_IDS.join("','")}']`)})[1 + i % 5]::uuid,
      'Question ' || i || ': which finding suggests ' ||
        (array['aortic stenosis', 'heart failure', 'pneumonia', 'sepsis'])[1 + i % 4] || '?',
      jsonb_build_array('Option A' || i, 'Option B' || i, 'Option C' || i, 'Option D' || i), i % 4,
      'Because ' || i, (array['Cardiology', 'Respiratory', null])[1 + i % 3], i % 2 = 0,
      case when i % 2 = 0 then (array['pending', 'approved', 'rejected'])[1 + (i / 2) % 3] else 'approved' end,
      timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(1, 25000) as i`);
  await db.execute(sql`analyze questions`);
}, 120_000);

/** The plan of the query on this test's database. */
function planOf(query: SQLWrapper): Promise<PlanNode[]> {
  return planOfQuery(t.ctx.db, query);
}

const FILTERS: Array<[string, QuestionListFilters]> = [
  ['no filter', {}],
  ['current', { status: 'current' }],
  ['pending AI drafts', { status: 'pending', author: 'ai' }],
  ['a topic and two words', { status: 'current', topic: 'Cardiology', search: 'heart failure' }],
];

describe('the question list on a 5,000-question exam', () => {
  it.each(FILTERS)('reads only that exam through an index (%s)', async (_label, filters) => {
    for (const query of [
      questionPage(t.ctx.db, BIG, filters, { limit: 25, offset: 100 }),
      questionStatusCounts(t.ctx.db, BIG, filters),
    ]) {
      const plan = await planOf(query);
      expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
      expect(plan.some((node) => node['Index Name']?.startsWith('questions_exam'))).toBe(true);
    }
  });

  it('answers a filtered page of it', async () => {
    const response = await t.request({
      method: 'GET',
      url: `/api/admin/exams/${BIG}/questions?status=current&topic=Cardiology&search=heart%20failure&page=2`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ total: number; questions: Array<{ question: string; number: number }> }>();
    // The exam holds every fifth i; heart failure is i % 4 = 1 and Cardiology i % 3 = 0: i = 45 + 60k,
    // odd, so hand-written (current): 416 of them up to 25,000.
    expect(page.total).toBe(416);
    expect(page.questions).toHaveLength(25);
    for (const question of page.questions) expect(question.question).toContain('heart failure');
    const numbers = page.questions.map((q) => q.number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
  });
});
