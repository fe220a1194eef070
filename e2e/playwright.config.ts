import { defineConfig, devices } from '@playwright/test';

/*
 * Debian's Chromium in its headless shell build (package chromium-headless-shell, the same engine without
 * the desktop browser's layers, what Playwright itself runs headless): the journeys spend most of their
 * CPU in the browser, and the shell uses about 40 % less for the same journeys (decision 0052).
 * E2E_CHROMIUM picks another build, e.g. /usr/bin/chromium to watch a journey in the full browser.
 */
const executablePath = process.env.E2E_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

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
    // The app honours a system's reduced-motion setting (theme.ts): transitions, ripples and spinners then
    // cost the browser no frames. The journeys test behaviour, not motion, so they ask for it; one journey
    // checks both settings (accessibility.spec.ts). Decision 0082.
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: chromiumArgs },
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: /site-settings\.spec\.ts/,
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath, args: chromiumArgs },
      },
    },
    {
      // Switches maintenance mode on the shared server, so it runs alone, after every other journey.
      name: 'site-settings',
      testMatch: /site-settings\.spec\.ts/,
      dependencies: ['chromium'],
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: { executablePath, args: chromiumArgs },
      },
    },
  ],
});
