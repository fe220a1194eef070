import type { AppContext } from './context.ts';
import type { ScheduledJob } from './lib/jobs/job-queue.ts';
import type { WorkerLog } from './lib/mail/outbox-worker.ts';
import { runRenewals } from './modules/payments/renewals.service.ts';
import { renewFreeSubscriptions } from './modules/subscriptions/subscriptions.service.ts';
import {
  applyPendingResults,
  releaseMockResults,
  submitExpiredSittings,
} from './modules/attempts/attempts.service.ts';
import { rollUpPeers } from './modules/analytics/analytics.service.ts';
import { countNewSittings } from './modules/item-analysis/item-analysis.service.ts';
import { sketchQuestions } from './modules/admin-exams/admin-exams.service.ts';
import { sendMockReminders } from './modules/mocks/mocks.service.ts';

/**
 * The scheduled work of the platform (decision 0030), run by the job queue in `npm start` (or in
 * `npm run worker` for deployments that split it off). Every job reads the time from `ctx.clock`.
 */
export function scheduledJobs(ctx: AppContext, log: WorkerLog): ScheduledJob[] {
  return [
    // Reminders, charges, retries and reconciliation of paid renewals.
    { name: 'renewals', cron: '* * * * *', run: () => runRenewals(ctx, { log }) },
    // Free subscriptions with auto-renew on run another month when they end.
    { name: 'free-renewals', cron: '* * * * *', run: () => renewFreeSubscriptions(ctx) },
    // Timed sittings whose time is up are submitted with what was saved, browser or not (decision 0031).
    { name: 'expired-sittings', cron: '* * * * *', run: () => submitExpiredSittings(ctx) },
    // Scores the handed-in sittings of live mocks whose results are out (decision 0077).
    { name: 'mock-results', cron: '* * * * *', run: () => releaseMockResults(ctx) },
    // E-mails every learner who may sit a live mock the day before and the hour before it opens (0077).
    { name: 'mock-reminders', cron: '* * * * *', run: () => sendMockReminders(ctx) },
    // Peer figures (how learners answered each question) catch up with answers given since (decision 0035).
    { name: 'question-stats', cron: '* * * * *', run: () => rollUpPeers(ctx) },
    // New exam sittings are added to their exam's item analysis (decision 0036); the derived-results job
    // also counts them as soon as their rows are there.
    { name: 'item-analysis', cron: '* * * * *', run: () => countNewSittings(ctx) },
    // Questions written without a sketch of their text (the demo seed, older rows) get one (decision 0050).
    { name: 'question-sketches', cron: '* * * * *', run: () => sketchQuestions(ctx) },
    // What submitted results derive (decision 0075): per-question rows, standing, analytics, review cards
    // and item statistics. Also sent every few seconds while results wait (`DERIVED_RESULTS_POLL_MS` in
    // background.ts), so figures trail a submit by seconds; the schedule is the fallback.
    { name: DERIVED_RESULTS_JOB, cron: '* * * * *', run: () => applyDerivedResults(ctx) },
  ];
}

/** The job that applies what submitted results derive (decision 0075). */
export const DERIVED_RESULTS_JOB = 'derived-results';

/**
 * Everything a stored result derives, in the order each step needs the one before: per-question rows,
 * standing and analytics (one statement per batch), then review cards (a transaction per result), then
 * item statistics (one statement per batch). Each step claims its own flag on the result
 * (`responses_recorded`, `review_applied`, `item_counted`), so a run that stops anywhere leaves the rest
 * to the next and never applies anything twice. Returns how many results had their rows applied.
 */
export async function applyDerivedResults(ctx: AppContext): Promise<number> {
  const applied = await applyPendingResults(ctx);
  await countNewSittings(ctx);
  return applied;
}
