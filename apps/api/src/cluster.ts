import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config/env.ts';
import { loggerOptions } from './lib/logging.ts';
import { aggregateClusterMetrics } from './lib/metrics/cluster-metrics.ts';
import { startMetricsPort } from './lib/metrics/metrics-port.ts';

/** Exits in this window of time mean a process cannot start: the primary stops instead of looping. */
const CRASH_WINDOW_MS = 60_000;
const CRASHES_ALLOWED = 5;

/**
 * `WEB_CONCURRENCY` above 1 (decision 0045): this process becomes the primary of a Node cluster and
 * runs that many server processes on one port (the primary hands connections out in turn). The API keeps
 * nothing that matters in memory (sessions, rate limits with REDIS_URL, attempts, the mail outbox and the
 * job queue are in PostgreSQL or Redis), so any process may answer any request. One process runs the mail
 * outbox and the scheduled jobs (the others would only poll the same rows); a process that dies is
 * replaced, with its duties. SIGTERM or SIGINT stops every process gracefully, then the primary.
 */
export function runCluster(config: Config): void {
  const log = pino(loggerOptions(config) as pino.LoggerOptions);
  const count = config.webConcurrency;
  if (!config.redisUrl)
    log.warn(
      `${count} processes without REDIS_URL: each process counts rate limits on its own, so a limit allows up to ${count} times as many requests`,
    );
  const indexOf = new Map<Worker, number>();
  const crashes: number[] = [];
  let listening = 0;
  let stopping = false;
  let exitCode = 0;

  const fork = (index: number) => {
    const worker = cluster.fork({
      WORKER_INDEX: String(index),
      RUN_JOBS: index === 0 && config.runJobs ? 'true' : 'false',
    });
    indexOf.set(worker, index);
  };

  cluster.on('listening', (_worker, address) => {
    listening += 1;
    if (listening === count)
      log.info(`Medical Learning Platform is ready at http://localhost:${address.port} (${count} processes)`);
  });

  cluster.on('exit', (worker, code, signal) => {
    const index = indexOf.get(worker) ?? 0;
    indexOf.delete(worker);
    if (stopping) {
      if (indexOf.size === 0) process.exit(exitCode);
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    if (crashes.length >= CRASHES_ALLOWED) {
      log.error(`server processes keep stopping (${crashes.length} in a minute); giving up`);
      stop(1);
      return;
    }
    log.error(
      `server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another in its place`,
    );
    setTimeout(() => fork(index), 1000).unref();
  });

  const stop = (code: number) => {
    stopping = true;
    exitCode = code;
    const force = setTimeout(() => {
      log.error('the server processes took longer than 20 s to stop; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    if (indexOf.size === 0) process.exit(code);
    for (const worker of indexOf.keys()) worker.process.kill('SIGTERM');
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      log.info(`${signal} received, stopping ${indexOf.size} server processes`);
      stop(0);
    });

  // Decision 0070: the server processes' /api/metrics and the internal port show the whole cluster.
  const exposition = aggregateClusterMetrics();
  if (config.metrics.port !== undefined) {
    startMetricsPort({
      port: config.metrics.port,
      host: config.host,
      token: config.metrics.token,
      exposition,
      onError: (error) => log.warn({ err: error }, 'metrics could not be read'),
    }).catch((error: unknown) => {
      log.error({ err: error }, `cannot listen on METRICS_PORT ${config.metrics.port}; stopping`);
      stop(1);
    });
  }

  for (let index = 0; index < count; index += 1) fork(index);
}
