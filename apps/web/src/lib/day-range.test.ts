import { describe, expect, it } from 'vitest';
import { dateRangeProblem, dayRangeQuery } from './day-range.ts';

describe('dayRangeQuery', () => {
  it('sends the first day from its local midnight to the midnight after the last day', () => {
    expect(dayRangeQuery('2026-11-20', '2026-11-21')).toEqual({
      from: new Date(2026, 10, 20).toISOString(),
      to: new Date(2026, 10, 22).toISOString(),
    });
    // The last day of a month runs into the next month.
    expect(dayRangeQuery('', '2026-11-30')).toEqual({
      from: undefined,
      to: new Date(2026, 11, 1).toISOString(),
    });
    expect(dayRangeQuery('', '')).toEqual({ from: undefined, to: undefined });
  });
});

describe('dateRangeProblem', () => {
  it('refuses a range that ends before it starts', () => {
    expect(dateRangeProblem('2026-11-23', '2026-11-22')).toBe(
      'The end date must be on or after the start date',
    );
    expect(dateRangeProblem('2026-11-23', '2026-11-23')).toBeNull();
    expect(dateRangeProblem('', '2026-11-22')).toBeNull();
  });
});
