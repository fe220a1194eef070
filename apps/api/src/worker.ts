import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { startBackgroundWork } from './background.ts';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { closeAppContext, createAppContext } from './context.ts';
import { openDatabase } from './db/client.ts';
import { loggerOptions, type LogStream } from './lib/logging.ts';
import { startMetricsPort } from './lib/metrics/metrics-port.ts';

/**
 * `npm run worker`: the background work alone (mail outbox, renewals, reminders; decision 0030), for
 * deployments whose web processes run with RUN_JOBS=false. Several workers may run at once: each job run
 * and each mail is claimed in the database. With the embedded database only one process can open it, so
 * `npm start` runs this work itself there.
 */
export async function startWorker(config: Config, options: { logStream?: LogStream } = {}) {
  const log = pino(loggerOptions(config, options.logStream) as pino.LoggerOptions);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => log.warn({ err: error }, 'database connection error'),
  });
  try {
    await database.startupLock(() => database.migrate());
  } catch (error) {
    await database.close().catch(() => undefined);
    throw new ConfigError(`Cannot migrate the database: ${(error as Error).message.split('\n')[0] ?? ''}`);
  }
  const ctx = createAppContext(config, database);
  ctx.outbox.setLogger(log);
  ctx.settings.setLogger(log);
  // pg-boss creates its queues (tables) at start: one process at a time (see server.ts).
  const stopBackground = await database.startupLock(() => startBackgroundWork(ctx, database, log));
  // Its job runs and failures are counted here, so a worker serves them on METRICS_PORT (decision 0070).
  const metricsPort =
    config.metrics.port === undefined
      ? undefined
      : await startMetricsPort({
          port: config.metrics.port,
          host: config.host,
          token: config.metrics.token,
          exposition: () => ctx.metrics.exposition(),
          onError: (error) => log.warn({ err: error }, 'metrics could not be read'),
        }).catch(async (error: unknown) => {
          await stopBackground();
          await closeAppContext(ctx);
          await database.close();
          throw new ConfigError(
            `Cannot listen on METRICS_PORT ${config.metrics.port}: ${(error as Error).message}`,
          );
        });
  log.info('Medical Learning Platform worker is running (mail outbox and scheduled jobs)');
  let stopping: Promise<void> | undefined;
  return {
    log,
    ctx,
    stop() {
      stopping ??= (async () => {
        await Promise.all([stopBackground(), metricsPort?.close()]);
        await closeAppContext(ctx);
        await database.close();
      })();
      return stopping;
    },
  };
}

async function main(): Promise<void> {
  let worker: Awaited<ReturnType<typeof startWorker>>;
  try {
    worker = await startWorker(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const shutdown = (signal: string) => {
    worker.log.info(`${signal} received, stopping the worker`);
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    worker.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
