import { sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import { planOf as planOfQuery, type PlanNode } from '../../../test/plans.ts';
import { queryRows } from '../../../test/factories.ts';
import { categoryPageQuery, countPublishedQuery, publishedCategoriesQuery } from './exams.repository.ts';

/*
 * Decision 0057: the catalogue by category reads one category's exams, and the list of categories, through
 * `exams_published_category` (migration 0026), never the whole table: 20,000 exams in 12 categories (one
 * of them rare) and a fifth of them drafts.
 */

const t = useTestApp({ NODE_ENV: 'development' });
const CATEGORIES = [
  'Cardiology',
  'medical',
  'nursing',
  'pharmacy',
  'other',
  'Surgery',
  'Paediatrics',
  'Psychiatry',
  'Renal',
  'Respiratory',
  'Obstetrics',
];

beforeAll(async () => {
  await t.ctx.db.execute(sql`insert into exams (id, title, description, category, number_of_questions,
      is_active, created_at)
    select gen_random_uuid(), 'Exam ' || i, 'About exam ' || i,
      case when i % 1000 = 1 then 'Rare Topic'
           else (${sql.raw(`array['${CATEGORIES.join("','")}']`)})[1 + i % ${CATEGORIES.length}] end,
      10, i % 5 <> 0, timestamptz '2026-01-01' + i * interval '1 second'
    from generate_series(1, 20000) as i`);
  await t.ctx.db.execute(sql`analyze exams`);
}, 120_000);

/** The plan of the query on this test's database. */
function planOf(query: SQLWrapper): Promise<PlanNode[]> {
  return planOfQuery(t.ctx.db, query);
}

function expectCategoryIndexOnly(plan: PlanNode[]) {
  expect(plan.filter((node) => node['Node Type'] === 'Seq Scan')).toEqual([]);
  expect(plan.some((node) => node['Index Name'] === 'exams_published_category')).toBe(true);
}

describe('the catalogue by category on 20,000 exams', () => {
  it.each([
    ['a common category, page 1', 'cardiology', 0],
    ['a common category, page 20', 'NURSING', 380],
    ['a rare category', 'rare topic', 0],
  ])('reads %s through the category index', async (_label, category, offset) => {
    expectCategoryIndexOnly(await planOf(categoryPageQuery(t.ctx.db, category, 20, offset)));
    expectCategoryIndexOnly(await planOf(countPublishedQuery(t.ctx.db, { category, search: '' })));
  });

  it('finds the categories one index probe each, not by reading every exam', async () => {
    expectCategoryIndexOnly(await planOf(publishedCategoriesQuery()));
    const rows = await queryRows<{ category: string }>(t.ctx.db, publishedCategoriesQuery());
    expect(rows.map((row) => row.category)).toEqual(
      [...CATEGORIES, 'Rare Topic'].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
  });
});
