import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatPrice } from './format.ts';

describe('formatDate', () => {
  it('formats a US long date', () => {
    expect(formatDate(new Date(2025, 2, 5, 14, 5))).toBe('March 5, 2025');
    expect(formatDate(new Date(2025, 2, 5, 14, 5).toISOString())).toBe('March 5, 2025');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatDateTime', () => {
  it("formats 'March 5, 2025 at 2:05 PM'", () => {
    expect(formatDateTime(new Date(2025, 2, 5, 14, 5).toISOString())).toBe('March 5, 2025 at 2:05 PM');
    expect(formatDateTime(new Date(2025, 11, 31, 0, 9))).toBe('December 31, 2025 at 12:09 AM');
  });
});

describe('formatPrice', () => {
  it('shows pounds with two decimals', () => {
    expect(formatPrice(4.99)).toBe('£4.99');
    expect(formatPrice(10)).toBe('£10.00');
    expect(formatPrice(1234.5)).toBe('£1,234.50');
  });

  it("shows 'Free' for 0 or a missing price", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(undefined)).toBe('Free');
  });
});

describe('formatDuration', () => {
  it('formats seconds as zero-padded hh:mm:ss', () => {
    expect(formatDuration(0)).toBe('00:00:00');
    expect(formatDuration(65)).toBe('00:01:05');
    expect(formatDuration(3 * 3600 + 25 * 60 + 7)).toBe('03:25:07');
    expect(formatDuration(59.9)).toBe('00:00:59');
  });
});
