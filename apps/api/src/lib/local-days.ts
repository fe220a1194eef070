/*
 * A learner's days in their own time zone (decision 0060): where their midnights fall, so the review
 * forecast and the daily limit count by the day the learner lives, daylight-saving changes included.
 * Pure functions of an instant and an IANA zone name (checked by the contract's TimeZoneSchema).
 */

const DAY_MS = 86_400_000;

const formatters = new Map<string, Intl.DateTimeFormat>();
/** One formatter per zone (building one costs far more than using it). */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The wall-clock time in `timeZone` at `ms`, as if it were UTC (milliseconds). */
function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms)))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
    ((ms % 1000) + 1000) % 1000,
  );
}

/** The local date of an instant, as YYYY-MM-DD. */
export function localDate(instant: Date, timeZone: string): string {
  return new Date(wallClock(instant.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The first instant of the local day `offsetDays` after the local day of `instant` (0: its own midnight,
 * 1: the next midnight). Where midnight does not exist (a daylight-saving change at 00:00, as in
 * America/Santiago) the day starts at the first instant it has.
 */
export function startOfLocalDay(instant: Date, timeZone: string, offsetDays = 0): Date {
  const today = wallClock(instant.getTime(), timeZone);
  const midnight = Math.floor(today / DAY_MS) * DAY_MS + offsetDays * DAY_MS;
  return new Date(localDayOf(midnight, timeZone).start);
}

/** Days whose start is known, by zone and wall-clock midnight: a start costs about ten `formatToParts`. */
const knownDays = new Map<string, { start: number; date: string }>();
/** Zones × days a process remembers (16 a learner's zone a day for the forecast) before it starts again. */
const KNOWN_DAYS_MAX = 10_000;

/**
 * The first instant of the local day whose wall-clock midnight is `midnight` (as if it were UTC), and that
 * instant's local date. A pure function of its two arguments, so it is remembered: the forecast asks for
 * the same sixteen days on every read of a day (docs/performance-history.md, 2026-12-06).
 */
function localDayOf(midnight: number, timeZone: string): { start: number; date: string } {
  const key = `${timeZone} ${midnight}`;
  const known = knownDays.get(key);
  if (known) return known;
  // Two guesses with the zone's offsets around that midnight; the earliest one that lies in the day wins.
  const guesses = [midnight - (wallClock(midnight, timeZone) - midnight)];
  guesses.push(midnight - (wallClock(guesses[0]!, timeZone) - guesses[0]!));
  guesses.push(midnight - (wallClock(midnight - DAY_MS / 2, timeZone) - (midnight - DAY_MS / 2)));
  guesses.push(midnight - (wallClock(midnight + DAY_MS / 2, timeZone) - (midnight + DAY_MS / 2)));
  let best: number | undefined;
  for (const guess of guesses) {
    const wall = wallClock(guess, timeZone);
    if (wall >= midnight && wall < midnight + DAY_MS && (best === undefined || guess < best)) best = guess;
  }
  const start = best ?? guesses[0]!;
  const day = { start, date: localDate(new Date(start), timeZone) };
  if (knownDays.size >= KNOWN_DAYS_MAX) knownDays.clear();
  knownDays.set(key, day);
  return day;
}

/**
 * The boundaries of the learner's next `days` days after today: `bounds[0]` is `now`, `bounds[k]` the
 * start of day k (k = 1 is tomorrow), up to the start of day `days + 1`, where the last day ends; `dates[k - 1]`
 * is day k's date. A due time in [bounds[k], bounds[k + 1]) falls on day k (k = 0: later today).
 */
export function dayBounds(now: Date, timeZone: string, days: number): { bounds: Date[]; dates: string[] } {
  const today = Math.floor(wallClock(now.getTime(), timeZone) / DAY_MS) * DAY_MS;
  const bounds = [now];
  const dates: string[] = [];
  for (let day = 1; day <= days + 1; day += 1) {
    const { start, date } = localDayOf(today + day * DAY_MS, timeZone);
    bounds.push(new Date(start));
    if (day <= days) dates.push(date);
  }
  return { bounds, dates };
}

/**
 * The last moment (23:59:59.999 UTC) of a calendar day given as YYYY-MM-DD, as access granted "until" a
 * day counts it (the support desk's grant, a cohort's end); undefined for a string that is not such a day.
 */
export function endOfUtcDay(day: string): Date | undefined {
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) return undefined;
  return new Date(start.getTime() + DAY_MS - 1);
}
