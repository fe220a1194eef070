import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { seedDemoContentIfEmpty } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { loggerOptions, type LogStream } from './lib/logging.ts';
import { closeAppContext, createAppContext, type AppContext } from './context.ts';
import { startBackgroundWork } from './background.ts';
import { runCluster } from './cluster.ts';
import { announceSetupCode } from './modules/admins/admins.service.ts';
import { startMetricsPort } from './lib/metrics/metrics-port.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const WEB_DIST_DIR = path.resolve(here, '../../web/dist');

export interface RunningServer {
  app: FastifyInstance;
  ctx: AppContext;
  url: string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** where the JSON log lines go instead of stdout (server-level tests read them) */
  logStream?: LogStream;
}

/** Opens the database, migrates, seeds (outside production), and listens. */
export async function startServer(config: Config, options: StartOptions = {}): Promise<RunningServer> {
  let logPoolError = (error: Error): void => {
    process.stderr.write(`database connection error: ${error.message}\n`);
  };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    listenUrl: config.databaseListenUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
    onPoolError: (error) => logPoolError(error),
  });
  let migrated = false;
  try {
    // Several processes may start at once (WEB_CONCURRENCY, several hosts): one migrates and seeds at a time.
    await database.startupLock(async () => {
      await database.migrate();
      migrated = true;
      if (!config.isProduction && config.seedDemo) await seedDemoContentIfEmpty(database.db);
    });
  } catch (error) {
    await database.close().catch(() => undefined);
    if (migrated) throw error;
    // Drizzle wraps the driver's error ("Failed query: …"); the cause says what actually went wrong.
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    const reason = (cause instanceof Error ? cause.message : String(cause)).split('\n')[0] ?? 'unknown error';
    throw new ConfigError(
      config.databaseUrl
        ? `Cannot use the database at DATABASE_URL: ${reason}`
        : `Cannot open the embedded database in DATA_DIR (${config.dataDir}): ${reason}`,
    );
  }
  const ctx = createAppContext(config, database);
  const app = await buildApp({
    ctx,
    logger: loggerOptions(config, options.logStream),
    webDistDir: WEB_DIST_DIR,
  });
  ctx.outbox.setLogger(app.log);
  ctx.settings.setLogger(app.log);
  logPoolError = (error) => {
    app.log.warn({ err: error }, 'database connection error');
  };
  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    await closeAppContext(ctx);
    await database.close();
    const code = (error as NodeJS.ErrnoException).code;
    throw new ConfigError(
      code === 'EADDRINUSE'
        ? `PORT ${config.port} is already in use; stop the other server or set PORT`
        : `Cannot listen on ${config.host}:${config.port}: ${(error as Error).message}`,
    );
  }
  let stopBackground = async (): Promise<void> => undefined;
  if (config.runJobs) {
    try {
      // pg-boss creates its queues (tables) at start: two processes starting at once deadlocked doing it.
      stopBackground = await database.startupLock(() => startBackgroundWork(ctx, database, app.log));
    } catch (error) {
      await app.close();
      await closeAppContext(ctx);
      await database.close();
      throw error;
    }
  }
  // The internal metrics port (decision 0070); in a cluster the primary serves it for every process.
  let stopMetricsPort = async (): Promise<void> => undefined;
  if (config.metrics.port !== undefined && !cluster.isWorker) {
    try {
      const metricsPort = await startMetricsPort({
        port: config.metrics.port,
        host: config.host,
        token: config.metrics.token,
        exposition: () => ctx.metrics.exposition(),
        onError: (error) => app.log.warn({ err: error }, 'metrics could not be read'),
      });
      stopMetricsPort = () => metricsPort.close();
    } catch (error) {
      await stopBackground();
      await app.close();
      await closeAppContext(ctx);
      await database.close();
      throw new ConfigError(
        `Cannot listen on METRICS_PORT ${config.metrics.port}: ${(error as Error).message}`,
      );
    }
  }
  // One process of a cluster says it; every process accepts the same code (decision 0067).
  if (!cluster.isWorker || cluster.worker?.id === 1) await announceSetupCode(ctx, app.log);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let stopping: Promise<void> | undefined;
  return {
    app,
    ctx,
    url: `http://localhost:${port}`,
    stop() {
      // Stop accepting, let in-flight requests finish, then close the database.
      stopping ??= (async () => {
        // Jobs finish their run while requests drain; then the context and the database close.
        await Promise.all([stopBackground(), app.close(), stopMetricsPort()]);
        await closeAppContext(ctx);
        await database.close();
      })();
      return stopping;
    },
  };
}

async function main(): Promise<void> {
  let server: RunningServer;
  try {
    const config = loadConfig();
    if (config.webConcurrency > 1 && cluster.isPrimary) {
      runCluster(config);
      return;
    }
    server = await startServer(config);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // In a cluster the primary says when all its processes are ready (cluster.ts).
  server.app.log.info(
    cluster.isWorker
      ? `Server process ${process.pid} is serving ${server.url}`
      : `Medical Learning Platform is ready at ${server.url}`,
  );
  const shutdown = (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => {
      server.app.log.error('shutdown took longer than 15 s; exiting');
      process.exit(1);
    }, 15_000);
    force.unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
