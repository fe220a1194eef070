import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the machine's cores: one worker on a 2-core machine, which
    // left a core idle (`npm test` alone: 388 s on one core, 239 s on two, the same CPU time). Decision 0082.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          // Each project a group of its own (see `sequence` below the projects' list).
          sequence: { groupOrder: 0 },
          include: ['apps/api/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server (TEST_DATABASE_URL): CI's PostgreSQL stage runs them.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'],
          setupFiles: ['apps/api/test/setup.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // The app's modules load once per worker, not per file (decision 0052); each file still has a
          // database and an app of its own (test/fixtures.ts).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          sequence: { groupOrder: 1 },
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          exclude: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          // CI runs the browser journeys beside these tests for part of the run (decision 0052): a form test of
          // 5 s alone can take four times that on the shared 2-core machine.
          testTimeout: 30_000,
          // One jsdom and one module graph per worker, not per file (decision 0052): test/setup.ts cleans up
          // after every test (DOM, storage, stubbed globals, timers).
          isolate: false,
        },
      },
      {
        // A file that replaces a module (vi.mock) runs in a worker of its own, so the stand-in never leaks.
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          sequence: { groupOrder: 2 },
          include: ['apps/web/src/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The web app's build tooling (vite.config.ts's plugins, the page shells' server render): Node code.
        test: {
          name: 'web-build',
          environment: 'node',
          sequence: { groupOrder: 3 },
          include: ['apps/web/build/**/*.test.{ts,tsx}'],
          // Node code like the API's: the same setup, a console.error (React's server renderer reports
          // through it) fails the test.
          setupFiles: ['apps/api/test/setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
