import { describe, expect, it } from 'vitest';
import { dayBounds, endOfUtcDay, localDate, startOfLocalDay } from './local-days.ts';

const at = (iso: string) => new Date(iso);

describe('a learner’s days in their time zone', () => {
  it('gives the local date of an instant', () => {
    expect(localDate(at('2026-12-01T23:30:00Z'), 'UTC')).toBe('2026-12-01');
    // Already tomorrow in Tokyo (UTC+9), still yesterday in Los Angeles (UTC-8).
    expect(localDate(at('2026-12-01T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-12-02');
    expect(localDate(at('2026-12-01T05:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-30');
  });

  it('finds local midnights, today and the days after', () => {
    const now = at('2026-12-01T23:30:00Z');
    expect(startOfLocalDay(now, 'UTC').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(startOfLocalDay(now, 'UTC', 1).toISOString()).toBe('2026-12-02T00:00:00.000Z');
    expect(startOfLocalDay(now, 'Asia/Tokyo').toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect(startOfLocalDay(now, 'Asia/Kolkata', 1).toISOString()).toBe('2026-12-02T18:30:00.000Z');
    expect(startOfLocalDay(now, 'America/Los_Angeles', -1).toISOString()).toBe('2026-11-30T08:00:00.000Z');
  });

  it('keeps midnight across a daylight-saving change (a 23-hour and a 25-hour day)', () => {
    // London: clocks go forward on 29 March 2026 at 01:00 and back on 25 October 2026 at 02:00.
    const spring = dayBounds(at('2026-03-28T12:00:00Z'), 'Europe/London', 2);
    expect(spring.bounds.map((d) => d.toISOString())).toEqual([
      '2026-03-28T12:00:00.000Z',
      '2026-03-29T00:00:00.000Z',
      '2026-03-29T23:00:00.000Z',
      '2026-03-30T23:00:00.000Z',
    ]);
    expect(spring.dates).toEqual(['2026-03-29', '2026-03-30']);
    const autumn = dayBounds(at('2026-10-24T12:00:00Z'), 'Europe/London', 2);
    expect(autumn.bounds[2]!.getTime() - autumn.bounds[1]!.getTime()).toBe(25 * 3_600_000);
  });

  it('starts a day without a midnight at its first instant (Santiago moves 00:00 to 01:00)', () => {
    // Chile moves its clocks forward at 00:00 on 6 September 2026: that day starts at 01:00 (UTC-3).
    const start = startOfLocalDay(at('2026-09-05T18:00:00Z'), 'America/Santiago', 1);
    expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z');
    expect(localDate(start, 'America/Santiago')).toBe('2026-09-06');
    expect(localDate(new Date(start.getTime() - 1), 'America/Santiago')).toBe('2026-09-05');
  });

  it('bounds the next 14 days: now, then each midnight up to the end of the last day', () => {
    const { bounds, dates } = dayBounds(at('2026-12-01T23:10:00Z'), 'Pacific/Auckland', 14);
    expect(bounds).toHaveLength(16);
    expect(dates).toHaveLength(14);
    // 12:10 on 2 December in Auckland (UTC+13): tomorrow is the 3rd.
    expect(dates[0]).toBe('2026-12-03');
    expect(dates[13]).toBe('2026-12-16');
    expect(bounds[1]!.toISOString()).toBe('2026-12-02T11:00:00.000Z');
    for (let k = 1; k < bounds.length; k += 1) expect(bounds[k]! > bounds[k - 1]!).toBe(true);
  });

  it('answers the same from its remembered days, in each zone, and hands out its own dates', () => {
    const now = at('2026-10-24T12:00:00Z');
    const first = dayBounds(now, 'Europe/London', 14);
    first.bounds[1]!.setTime(0);
    const again = dayBounds(new Date(now.getTime() + 60_000), 'Europe/London', 14);
    expect(again.bounds[1]!.toISOString()).toBe('2026-10-24T23:00:00.000Z');
    expect(again.dates).toEqual(first.dates);
    // The same midnights in another zone are other instants.
    expect(dayBounds(now, 'Asia/Kolkata', 14).bounds[1]!.toISOString()).toBe('2026-10-24T18:30:00.000Z');
    // After the clocks went back on the 25th: midnight of the 26th is 00:00 UTC.
    expect(startOfLocalDay(now, 'Europe/London', 2).toISOString()).toBe('2026-10-26T00:00:00.000Z');
  });
});

describe('endOfUtcDay', () => {
  it('is the last millisecond of the day in UTC, and undefined for a day that does not exist', () => {
    expect(endOfUtcDay('2027-06-30')?.toISOString()).toBe('2027-06-30T23:59:59.999Z');
    expect(endOfUtcDay('2028-02-29')?.toISOString()).toBe('2028-02-29T23:59:59.999Z');
    for (const bad of ['2027-02-30', '2027-6-30', 'soon', '']) expect(endOfUtcDay(bad)).toBeUndefined();
  });
});
