import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { scheduledJobs } from '../../jobs.ts';
import { endpointServer } from '../../plugins/endpoints.ts';

/**
 * api.testHooks.*: only registered with TEST_HOOKS=true, which the configuration refuses in production.
 * The browser tests move the server's clock forward and run a scheduled job at once instead of waiting
 * for its schedule (decision 0030): move the clock, see the renewed end date.
 */
export const testHookRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const clock = ctx.movableClock;
  if (!ctx.config.testHooks || ctx.config.isProduction || !clock) return;
  const serve = endpointServer(app, ctx);
  serve('testHooks', 'clock', ({ body }) => {
    clock.advance(body.advanceMs);
    return { now: clock.now().toISOString() };
  });
  serve('testHooks', 'runJob', async ({ params }) => {
    const job = scheduledJobs(ctx, app.log).find((candidate) => candidate.name === params.name);
    if (!job) throw new NotFoundError(`No scheduled job named ${params.name}`);
    return { name: job.name, result: await job.run() };
  });
};
