import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import { NotFoundError, ServiceUnavailableError, UnauthorizedError } from '../../lib/errors.ts';
import { joinClusterMetrics } from '../../lib/metrics/cluster-metrics.ts';
import { bearerMatches, EXPOSITION_CONTENT_TYPE } from '../../lib/metrics/metrics.ts';
import { METRICS_MESSAGES, METRICS_PATH } from './metrics.messages.ts';

/**
 * `GET /api/metrics`: the Prometheus exposition for operators (decision 0070). Not in the contract's route
 * table: it answers text, not JSON, to a scraper, not the web app, and its caller is neither a learner nor
 * an administrator but whoever holds METRICS_TOKEN. Without METRICS_TOKEN it does not exist (the same 404
 * as any unknown path); a wrong or missing token is a 401. In a cluster it covers every server process.
 */
export const metricsRoutes: FastifyPluginAsync<{ ctx: AppContext }> = async (app, { ctx }) => {
  const exposition = joinClusterMetrics(ctx.metrics.registry) ?? (() => ctx.metrics.exposition());
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.metrics.token;
    if (token === undefined) throw new NotFoundError(`Route GET ${METRICS_PATH} not found`);
    if (!bearerMatches(request.headers.authorization, token))
      throw new UnauthorizedError(METRICS_MESSAGES.wrongToken);
    let text: string;
    try {
      text = await exposition();
    } catch (error) {
      // In a cluster: the primary, or a process just starting, did not answer in time.
      request.log.warn({ err: error }, 'metrics could not be read');
      throw new ServiceUnavailableError(METRICS_MESSAGES.unavailable);
    }
    return reply.header('content-type', EXPOSITION_CONTENT_TYPE).send(text);
  });
};
