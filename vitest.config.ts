import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          // *.pg.test.ts need a PostgreSQL server (TEST_DATABASE_URL): CI's PostgreSQL stage runs them.
          exclude: process.env.TEST_DATABASE_URL ? [] : ['**/*.pg.test.ts'],
          setupFiles: ['apps/api/test/setup.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // The web app's build tooling (vite.config.ts's plugins, the page shells' server render): Node code.
        test: {
          name: 'web-build',
          environment: 'node',
          include: ['apps/web/build/**/*.test.{ts,tsx}'],
          setupFiles: ['apps/web/build/test-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
