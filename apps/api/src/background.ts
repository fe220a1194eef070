import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { DERIVED_RESULTS_JOB, scheduledJobs } from './jobs.ts';
import { resultsToApply } from './modules/attempts/attempts.service.ts';
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
  const stopPolling = pollForResults(ctx, queue, log);
  return async () => {
    stopPolling();
    await queue.stop();
    await ctx.outbox.stop();
  };
}

/**
 * How often a process running the jobs looks for submitted results waiting for what they derive (decision
 * 0075). With pg-boss's own poll of 2 s, a result's rows, analytics and review cards trail its submit by
 * about 5 s when the job keeps up.
 */
export const DERIVED_RESULTS_POLL_MS = 2_000;

/**
 * Sends the `derived-results` job whenever results wait: a look at two partial indexes every
 * DERIVED_RESULTS_POLL_MS, and a send only when something is there (the job's queue is stately, so a send
 * while one run waits adds nothing). Submits need not know where the jobs run (this process, another one,
 * a separate worker). Returns what stops it.
 */
function pollForResults(
  ctx: AppContext,
  queue: { runSoon(name: string): Promise<void> },
  log: WorkerLog,
): () => void {
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    resultsToApply(ctx)
      .then((waiting) => (waiting ? queue.runSoon(DERIVED_RESULTS_JOB) : undefined))
      .catch((error: unknown) => log.error({ err: error }, 'derived results: could not look for results'))
      .finally(() => {
        busy = false;
      });
  }, DERIVED_RESULTS_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
