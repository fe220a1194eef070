import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { queueOn, until, useCleanups } from './job-queue-test-helpers.ts';
import { isPgBossRejection } from './job-queue.ts';

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

  it("survives pg-boss's unawaited completion failing (the database unreachable), and only that", async () => {
    // The stack pg-boss's unawaited complete() leaves when the pool times out (exam-day bench).
    const completion = new Error('timeout exceeded when trying to connect');
    completion.stack = `Error: timeout exceeded when trying to connect
    at /app/node_modules/pg-pool/index.js:45:11
    at async Object.executeSql (file:///app/apps/api/dist/server.js:1109:24)
    at async Manager.complete (/app/node_modules/pg-boss/src/manager.js:485:20)`;
    expect(isPgBossRejection(completion)).toBe(true);
    // The filter knows pg-boss by where its code lives; an upgrade that moved it (to dist/, say) would turn
    // the filter off without a word, so this fails instead.
    const installed = new Error('from pg-boss');
    installed.stack = `Error: from pg-boss\n    at complete (${fileURLToPath(import.meta.resolve('pg-boss'))}:1:1)`;
    expect(isPgBossRejection(installed)).toBe(true);
    expect(isPgBossRejection(new Error('a bug of ours'))).toBe(false);
    expect(isPgBossRejection('not an error')).toBe(false);

    database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const before = process.listenerCount('unhandledRejection');
    const queue = queueOn(cleanups, database, async () => undefined);
    await queue.start();
    expect(process.listenerCount('unhandledRejection')).toBe(before + 1);
    await queue.stop();
    expect(process.listenerCount('unhandledRejection')).toBe(before);
  });

  it('keeps the filter for a run that outlasts the stop, so its late end does not end the process', async () => {
    database = await createTestDatabase();
    cleanups.push(() => database.destroy());
    const before = process.listenerCount('unhandledRejection');
    const logged: Array<{ level: 'warn' | 'error'; message: string }> = [];
    // Called as the queue calls a pino logger: the fields, then the message.
    const keep =
      (level: 'warn' | 'error') =>
      (...args: unknown[]) =>
        void logged.push({ level, message: String(args[1]) });
    const log = { warn: keep('warn'), error: keep('error'), info: () => undefined, debug: () => undefined };
    let began = false;
    let finish: (() => void) | undefined;
    const queue = queueOn(
      cleanups,
      database,
      async () => {
        began = true;
        await new Promise<void>((resolve) => (finish = resolve));
        // The database closed under it, as at shutdown: the run fails after the stop.
        throw new Error('Cannot use a pool after calling end on the pool');
      },
      { stopTimeoutMs: 300, log },
    );
    await queue.start();
    await until(() => began);
    await queue.stop();
    // Stopped, with the run still going: pg-boss will record its end through the stopped connection.
    expect(process.listenerCount('unhandledRejection')).toBe(before + 1);
    finish!();
    // Its failure is recorded through the stopped connection (pg-boss cannot read the empty answer): a
    // rejection the filter logs. Without the filter, Node would end the test process here.
    await until(() => process.listenerCount('unhandledRejection') === before, 5_000);
    // Expected at a shutdown, so warnings, not errors for an operator to look into.
    expect(logged).toContainEqual({
      level: 'warn',
      message: 'scheduled job cut off by the shutdown; it runs again',
    });
    expect(logged.filter((entry) => entry.level === 'error')).toEqual([]);
  });
});
