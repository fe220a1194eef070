import { describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { openDatabase } from '../../db/client.ts';
import { queueOn, until, useCleanups } from './job-queue-test-helpers.ts';

/*
 * The job queue (pg-boss, decision 0030) shared by two processes on one PostgreSQL server: runs only with
 * TEST_DATABASE_URL (files named *.pg.test.ts, see vitest.config.ts).
 */

const cleanups = useCleanups();

describe('job queue on PostgreSQL', () => {
  let database: TestDatabase;

  it('never runs one job twice at once across two processes sharing a PostgreSQL database', async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    // A second process: its own connection pool to the same database.
    const second = await openDatabase({ databaseUrl: database.url!, poolSize: 3 });
    cleanups.push(() => second.close());
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 300));
      running -= 1;
      runs += 1;
    };
    const [a, b] = [queueOn(cleanups, database, job), queueOn(cleanups, second, job)];
    await a.start();
    await b.start();
    for (let i = 0; i < 6; i += 1) await (i % 2 ? a : b).runSoon('tick');
    await until(() => runs >= 2 && running === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(most).toBe(1);
  });
});
