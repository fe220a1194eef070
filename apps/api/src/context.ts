import type { Config } from './config/env.ts';
import { createMailer } from './lib/mail/mailer.ts';
import { createOutboxWorker } from './lib/mail/outbox-worker.ts';
import { createRateLimiter } from './lib/rate-limiter.ts';
import { PaypalClient } from './lib/paypal/client.ts';
import { AiClient } from './lib/ai/client.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import type { Database, Db } from './db/client.ts';
import { createArticleListCache, type ArticleListCache } from './modules/articles/articles.repository.ts';
import { createCatalogueCache, type CatalogueCache } from './modules/exams/exams.repository.ts';
import type { Mailer } from './lib/mail/mailer.ts';
import type { OutboxWorker } from './lib/mail/outbox-worker.ts';
import type { RateLimiter } from './lib/rate-limiter.ts';
import { movableClock, systemClock, type Clock, type MovableClock } from './lib/clock.ts';
import { createMetrics, type AppMetrics } from './lib/metrics/metrics.ts';
import { readOperatorFigures } from './modules/metrics/metrics.service.ts';

/** What services need from the outside world, passed in explicitly (easy to build in tests). */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  mailer: Mailer;
  outbox: OutboxWorker;
  limiter: RateLimiter;
  settings: SettingsService;
  paypal: PaypalClient;
  ai: AiClient;
  /** short-lived list caches, this app's own (decision 0028: no per-process globals) */
  caches: { catalogue: CatalogueCache; articles: ArticleListCache };
  /** where scheduled work reads the time (decision 0030); movable only in tests and with TEST_HOOKS */
  clock: Clock;
  /** the clock's handle when it can be moved (tests, TEST_HOOKS), else undefined */
  movableClock: MovableClock | undefined;
  /** this process's Prometheus metrics for operators (decision 0070) */
  metrics: AppMetrics;
}

/** Wires the context from configuration and an open database. `settingsTtlMs` 0 disables the cache. */
export function createAppContext(
  config: Config,
  database: Database,
  options: { settingsTtlMs?: number; clock?: MovableClock } = {},
): AppContext {
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  const movable = options.clock ?? (config.testHooks ? movableClock() : undefined);
  const settings = new SettingsService(database, config.appSecret, options.settingsTtlMs);
  // On PostgreSQL every process hears every other's settings writes at once (decision 0071).
  settings.startListening();
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    outbox: createOutboxWorker({ db: database.db, mailer, pollMs: config.outboxPollMs }),
    limiter: createRateLimiter({ redisUrl: config.redisUrl, factor: config.rateLimitFactor }),
    settings,
    paypal: new PaypalClient(config.paypalApiBase),
    ai: new AiClient(config.ai),
    caches: { catalogue: createCatalogueCache(), articles: createArticleListCache() },
    clock: movable ?? systemClock,
    movableClock: movable,
    // Node's own figures (memory, event-loop delay) start observers never stopped: not in tests' many apps.
    metrics: createMetrics({
      defaultMetrics: config.env !== 'test',
      // Tests read the outbox right after writing it; elsewhere a scrape storm reads the database once per 5 s.
      ...(config.env === 'test' ? { figuresTtlMs: 0 } : {}),
    }),
  };
  const pool = database.poolStats?.bind(database);
  if (pool) ctx.metrics.watchPool(pool);
  ctx.metrics.watchFigures(() => readOperatorFigures(ctx));
  return ctx;
}

/** Stops what the context started (worker, mail transport, rate-limit store, settings listener). */
export async function closeAppContext(ctx: AppContext): Promise<void> {
  await ctx.outbox.stop();
  await ctx.settings.close();
  ctx.mailer.close();
  await ctx.limiter.close();
}
