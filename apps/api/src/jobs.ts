import type { AppContext } from './context.ts';
import type { ScheduledJob } from './lib/jobs/job-queue.ts';
import type { WorkerLog } from './lib/mail/outbox-worker.ts';
import { runRenewals } from './modules/payments/renewals.service.ts';
import { renewFreeSubscriptions } from './modules/subscriptions/subscriptions.service.ts';
import {
  backfillResultResponses,
  releaseMockResults,
  submitExpiredSittings,
} from './modules/attempts/attempts.service.ts';
import { rollUpPeers } from './modules/analytics/analytics.service.ts';
import { applyPendingReviews } from './modules/reviews/reviews.service.ts';
import { countNewSittings } from './modules/item-analysis/item-analysis.service.ts';
import { sketchQuestions } from './modules/admin-exams/admin-exams.service.ts';

/**
 * The scheduled work of the platform (decision 0030), run by the job queue in `npm start` (or in
 * `npm run worker` for deployments that split it off). Every job reads the time from `ctx.clock`.
 */
export function scheduledJobs(ctx: AppContext, log: WorkerLog): ScheduledJob[] {
  let backfilled = false;
  return [
    // Reminders, charges, retries and reconciliation of paid renewals.
    { name: 'renewals', cron: '* * * * *', run: () => runRenewals(ctx, { log }) },
    // Free subscriptions with auto-renew on run another month when they end.
    { name: 'free-renewals', cron: '* * * * *', run: () => renewFreeSubscriptions(ctx) },
    // Timed sittings whose time is up are submitted with what was saved, browser or not (decision 0031).
    { name: 'expired-sittings', cron: '* * * * *', run: () => submitExpiredSittings(ctx) },
    // Scores the handed-in sittings of live mocks whose results are out (decision 0077).
    { name: 'mock-results', cron: '* * * * *', run: () => releaseMockResults(ctx) },
    // Peer figures (how learners answered each question) catch up with answers given since (decision 0035).
    { name: 'question-stats', cron: '* * * * *', run: () => rollUpPeers(ctx) },
    // New exam sittings are added to their exam's item analysis (decision 0036).
    { name: 'item-analysis', cron: '* * * * *', run: () => countNewSittings(ctx) },
    // Questions written without a sketch of their text (the demo seed, older rows) get one (decision 0050).
    { name: 'question-sketches', cron: '* * * * *', run: () => sketchQuestions(ctx) },
    // A result whose answers did not reach the review cards (the process stopped in between) gets there.
    { name: 'review-sweep', cron: '* * * * *', run: () => applyPendingReviews(ctx) },
    // Results from before study sittings (migration 0011) get their per-question rows, 20 batches a run until
    // none is left; results stored since have them already, so once done it stays done (checked again at each
    // start).
    {
      name: 'backfill-responses',
      cron: '* * * * *',
      run: async () => {
        for (let batch = 0; !backfilled && batch < 20; batch += 1) {
          if ((await backfillResultResponses(ctx)) === 0) backfilled = true;
        }
        return backfilled;
      },
    },
  ];
}
