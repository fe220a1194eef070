import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract/routes';
import { useTestApp } from '../../../test/fixtures.ts';
import { createExam, createLearner, queryRows } from '../../../test/factories.ts';
import { subscriptions } from '../../db/schema/index.ts';

const t = useTestApp({ NODE_ENV: 'development' });

describe('catalogue', () => {
  it('lists only published exams, newest first, 20 a page, with pages and totals', async () => {
    const base = Date.now() - 100_000;
    for (let i = 0; i < 23; i += 1)
      await createExam(t.ctx.db, { title: `Catalogue ${i}`, createdAt: new Date(base + i * 1000) });
    await createExam(t.ctx.db, { title: 'Hidden draft', isActive: false, createdAt: new Date() });
    const first = (await t.call(api.exams.published)).body;
    expect(first.totalExams).toBe(23);
    expect(first.pages).toBe(2);
    expect(first.exams).toHaveLength(20);
    expect(first.exams[0]?.title).toBe('Catalogue 22');
    expect(first.exams.map((e) => e.title)).not.toContain('Hidden draft');
    const second = (await t.call(api.exams.published, { query: { page: 2, limit: 20 } })).body;
    expect(second.exams.map((e) => e.title)).toEqual(['Catalogue 2', 'Catalogue 1', 'Catalogue 0']);
  });

  it('deep pages (read from remembered page keys) match the plain order exactly, ties and microseconds included', async () => {
    // 260 more published exams: pairs share a timestamp (the id breaks the tie), and neighbours differ by
    // microseconds only, which a JavaScript Date would lose.
    await t.ctx.db.execute(sql`
      insert into exams (id, title, description, category, price_pence, number_of_questions, is_active, created_at)
      select gen_random_uuid(), 'Deep ' || n, 'Deep page exam', 'medical', 0, 1, n % 13 <> 0,
             timestamptz '2020-01-01' + ((n / 2) * interval '1 microsecond')
      from generate_series(1, 260) as n`);
    t.ctx.caches.catalogue.clear();
    const expected = (
      await queryRows<{ id: string }>(
        t.ctx.db,
        sql`select id::text as id from exams where is_active order by created_at desc, id desc`,
      )
    ).map((row) => row.id);
    expect(expected.length).toBeGreaterThan(240);
    const seen: string[] = [];
    const pages = Math.ceil(expected.length / 20);
    for (let page = 1; page <= pages + 1; page += 1) {
      const listing = (await t.call(api.exams.published, { query: { page, limit: 20 } })).body;
      expect(listing.totalExams).toBe(expected.length);
      seen.push(...listing.exams.map((exam) => exam._id));
    }
    expect(seen).toEqual(expected);

    // A common term (most of the catalogue) takes the ordered walk; a rare one the trigram index.
    const deep = (
      await queryRows<{ id: string }>(
        t.ctx.db,
        sql`select id::text as id from exams where is_active and description = 'Deep page exam'
            order by created_at desc, id desc`,
      )
    ).map((row) => row.id);
    const common = (await t.call(api.exams.published, { query: { search: 'DEEP PAGE', page: 3, limit: 20 } }))
      .body;
    expect(common.totalExams).toBe(deep.length);
    expect(common.exams.map((exam) => exam._id)).toEqual(deep.slice(40, 60));
    const rare = (await t.call(api.exams.published, { query: { search: 'deep 118' } })).body;
    expect(rare.exams.map((exam) => exam.title)).toEqual(['Deep 118']);

    // After a change the keys are worked out again: unpublish the first exam of page 12.
    const moved = expected[11 * 20]!;
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${moved}`);
    t.ctx.caches.catalogue.clear();
    const page12 = (await t.call(api.exams.published, { query: { page: 12, limit: 20 } })).body;
    expect(page12.exams.map((exam) => exam._id)).toEqual(
      expected.filter((id) => id !== moved).slice(11 * 20, 12 * 20),
    );
  });

  it('searches title, description and category, case-insensitively', async () => {
    await createExam(t.ctx.db, { title: 'Renal Physiology Drill', description: 'Kidney work' });
    await createExam(t.ctx.db, { title: 'Other', description: 'All about NEPHRONS', category: 'medical' });
    await createExam(t.ctx.db, { title: 'Ward skills', category: 'nursing' });
    const byTitle = (await t.call(api.exams.published, { query: { search: 'renal PHYSIOLOGY' } })).body;
    expect(byTitle.exams.map((e) => e.title)).toEqual(['Renal Physiology Drill']);
    const byDescription = (await t.call(api.exams.published, { query: { search: 'nephron' } })).body;
    expect(byDescription.totalExams).toBe(1);
    const byCategory = (await t.call(api.exams.published, { query: { search: 'NURSING' } })).body;
    expect(byCategory.exams.map((e) => e.title)).toEqual(['Ward skills']);
    const wildcard = (await t.call(api.exams.published, { query: { search: '%%' } })).body;
    expect(wildcard.totalExams).toBe(0);
  });

  it.each(['page=0', 'page=-1', 'page=abc', 'limit=0', 'limit=51', 'limit=2.5'])(
    'refuses a bad page or limit (%s)',
    async (query) => {
      const response = await t.send(api.exams.published, {
        query: Object.fromEntries(new URLSearchParams(query)),
      });
      expect(response.statusCode).toBe(400);
      expect(typeof response.message).toBe('string');
    },
  );

  it('shows the public fields of a published exam, and 404 for drafts and unknown ids', async () => {
    const exam = await createExam(t.ctx.db, { title: 'Priced', pricePence: 499, numberOfQuestions: 5 }, 5);
    const response = await t.call(api.exams.detail, { params: { id: exam.id } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({
      _id: exam.id,
      title: 'Priced',
      price: 4.99,
      numberOfQuestions: 5,
      category: 'medical',
    });
    expect(JSON.stringify(response.body)).not.toMatch(/correctAnswer|explanation|options|questions/);
    const draft = await createExam(t.ctx.db, { isActive: false });
    expect((await t.call(api.exams.detail, { params: { id: draft.id } })).statusCode).toBe(404);
    expect(
      (await t.call(api.exams.detail, { params: { id: '0190f0c4-0000-7000-8000-000000000000' } })).statusCode,
    ).toBe(404);
    expect((await t.call(api.exams.detail, { params: { id: 'not-an-id' } })).statusCode).toBe(404);
  });

  it("lists the learner's actively subscribed exams", async () => {
    const learner = await createLearner(t);
    const active = await createExam(t.ctx.db, { title: 'Mine' });
    const expired = await createExam(t.ctx.db, { title: 'Was mine' });
    const now = Date.now();
    await t.ctx.db.insert(subscriptions).values([
      {
        userId: learner.id,
        examId: active.id,
        isFree: true,
        startDate: new Date(now - 1000),
        endDate: new Date(now + 86_400_000),
      },
      {
        userId: learner.id,
        examId: expired.id,
        isFree: true,
        startDate: new Date(now - 86_400_000 * 40),
        endDate: new Date(now - 1000),
      },
    ]);
    const response = await t.call(api.exams.mine, { as: learner });
    expect(response.body.exams.map((e) => e.title)).toEqual(['Mine']);
    expect((await t.call(api.exams.mine)).statusCode).toBe(401);
  });
});
