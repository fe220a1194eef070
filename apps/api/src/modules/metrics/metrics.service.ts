import type { AppContext } from '../../context.ts';
import { JOB_SCHEMA } from '../../lib/jobs/job-queue.ts';
import type { OperatorFigures } from '../../lib/metrics/metrics.ts';
import { outboxFigures, renewalFigures } from './metrics.repository.ts';

/**
 * Runs waiting per job (0 included) in pg-boss's tables (decision 0030), through its partial index on
 * waiting runs (`job_i5`, state < 'active'); undefined before the job queue has created its tables.
 */
async function jobDepth(ctx: AppContext): Promise<Record<string, number> | undefined> {
  const present = await ctx.database.executeSql(`select to_regclass($1) is not null as present`, [
    `${JOB_SCHEMA}.job`,
  ]);
  if (present.rows[0]?.present !== true) return undefined;
  const { rows } = await ctx.database.executeSql(
    `select q.name, count(j.id)::int as depth from ${JOB_SCHEMA}.queue q
       left join ${JOB_SCHEMA}.job j on j.name = q.name and j.state < 'active'
      group by q.name`,
  );
  return Object.fromEntries(rows.map((row) => [String(row.name), Number(row.depth)]));
}

/** What the database-backed gauges show at one scrape (cached by the metrics for a few seconds). */
export async function readOperatorFigures(ctx: AppContext): Promise<OperatorFigures> {
  const now = ctx.clock.now();
  const outbox = await outboxFigures(ctx.db);
  const renewals = await renewalFigures(ctx.db, now);
  return {
    outboxBacklog: outbox.backlog,
    outboxOldestAgeSeconds: outbox.oldestQueuedAt
      ? Math.max(0, (now.getTime() - outbox.oldestQueuedAt.getTime()) / 1000)
      : 0,
    renewalsDue: renewals.due,
    renewalsRetrying: renewals.retrying,
    renewalsFailedLastDay: renewals.failedLastDay,
    renewalsInReview: renewals.inReview,
    jobDepth: await jobDepth(ctx),
  };
}
