import type { FastifyInstance } from 'fastify';
import { routeLabel, type AppMetrics } from '../lib/metrics/metrics.ts';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/**
 * Counts and times every answer by method, the route's pattern (`/api/exams/:id`, never the raw URL: its
 * ids would make a series each) and status class (decision 0070). Register on the root instance, before
 * the routes, so every route and the not-found answer are seen.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', (request, reply, done) => {
    const method = METHODS.has(request.method) ? request.method : 'other';
    // A request no route matched (a 404) has no pattern; it is counted as `unmatched`.
    const pattern = request.is404 ? undefined : request.routeOptions.url;
    metrics.observeRequest(method, routeLabel(pattern), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
