import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { queryRows } from '../../../test/factories.ts';
import { migrationsFolder } from '../client.ts';
import { questions } from '../schema/index.ts';
import { demoExams } from './demo-content.ts';
import { seedDemoContentIfEmpty } from './seed.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
});

async function topicCounts() {
  return queryRows<{ title: string; topics: string[]; with_topic: number }>(
    database.db,
    sql`select e.title, e.topics, count(q.topic)::int as with_topic from exams e
        join questions q on q.exam_id = e.id group by e.id order by e.title`,
  );
}

describe('demo content', () => {
  it('seeds topics, and migration 0012 gives them to installations seeded before topics existed', async () => {
    expect(await seedDemoContentIfEmpty(database.db)).toBe(true);
    const seeded = await topicCounts();
    expect(seeded).toHaveLength(demoExams.length);
    for (const row of seeded)
      expect(row.with_topic).toBe(demoExams.find((e) => e.title === row.title)!.questions.length);

    // As an older installation had them: no topics anywhere.
    await database.db.execute(sql`update questions set topic = null`);
    await database.db.execute(sql`update exams set topics = '[]'::jsonb`);
    const file = readdirSync(migrationsFolder).find((name) => name.startsWith('0012_'))!;
    for (const statement of readFileSync(path.join(migrationsFolder, file), 'utf8').split(
      '--> statement-breakpoint',
    )) {
      await database.executeSql(statement);
    }
    expect(await topicCounts()).toEqual(seeded);
  });

  it('seeds what each question teaches: its rationales, objective and references', async () => {
    // Seeded here or by the test above; a second call finds the catalogue and leaves it alone.
    await seedDemoContentIfEmpty(database.db);
    const rows = await database.db
      .select({
        question: questions.question,
        rationales: questions.rationales,
        objective: questions.objective,
        references: questions.references,
      })
      .from(questions);
    const expected = demoExams.flatMap((exam) => exam.questions);
    expect(rows).toHaveLength(expected.length);
    const byText = new Map(rows.map((row) => [row.question, row]));
    for (const question of expected) {
      expect(byText.get(question.question), question.question).toEqual({
        question: question.question,
        rationales: question.rationales,
        objective: question.objective,
        references: question.references,
      });
    }
  });

  it('marks the demo samples, 2 or 3 an exam, so the exam pages have questions to try (decision 0061)', async () => {
    await seedDemoContentIfEmpty(database.db);
    const rows = await queryRows<{ question: string }>(
      database.db,
      sql`select question from questions where is_sample order by question`,
    );
    const expected = demoExams
      .flatMap((exam) => exam.samples.map((index) => exam.questions[index]!.question))
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    expect(rows.map((row) => row.question).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(2 * demoExams.length);
  });

  it('seeds two published courses from the demo articles and exams, one drawing on a paid exam, once', async () => {
    await seedDemoContentIfEmpty(database.db);
    const courses = () =>
      queryRows<{ title: string; status: string; units: number; paid: boolean }>(
        database.db,
        sql`select c.title, c.status, count(u.id)::int as units, coalesce(bool_or(e.price_pence > 0), false) as paid
            from courses c join course_units u on u.course_id = c.id left join exams e on e.id = u.exam_id
            group by c.id order by c.title`,
      );
    const seeded = await courses();
    expect(seeded).toEqual([
      {
        title: 'Adult nursing: sepsis and the deteriorating patient',
        status: 'published',
        units: 3,
        paid: true,
      },
      { title: 'Clinical medicine: a guided start', status: 'published', units: 5, paid: false },
    ]);
    // Every practice unit's topics hold enough approved questions for its size (else starting it fails).
    const shortfalls = await queryRows<{ title: string }>(
      database.db,
      sql`select u.title from course_units u where u.kind = 'practice' and u.size > (
            select count(*) from questions q where q.exam_id = u.exam_id and q.approval_status = 'approved'
              and q.topic in (select jsonb_array_elements_text(u.topics)))`,
    );
    expect(shortfalls).toEqual([]);

    expect(await seedDemoContentIfEmpty(database.db)).toBe(false);
    expect(await courses()).toEqual(seeded);
    // An installation seeded before courses existed (none yet, the demo catalogue there) gets them.
    await database.db.execute(sql`delete from courses`);
    expect(await seedDemoContentIfEmpty(database.db)).toBe(true);
    expect(await courses()).toEqual(seeded);
  });

  it('seeds a few discussions under two articles and a question, with replies, votes and a team reply, once', async () => {
    await seedDemoContentIfEmpty(database.db);
    const threads = () =>
      queryRows<{ place: string; comments: number; replies: number; team: number; helpful: number }>(
        database.db,
        sql`select coalesce(a.title, 'question') as place,
              count(*) filter (where c.parent_id is null)::int as comments,
              count(*) filter (where c.parent_id is not null)::int as replies,
              count(*) filter (where c.team_name is not null)::int as team,
              sum(c.helpful)::int as helpful
            from comments c left join articles a on a.id = c.article_id
            group by 1 order by 1`,
      );
    const seeded = await threads();
    expect(seeded).toHaveLength(3);
    expect(seeded.every((thread) => thread.comments > 0)).toBe(true);
    expect(seeded.reduce((sum, thread) => sum + thread.team, 0)).toBe(1);
    // The votes stored are the counts shown.
    const [votes] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from comment_votes`,
    );
    expect(votes!.n).toBe(seeded.reduce((sum, thread) => sum + thread.helpful, 0));
    // Members post under display names and cannot sign in.
    const members = await queryRows<{ display_name: string; password_hash: string }>(
      database.db,
      sql`select p.display_name, u.password_hash from community_profiles p join users u on u.id = p.user_id`,
    );
    expect(members.map((member) => member.password_hash)).toEqual(['!', '!', '!']);

    expect(await seedDemoContentIfEmpty(database.db)).toBe(false);
    expect(await threads()).toEqual(seeded);
  });
});
