import { AggregatorRegistry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { valueOf } from '../../../test/metrics.ts';
import {
  bearerMatches,
  createMetrics,
  routeLabel,
  statusClass,
  UNMATCHED_ROUTE,
  type OperatorFigures,
} from './metrics.ts';

const FIGURES: OperatorFigures = {
  outboxBacklog: 3,
  outboxOldestAgeSeconds: 42,
  renewalsDue: 1,
  renewalsRetrying: 0,
  renewalsFailedLastDay: 2,
  renewalsInReview: 0,
  jobDepth: { renewals: 1 },
};

describe('metrics', () => {
  it('labels status classes and route patterns', () => {
    expect(statusClass(200)).toBe('2xx');
    expect(statusClass(304)).toBe('3xx');
    expect(statusClass(429)).toBe('4xx');
    expect(statusClass(503)).toBe('5xx');
    expect(statusClass(42)).toBe('other');
    expect(routeLabel('/api/exams/:id')).toBe('/api/exams/:id');
    expect(routeLabel(undefined)).toBe(UNMATCHED_ROUTE);
    expect(routeLabel('')).toBe(UNMATCHED_ROUTE);
  });

  it('accepts only `Bearer <the token>`', () => {
    const token = 'a-metrics-token-of-24-chars';
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer  ${token}`, token)).toBe(true);
    expect(bearerMatches(token, token)).toBe(false);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches('Bearer ', token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
  });

  it('reads the database figures once per period, whatever the number of gauges or scrapes', async () => {
    const metrics = createMetrics({ defaultMetrics: false, figuresTtlMs: 60_000 });
    let reads = 0;
    metrics.watchFigures(() => {
      reads += 1;
      return Promise.resolve(FIGURES);
    });
    const [first] = await Promise.all([metrics.exposition(), metrics.exposition(), metrics.exposition()]);
    await metrics.exposition();
    expect(reads).toBe(1);
    expect(valueOf(first, 'mlp_mail_outbox_backlog')).toBe(3);
    expect(valueOf(first, 'mlp_mail_outbox_oldest_age_seconds')).toBe(42);
    expect(valueOf(first, 'mlp_renewals_failed_last_day')).toBe(2);
    expect(valueOf(first, 'mlp_job_queue_depth{job="renewals"}')).toBe(1);
  });

  it('still answers when the database figures cannot be read, and counts that', async () => {
    const metrics = createMetrics({ defaultMetrics: false, figuresTtlMs: 0 });
    metrics.watchFigures(() => Promise.reject(new Error('connection refused')));
    metrics.watchPool(() => ({ total: 10, idle: 2, waiting: 5 }));
    const text = await metrics.exposition();
    expect(valueOf(text, 'mlp_figures_read_failures_total')).toBe(1);
    expect(valueOf(text, 'mlp_db_pool_connections{state="in_use"}')).toBe(8);
    expect(valueOf(text, 'mlp_db_pool_waiting')).toBe(5);
  });

  it('sums the processes of a cluster, but takes the database figures once', async () => {
    const processes = [createMetrics({ defaultMetrics: false }), createMetrics({ defaultMetrics: false })];
    for (const [index, metrics] of processes.entries()) {
      metrics.watchFigures(() => Promise.resolve(FIGURES));
      metrics.watchPool(() => ({ total: 4, idle: 1, waiting: index }));
      metrics.observeRequest('GET', '/api/exams/:id', 200, 0.02);
    }
    const registry = AggregatorRegistry.aggregate(
      await Promise.all(processes.map((metrics) => metrics.registry.getMetricsAsJSON())),
    );
    const text = await registry.metrics();
    expect(
      valueOf(text, 'mlp_http_requests_total{method="GET",route="/api/exams/:id",status_class="2xx"}'),
    ).toBe(2);
    expect(valueOf(text, 'mlp_db_pool_connections{state="in_use"}')).toBe(6);
    expect(valueOf(text, 'mlp_db_pool_waiting')).toBe(1);
    expect(valueOf(text, 'mlp_mail_outbox_backlog')).toBe(3);
    expect(valueOf(text, 'mlp_job_queue_depth{job="renewals"}')).toBe(1);
  });
});
