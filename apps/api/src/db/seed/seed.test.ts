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
});
