import { defineConfig, devices } from '@playwright/test';

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Browser journeys against the real built server (started by global-setup on a free port). */
export default defineConfig({
  testDir: './tests',
  globalSetup: './fixtures/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: '../test-results',
  use: {
    // Recording a trace doubles a journey's time (DOM snapshots and screencast on every action), so it is
    // recorded only when a failed journey is retried: CI retries once, and the retry leaves the trace.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /site-settings\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
      },
    },
    {
      // Switches maintenance mode on the shared server, so it runs alone, after every other journey.
      name: 'site-settings',
      testMatch: /site-settings\.spec\.ts/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
      },
    },
  ],
});
