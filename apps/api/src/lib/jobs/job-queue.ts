import PgBoss from 'pg-boss';
import type { Database } from '../../db/client.ts';
import type { WorkerLog } from '../mail/outbox-worker.ts';

/**
 * A piece of scheduled work (decision 0030): a name, a cron schedule and what to do. The handler reads
 * the time from the app's clock, so what it decides is testable without waiting for the schedule.
 */
export interface ScheduledJob {
  name: string;
  /** five-field cron, in UTC */
  cron: string;
  run(): Promise<unknown>;
}

export interface JobQueue {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** queues one run of a job now (a deployment's first run, the browser tests' hooks) */
  runSoon(name: string): Promise<void>;
}

/** The queue's tables live in their own schema, beside ours, migrated by pg-boss itself. */
export const JOB_SCHEMA = 'pgboss';

/**
 * pg-boss records a finished job without awaiting it (its worker's `onFetch` calls `complete`/`fail` and
 * moves on), so when the database cannot be reached at that moment (a pool time-out on exam day, seen in
 * the exam-day bench) the rejection is unhandled and Node ends the process. Such a rejection is only
 * logged: the job stays active, expires and runs again, and every job is a claim that tolerates that.
 */
export function isPgBossRejection(reason: unknown): boolean {
  return (
    reason instanceof Error &&
    typeof reason.stack === 'string' &&
    /[\\/]pg-boss[\\/]src[\\/]/.test(reason.stack)
  );
}

/**
 * Scheduled work on pg-boss (decision 0030): a PostgreSQL-backed queue with cron schedules, retries and
 * queue policies that hold across processes. Each job has a `stately` queue (at most one run waiting and
 * one running, in all processes together) fed by a cron schedule that only one process emits. pg-boss
 * talks to our database through `executeSql`, so the same code runs on PGlite (one in-process
 * connection) and on a PostgreSQL server (our pool).
 */
export function createJobQueue(options: {
  database: Database;
  jobs: ScheduledJob[];
  log: WorkerLog;
  /** how often an idle worker asks for work (seconds) */
  pollSeconds?: number;
  /** told of each finished run (the operators' metrics, decision 0070) */
  onRunFinished?: (job: string, outcome: 'completed' | 'failed') => void;
  /** how long `stop()` waits for runs in flight before it returns (they go on; see `stop`) */
  stopTimeoutMs?: number;
}): JobQueue {
  const { database, jobs, log } = options;
  // Once stopped, pg-boss's statements no longer reach the database: a finished job it records without
  // awaiting after `stop()` (the database may already be closed by then, and the rejection filter gone)
  // is left active, expires and runs again, as when the database is unreachable.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: (text, values) =>
        stopped ? Promise.resolve({ rows: [] }) : database.executeSql(text, values),
    },
    schema: JOB_SCHEMA,
    // Completed and failed runs are kept a week for support, then deleted by pg-boss's maintenance.
    deleteAfterDays: 7,
    archiveCompletedAfterSeconds: 3600,
  });
  boss.on('error', (error: unknown) => log.error({ err: error }, 'job queue error'));
  let started = false;
  // Runs in flight. One may outlast `stop()` (a long derived-results batch at shutdown): pg-boss records its
  // end after it, through the stopped connection, so the rejection filter stays until the last has ended.
  let running = 0;
  const removeFilter = () => process.off('unhandledRejection', onUnhandledRejection);
  const onUnhandledRejection = (reason: unknown) => {
    if (isPgBossRejection(reason)) {
      // After the stop this is expected (the run outlasted it): a warning, not an error to look into.
      (stopped ? log.warn : log.error)(
        { err: reason },
        'job queue: a finished job could not be recorded; it runs again when it expires',
      );
      return;
    }
    // Anything else keeps Node's default: the process ends with the error.
    setImmediate(() => {
      throw reason;
    });
  };

  return {
    async start() {
      stopped = false;
      await boss.start();
      started = true;
      process.on('unhandledRejection', onUnhandledRejection);
      for (const job of jobs) {
        await boss.createQueue(job.name, { name: job.name, policy: 'stately', retryLimit: 0 });
        await boss.work(job.name, { pollingIntervalSeconds: options.pollSeconds ?? 2 }, async () => {
          running += 1;
          try {
            await job.run();
          } catch (error) {
            // A run that outlasted the stop fails as the database closes under it: expected at a shutdown.
            if (stopped)
              log.warn({ err: error, job: job.name }, 'scheduled job cut off by the shutdown; it runs again');
            else log.error({ err: error, job: job.name }, 'scheduled job failed; the next run tries again');
            options.onRunFinished?.(job.name, 'failed');
            throw error;
          } finally {
            running -= 1;
            // pg-boss records the end once this returns: the filter goes a moment after the last run.
            if (stopped && running === 0) setTimeout(removeFilter, 1_000).unref();
          }
          options.onRunFinished?.(job.name, 'completed');
        });
        await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
        // The first run does not wait for the schedule (a restart after a long stop catches up at once).
        await boss.send(job.name, {});
      }
    },
    async stop() {
      if (!started) return;
      started = false;
      await boss.stop({ graceful: true, wait: true, timeout: options.stopTimeoutMs ?? 10_000 });
      stopped = true;
      if (running === 0) removeFilter();
    },
    async runSoon(name) {
      if (!jobs.some((job) => job.name === name)) throw new Error(`no scheduled job named ${name}`);
      await boss.send(name, {});
    },
  };
}
