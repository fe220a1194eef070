import { __unsafe_useEmotionCache as useEmotionCache } from '@emotion/react';
import { cleanup, configure, renderHook } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, vi, type MockInstance } from 'vitest';
import { resetMaintenance } from '../lib/maintenance.ts';
import { takeContractProblems } from './fetch-stub.ts';

/*
 * Pages load lazily (dynamic import), and a test worker transforms a page module on its first import:
 * with the CPU shared (seen with a third of it taken by the hypervisor), that took longer than Testing
 * Library's default 1 s wait for `findBy…` (and, on a loaded 2-core machine, more than 5 s for a lazy page
 * module in router.test.tsx). Waits end as soon as their condition holds, so only a
 * failing test takes longer.
 */
configure({ asyncUtilTimeout: 10_000 });

/*
 * Conventions: a console.error during a test fails it (React warnings, act() warnings, prop-type errors
 * all arrive through console.error). The spy records the calls; the check runs after the DOM is cleaned
 * up so errors raised while unmounting count too.
 */
let consoleErrorSpy: MockInstance<typeof console.error>;

beforeEach(() => {
  consoleErrorSpy = vi.spyOn(console, 'error');
});

afterEach(() => {
  cleanup();
  const calls = consoleErrorSpy.mock.calls;
  consoleErrorSpy.mockRestore();
  window.localStorage.clear();
  resetMaintenance();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  // A stubbed server answer the contract does not allow fails the test (test/fetch-stub.ts).
  const contractProblems = takeContractProblems();
  if (contractProblems.length > 0) throw new Error(contractProblems.join('\n'));
  if (calls.length > 0) {
    const text = calls
      .map((args) => args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '))
      .join('\n');
    throw new Error(`console.error was called during the test:\n${text}`);
  }
});

/*
 * Each test file starts with no component styles in the document, as in a worker of its own. A worker runs
 * many files in one document (`isolate: false`, decision 0052), and the style rules MUI's components insert
 * (through Emotion's default cache) stayed: over 3,000 by the end of the admin features' files. jsdom's
 * getComputedStyle, which MUI's text areas call on every render and Testing Library's role queries call on
 * every element, reads every rule, so each file ran slower than the one before (decision 0081).
 */
afterAll(() => {
  const { result, unmount } = renderHook(() => useEmotionCache());
  const cache = result.current;
  unmount();
  if (!cache) return;
  cache.sheet.flush();
  for (const name of Object.keys(cache.inserted)) delete cache.inserted[name];
});
