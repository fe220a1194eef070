import { z } from 'zod';

const booleanFromString = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { message: 'must be true or false' })
    .optional()
    .transform((value) => (value === undefined ? fallback : ['true', '1', 'yes'].includes(value)));

const optionalUrl = (protocols: RegExp, hint: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
    .refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
      message: `must be a URL like ${hint}`,
    });

const EnvSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { message: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0-65535')
      .max(65535, 'must be 0-65535')
      .default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://user:password@host:5432/database'),
    /**
     * where each process LISTENs for settings changes (decision 0071) when DATABASE_URL goes through a
     * pooler in transaction mode, which cannot carry LISTEN; unset = DATABASE_URL
     */
    DATABASE_LISTEN_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://user:password@host:5432/database'),
    DATA_DIR: z.string().min(1).default('./data'),
    /** connections each process keeps open to DATABASE_URL (docs/deployment.md has the sizing rule) */
    DATABASE_POOL_SIZE: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 200')
      .max(200, 'must be 1 to 200')
      .default(10),
    APP_URL: optionalUrl(/^https?:\/\//, 'https://learn.example.com'),
    APP_SECRET: z.string().optional(),
    /** production: the one-time code 'Create First Admin' asks for (decision 0067); derived from APP_SECRET when unset */
    ADMIN_SETUP_CODE: z.string().trim().min(12, 'must be at least 12 characters').optional(),
    SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtp://user:pass@smtp.example.com:587'),
    MAIL_FROM: z.string().min(3).default('Medical Learning Platform <no-reply@localhost>'),
    AI_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.openai.com/v1'),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
    PAYPAL_API_BASE: optionalUrl(/^https?:\/\//, 'https://api-m.sandbox.paypal.com'),
    REDIS_URL: optionalUrl(/^rediss?:\/\//, 'redis://127.0.0.1:6379'),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        message: 'must be a pino level (info, warn, …)',
      })
      .default('info'),
    SEED_DEMO: booleanFromString(true),
    /** true behind a reverse proxy that sets X-Forwarded-For (client IPs drive rate limits) */
    TRUST_PROXY: booleanFromString(false),
    /** Multiplies every rate limit; the browser tests raise it because every request comes from 127.0.0.1. */
    RATE_LIMIT_FACTOR: z.coerce.number().positive('must be a positive number').default(1),
    /** Worker poll interval for the mail outbox. */
    OUTBOX_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
    /**
     * How long a process keeps what many learners read alike before reading it again: a published course's
     * outline (decision 0053, addendum) and a page of a discussion (0056). 2000 ms; 0 in tests (which change
     * rows directly). A change made through this process shows at once.
     */
    READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).optional(),
    /**
     * Whether this process runs the background work (mail outbox, renewals, reminders) besides serving
     * HTTP. `npm run worker` runs it alone; set false on web processes of a deployment that runs one.
     */
    RUN_JOBS: booleanFromString(true),
    /** Browser tests only: endpoints that move the server's clock and run a job now. Refused in production. */
    TEST_HOOKS: booleanFromString(false),
    /**
     * How many server processes `npm start` runs on PORT (Node's cluster, decision 0045). Above 1 needs
     * PostgreSQL (DATABASE_URL): the embedded database belongs to one process.
     */
    WEB_CONCURRENCY: z.coerce
      .number({ message: 'must be a number' })
      .int('must be a whole number')
      .min(1, 'must be 1 to 32')
      .max(32, 'must be 1 to 32')
      .default(1),
    /**
     * Operators' Prometheus metrics (decision 0070): the bearer token `GET /api/metrics` asks for; unset,
     * that path answers 404. At least 24 characters.
     */
    METRICS_TOKEN: z
      .string()
      .optional()
      .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()))
      .refine((value) => value === undefined || value.length >= 24, {
        message: 'must be at least 24 characters',
      }),
    /** a second, internal port serving the metrics at `/metrics` (never expose it publicly); unset: none */
    METRICS_PORT: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z.coerce
        .number({ message: 'must be a number' })
        .int('must be a whole number')
        .min(1, 'must be 1-65535')
        .max(65535, 'must be 1-65535')
        .optional(),
    ),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && (env.APP_SECRET === undefined || env.APP_SECRET.length < 32)) {
      ctx.addIssue({
        code: 'custom',
        path: ['APP_SECRET'],
        message: 'is required in production (at least 32 characters)',
      });
    }
    if (env.NODE_ENV === 'production' && env.TEST_HOOKS) {
      ctx.addIssue({ code: 'custom', path: ['TEST_HOOKS'], message: 'must not be set in production' });
    }
    if (env.WEB_CONCURRENCY > 1 && env.DATABASE_URL === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['WEB_CONCURRENCY'],
        message: 'above 1 needs DATABASE_URL (PostgreSQL): the embedded database serves one process',
      });
    }
    if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
      ctx.addIssue({ code: 'custom', path: ['METRICS_PORT'], message: 'must differ from PORT' });
    }
    if (env.APP_SECRET !== undefined && env.APP_SECRET.length > 0 && env.APP_SECRET.length < 32) {
      ctx.addIssue({ code: 'custom', path: ['APP_SECRET'], message: 'must be at least 32 characters' });
    }
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** the LISTEN connection's address, when not DATABASE_URL (decision 0071) */
  databaseListenUrl: string | undefined;
  dataDir: string;
  databasePoolSize: number;
  appUrl: string;
  appSecret: string;
  adminSetupCode: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  ai: {
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
  };
  paypalApiBase: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  seedDemo: boolean;
  trustProxy: boolean;
  rateLimitFactor: number;
  outboxPollMs: number;
  readCacheMs: number;
  runJobs: boolean;
  testHooks: boolean;
  webConcurrency: number;
  metrics: { token: string | undefined; port: number | undefined };
}

/** Only used outside production, where APP_SECRET is optional. Never protects real data. */
const DEVELOPMENT_SECRET = 'development-only-secret-do-not-use-in-production-0000';

export class ConfigError extends Error {}

/**
 * The only reader of process.env. Throws a ConfigError whose message is one line naming the variable.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue?.path.join('.') ?? 'environment';
    const value = typeof issue?.path[0] === 'string' ? source[issue.path[0]] : undefined;
    const shown =
      value === undefined || /SECRET|KEY|PASSWORD|TOKEN|URL/.test(name) ? '' : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${shown}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    databaseListenUrl: env.DATABASE_LISTEN_URL,
    dataDir: env.DATA_DIR,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    appSecret: env.APP_SECRET && env.APP_SECRET.length > 0 ? env.APP_SECRET : DEVELOPMENT_SECRET,
    adminSetupCode: env.ADMIN_SETUP_CODE,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    ai: {
      baseUrl: env.AI_BASE_URL,
      apiKey: env.AI_API_KEY,
      model: env.AI_MODEL,
      timeoutMs: env.AI_TIMEOUT_MS,
    },
    paypalApiBase: env.PAYPAL_API_BASE,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    outboxPollMs: env.OUTBOX_POLL_MS,
    readCacheMs: env.READ_CACHE_MS ?? (env.NODE_ENV === 'test' ? 0 : 2000),
    runJobs: env.RUN_JOBS,
    testHooks: env.TEST_HOOKS,
    webConcurrency: env.WEB_CONCURRENCY,
    metrics: { token: env.METRICS_TOKEN, port: env.METRICS_PORT },
  };
}
