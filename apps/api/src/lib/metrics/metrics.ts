import { createHash, timingSafeEqual } from 'node:crypto';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/*
 * What operators scrape (decision 0070): Prometheus metrics of one process, in a registry of its own (no
 * per-process globals, decision 0028). Requests are counted by the route's pattern (`/api/exams/:id`), never
 * the raw URL, so the number of series stays bounded whatever clients send. Figures that need the database
 * (the outbox, renewals, the job queue) are gauges read at scrape time through `watchFigures`.
 */

/** Seconds: a fast read is a few ms, a slow export or an AI call several seconds (the request time-out is 30 s). */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/** The route label of a request Fastify matched to no route (unknown paths, their 404s). */
export const UNMATCHED_ROUTE = 'unmatched';

/** `2xx`, `4xx`, `5xx`…; anything odd is `other`. */
export function statusClass(status: number): string {
  return Number.isInteger(status) && status >= 100 && status < 600
    ? `${Math.floor(status / 100)}xx`
    : 'other';
}

/** A route pattern as a label: the pattern Fastify matched, or `unmatched` when none did. */
export function routeLabel(pattern: string | undefined): string {
  return pattern === undefined || pattern === '' ? UNMATCHED_ROUTE : pattern;
}

/**
 * Whether the Authorization header carries `Bearer <token>`, compared in constant time: both sides are
 * hashed first, so neither the length nor the content of the token leaks through timing.
 */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(.+)$/i.exec(header ?? '');
  const given = createHash('sha256')
    .update(match?.[1]?.trim() ?? '')
    .digest();
  const expected = createHash('sha256').update(token).digest();
  return timingSafeEqual(given, expected) && match !== null;
}

export type JobOutcome = 'completed' | 'failed';

/** What the database-backed gauges show, read by `watchFigures`' reader at most once per cache period. */
export interface OperatorFigures {
  outboxBacklog: number;
  /** seconds since the oldest queued mail was queued; 0 with none */
  outboxOldestAgeSeconds: number;
  renewalsDue: number;
  renewalsRetrying: number;
  renewalsFailedLastDay: number;
  renewalsInReview: number;
  /** runs waiting per job name; undefined when the job queue's tables are not there yet */
  jobDepth: Record<string, number> | undefined;
}

export interface PoolFigures {
  total: number;
  idle: number;
  waiting: number;
}

export interface AdmissionFigures {
  running: number;
  waiting: number;
}

export interface AppMetrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
  recordJobRun(job: string, outcome: JobOutcome): void;
  /** the PostgreSQL pool's counts (node-postgres), read at scrape time */
  watchPool(read: () => PoolFigures): void;
  /** the embedded database's admission queue (decision 0046), read at scrape time */
  watchAdmission(read: () => AdmissionFigures): void;
  /** the database-backed figures, read at scrape time */
  watchFigures(read: () => Promise<OperatorFigures>): void;
  /** the exposition text of this process */
  exposition(): Promise<string>;
}

/**
 * Gauges that read the database show the same value in every process: across a cluster they are combined
 * with `max` (the same figure, not N times it). Counters, histograms and the pool's gauges are summed.
 */
const SAME_IN_EVERY_PROCESS = 'max' as const;

/** How long the database-backed figures are kept before a scrape reads them again. */
export const FIGURES_TTL_MS = 5_000;

export function createMetrics(options: { defaultMetrics?: boolean; figuresTtlMs?: number } = {}): AppMetrics {
  const registry = new Registry();
  if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'mlp_' });
  const registers = [registry];

  const requests = new Counter({
    name: 'mlp_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: ['method', 'route', 'status_class'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'mlp_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const jobRuns = new Counter({
    name: 'mlp_job_runs_total',
    help: 'Scheduled job runs finished by this process, by job and outcome (completed or failed)',
    labelNames: ['job', 'outcome'] as const,
    registers,
  });

  let readPool: (() => PoolFigures) | undefined;
  new Gauge({
    name: 'mlp_db_pool_connections',
    help: 'PostgreSQL pool connections of this process by state: in_use, idle (open, free)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!readPool) return;
      const pool = readPool();
      this.set({ state: 'in_use' }, pool.total - pool.idle);
      this.set({ state: 'idle' }, pool.idle);
    },
  });
  new Gauge({
    name: 'mlp_db_pool_waiting',
    help: 'Queries of this process waiting for a free PostgreSQL pool connection',
    registers,
    collect() {
      if (readPool) this.set(readPool().waiting);
    },
  });

  let readAdmission: (() => AdmissionFigures) | undefined;
  new Gauge({
    name: 'mlp_admission_requests',
    help: 'Embedded database only: API requests being processed (running) and waiting for their turn (waiting)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      if (!readAdmission) return;
      const admission = readAdmission();
      this.set({ state: 'running' }, admission.running);
      this.set({ state: 'waiting' }, admission.waiting);
    },
  });

  let readFigures: (() => Promise<OperatorFigures>) | undefined;
  const readFailures = new Counter({
    name: 'mlp_figures_read_failures_total',
    help: 'Scrapes whose database-backed figures (outbox, renewals, job queue) could not be read',
    registers,
    // waits for this scrape's read, so a scrape shows its own failure
    async collect() {
      await figures();
    },
  });
  // One read of the database serves every gauge of a scrape (prom-client collects them one by one) and every
  // scrape for `figuresTtlMs`: a scrape storm reads the database once per period at most.
  const ttlMs = options.figuresTtlMs ?? FIGURES_TTL_MS;
  let cached: { value: OperatorFigures; expiresAt: number } | undefined;
  let pending: Promise<OperatorFigures | undefined> | undefined;
  const figures = (): Promise<OperatorFigures | undefined> => {
    if (cached && cached.expiresAt > Date.now()) return Promise.resolve(cached.value);
    if (!readFigures) return Promise.resolve(undefined);
    pending ??= readFigures()
      .then((value) => {
        cached = { value, expiresAt: Date.now() + ttlMs };
        return value;
      })
      // The database unreachable: the scrape still answers (the request and pool figures matter most
      // then); these gauges keep their last value and the failure is counted.
      .catch(() => {
        readFailures.inc();
        return undefined;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  const figureGauge = (name: string, help: string, pick: (value: OperatorFigures) => number) =>
    new Gauge({
      name,
      help,
      aggregator: SAME_IN_EVERY_PROCESS,
      registers,
      async collect() {
        const value = await figures();
        if (value) this.set(pick(value));
      },
    });
  figureGauge(
    'mlp_mail_outbox_backlog',
    'Mails queued in the outbox and not yet sent (capped at 100000)',
    (value) => value.outboxBacklog,
  );
  figureGauge(
    'mlp_mail_outbox_oldest_age_seconds',
    'How long the oldest queued mail has waited to be sent; 0 when none waits',
    (value) => value.outboxOldestAgeSeconds,
  );
  figureGauge(
    'mlp_renewals_due',
    'Renewal charges whose time has come and that no runner has taken yet',
    (value) => value.renewalsDue,
  );
  figureGauge(
    'mlp_renewals_retrying',
    'Renewals whose charge failed and will be tried again',
    (value) => value.renewalsRetrying,
  );
  figureGauge(
    'mlp_renewals_failed_last_day',
    'Renewals that failed for good (every try refused) in the last 24 hours',
    (value) => value.renewalsFailedLastDay,
  );
  figureGauge(
    'mlp_renewals_in_review',
    'Renewals whose charge outcome is unclear and waits for support',
    (value) => value.renewalsInReview,
  );
  new Gauge({
    name: 'mlp_job_queue_depth',
    help: 'Scheduled job runs waiting in the job queue, by job',
    labelNames: ['job'] as const,
    aggregator: SAME_IN_EVERY_PROCESS,
    registers,
    async collect() {
      const value = await figures();
      if (!value?.jobDepth) return;
      this.reset();
      for (const [job, depth] of Object.entries(value.jobDepth)) this.set({ job }, depth);
    },
  });

  return {
    registry,
    observeRequest(method, route, status, seconds) {
      requests.inc({ method, route, status_class: statusClass(status) });
      duration.observe({ method, route }, seconds);
    },
    recordJobRun(job, outcome) {
      jobRuns.inc({ job, outcome });
    },
    watchPool(read) {
      readPool = read;
    },
    watchAdmission(read) {
      readAdmission = read;
    },
    watchFigures(read) {
      readFigures = read;
    },
    exposition: () => registry.metrics(),
  };
}

/** The content type of the exposition (Prometheus text format 0.0.4). */
export const EXPOSITION_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;
