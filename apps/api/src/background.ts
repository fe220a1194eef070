import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { scheduledJobs } from './jobs.ts';
import { createJobQueue } from './lib/jobs/job-queue.ts';
import type { WorkerLog } from './lib/mail/outbox-worker.ts';

/**
 * The background work of a process (decision 0030): the mail outbox and the scheduled jobs on pg-boss.
 * `npm start` runs it beside the web server unless RUN_JOBS=false; `npm run worker` runs only this.
 * Both are safe with several processes: outbox rows and job runs are claimed in the database.
 */
export async function startBackgroundWork(
  ctx: AppContext,
  database: Database,
  log: WorkerLog,
): Promise<() => Promise<void>> {
  // Without SMTP nothing can be delivered; queued mail waits until SMTP_URL is set.
  if (ctx.config.smtpUrl) ctx.outbox.start();
  const queue = createJobQueue({
    database,
    jobs: scheduledJobs(ctx, log),
    log,
    onRunFinished: (job, outcome) => ctx.metrics.recordJobRun(job, outcome),
  });
  await queue.start();
  return async () => {
    await queue.stop();
    await ctx.outbox.stop();
  };
}
