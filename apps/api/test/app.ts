import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig, type Config } from '../src/config/env.ts';
import { closeAppContext, createAppContext, type AppContext } from '../src/context.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
  /** inject with a JSON body; returns the response with `json()` typed loosely */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

/** The real app on a database of its own. `env` overrides configuration variables. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://app.test', ...env });
  const database = await createTestDatabase();
  const ctx = createAppContext(config, database, { settingsTtlMs: 0 });
  const app = await buildApp({ ctx });
  await app.ready();
  return {
    app,
    ctx,
    database,
    config,
    request: (options) => app.inject(options),
    async close() {
      await app.close();
      await closeAppContext(ctx);
      await database.destroy();
    },
  };
}
