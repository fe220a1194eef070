/**
 * Where every time decision of scheduled work reads the time (decision 0030): renewals due, reminders, retry
 * times. Production uses the system clock; tests pass a clock they move, and a server started with
 * TEST_HOOKS=true (never in production) lets the browser tests move its clock forward.
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that runs with the system clock plus an offset that can be moved (tests). */
export interface MovableClock extends Clock {
  /** moves the clock on by `ms` (never back) */
  advance(ms: number): void;
  /** the current offset from the system clock, in ms */
  offsetMs(): number;
}

export function movableClock(start?: Date): MovableClock {
  let offset = start ? start.getTime() - Date.now() : 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('a clock only moves forward');
      offset += ms;
    },
    offsetMs: () => offset,
  };
}
