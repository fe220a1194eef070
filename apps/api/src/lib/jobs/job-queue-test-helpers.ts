import { afterEach } from 'vitest';
import type { Database } from '../../db/client.ts';
import type { WorkerLog } from '../mail/outbox-worker.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

/** What the job-queue tests share: a silent log, clean-up after each test, a wait, a one-job queue. */

const silent = {
  warn: () => undefined,
  error: () => undefined,
  info: () => undefined,
  debug: () => undefined,
};

/** Clean-ups run after each test, last first; call once at the top of a test file. */
export function useCleanups(): Array<() => Promise<void>> {
  const cleanups: Array<() => Promise<void>> = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()!();
  });
  return cleanups;
}

export async function until(condition: () => boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the job queue');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A queue with one job, 'tick', every minute, polled twice a second; stopped after the test. */
export function queueOn(
  cleanups: Array<() => Promise<void>>,
  database: Database,
  run: () => Promise<unknown>,
  options: { stopTimeoutMs?: number; log?: WorkerLog } = {},
): JobQueue {
  const queue = createJobQueue({
    database,
    jobs: [{ name: 'tick', cron: '* * * * *', run }],
    log: silent,
    pollSeconds: 0.5,
    ...options,
  });
  cleanups.push(() => queue.stop());
  return queue;
}
