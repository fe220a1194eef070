import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/*
 * The job queue (pg-boss, decision 0030) shared by two processes on one PostgreSQL server: runs only with
 * TEST_DATABASE_URL (files named *.pg.test.ts, see vitest.config.ts).
 */

const silent = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the job queue');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function queueOn(database: Database, run: () => Promise<unknown>): JobQueue {
  const queue = createJobQueue({
    database,
    jobs: [{ name: 'tick', cron: '* * * * *', run }],
    log: silent,
    pollSeconds: 0.5,
  });
  cleanups.push(() => queue.stop());
  return queue;
}

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
    const [a, b] = [queueOn(database, job), queueOn(second, job)];
    await a.start();
    await b.start();
    for (let i = 0; i < 6; i += 1) await (i % 2 ? a : b).runSoon('tick');
    await until(() => runs >= 2 && running === 0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(most).toBe(1);
  });
});
