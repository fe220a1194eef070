import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { LogStream } from '../src/lib/logging.ts';
import { createTestApp, type TestApp } from './app.ts';
import { createAdmin, type Admin, type AdminInput } from './factories.ts';
import { startFakeAi, type FakeAi } from './fake-ai.ts';
import { startFakePaypal, type FakePaypal } from './fake-paypal.ts';
import { startSmtpServer, type TestSmtpServer } from './smtp.ts';

// What a test file starts once, declared at its top: `const t = useTestApp();`. These live apart from
// the fakes themselves because the browser tests' global setup starts the fakes outside Vitest.

/**
 * Something one test file starts once and stops at its end (the app, a fake server), declared at the top
 * of the file: `start` runs in a `beforeAll` hook and `stop` in an `afterAll` hook. Vitest runs after-all
 * hooks in the reverse order (`sequence.hooks: 'stack'`), so a fixture declared later (the app) stops
 * before one declared earlier (the fake server it talks to), and a later fixture's `start` may read an
 * earlier one.
 *
 * The value returned stands in for the started thing: reads, writes and `in` go through to it. Use it
 * inside tests and hooks; before `start` has run it throws.
 */
export function fileFixture<T extends object>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
  /** 'test': started afresh before each test of the file and stopped after it */
  scope: 'file' | 'test' = 'file',
): T {
  let started: T | undefined;
  (scope === 'file' ? beforeAll : beforeEach)(async () => {
    started = await start();
  });
  (scope === 'file' ? afterAll : afterEach)(async () => {
    if (started) await stop(started);
    started = undefined;
  });
  const current = (): T => {
    if (!started) throw new Error('a file fixture is used before its beforeAll hook has started it');
    return started;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(current(), key) as unknown,
    set: (_, key, value) => Reflect.set(current(), key, value),
    has: (_, key) => Reflect.has(current(), key),
  });
}

/**
 * The real app for the tests of one file: built before the first test and closed after the last. `env`
 * may be a function, read when the app is built, to point the app at a fake server declared before it.
 * `scope: 'test'` builds a new app (a new database, a clock at now) for each test, for tests that move the
 * clock and measure from the real one.
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  { scope = 'file', ...options }: { logStream?: LogStream; scope?: 'file' | 'test' } = {},
): TestApp {
  return fileFixture(
    () => createTestApp(typeof env === 'function' ? env() : env, options),
    (testApp) => testApp.close(),
    scope,
  );
}

/**
 * An administrator (`createAdmin`: an Owner unless `overrides` say otherwise) made once for the tests of a
 * file, on its app: declared after `useTestApp`, so the app is built first. Nothing to stop: the app's
 * database goes with the app.
 */
export function useAdmin(t: TestApp, overrides: AdminInput = {}): Admin {
  return fileFixture(
    () => createAdmin(t, overrides),
    () => Promise.resolve(),
  );
}

/** A fake PayPal for the tests of one file. */
export function useFakePaypal(): FakePaypal {
  return fileFixture(
    () => startFakePaypal(),
    (fake) => fake.close(),
  );
}

/** A fake AI server for the tests of one file, answering well ('good') at the start of every test. */
export function useFakeAi(): FakeAi {
  const fake = fileFixture(startFakeAi, (started) => started.close());
  beforeEach(() => {
    fake.mode = 'good';
    fake.opinion = undefined;
  });
  return fake;
}

/** A real SMTP server for the tests of one file, keeping every mail it receives. */
export function useSmtpServer(): TestSmtpServer {
  return fileFixture(
    () => startSmtpServer(),
    (server) => server.close(),
  );
}
