import type { MovableClock } from '../src/lib/clock.ts';

/* Lengths of time in ms, for moving a test app's clock and for times relative to it. */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/**
 * The ISO times of a test app's clock: `const at = clockTimes(t)`, then `at(HOUR)` is an hour after the
 * clock's now, read when it is called.
 */
export function clockTimes(t: { clock: MovableClock }): (offsetMs: number) => string {
  return (offsetMs) => new Date(t.clock.now().getTime() + offsetMs).toISOString();
}
