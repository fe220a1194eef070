import { describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { queueOn, until, useCleanups } from './job-queue-test-helpers.ts';

/*
 * The job queue (pg-boss, decision 0030) on the database the tests run on: PGlite by default, the
 * PostgreSQL server with TEST_DATABASE_URL.
 */

const cleanups = useCleanups();

describe('job queue', () => {
  let database: TestDatabase;

  it('runs a job at start (no waiting for its schedule), on request, and again after a failure', async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    let runs = 0;
    let failOnce = true;
    const queue = queueOn(cleanups, database, async () => {
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
