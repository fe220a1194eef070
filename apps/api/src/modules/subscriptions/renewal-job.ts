import type { Db } from '../../db/client.ts';
import type { WorkerLog } from '../../lib/mail/outbox-worker.ts';
import { renewDueFreeSubscriptions } from './subscriptions.repository.ts';

/** Renews ended free subscriptions that have auto-renew on, once a minute (an idempotent update). */
export function startRenewalJob(db: Db, log: WorkerLog, intervalMs = 60_000): () => void {
  const run = () => {
    renewDueFreeSubscriptions(db).catch((error: unknown) =>
      log.error({ err: error }, 'free subscription renewal failed'),
    );
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
