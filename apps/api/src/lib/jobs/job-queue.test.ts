import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import type { Database } from '../../db/client.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/*
 * The job queue (pg-boss, decision 0030) on the database the tests run on: PGlite by default, the
 * PostgreSQL server with TEST_DATABASE_URL.
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

describe('job queue', () => {
  let database: TestDatabase;

  it('runs a job at start (no waiting for its schedule), on request, and again after a failure', async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    let runs = 0;
    let failOnce = true;
    const queue = queueOn(database, async () => {
      runs += 1;
      if (runs === 2 && failOnce) {
        failOnce = false;
        throw new Error('a failing run');
      }
    });
    await queue.start();
    await until(() => runs === 1);
    await queue.runSoon('tick');
    await until(() => runs === 2);
    // The failed run does not stop the queue: the next one runs.
    await queue.runSoon('tick');
    await until(() => runs === 3);
    await expect(queue.runSoon('nope')).rejects.toThrow('no scheduled job named nope');
    const schedules = await database.executeSql(`select name, cron from pgboss.schedule`);
    expect(schedules.rows).toEqual([{ name: 'tick', cron: '* * * * *' }]);
  });
});
