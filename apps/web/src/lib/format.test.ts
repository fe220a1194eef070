import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDuration,
  formatPence,
  formatPrice,
  formatTime,
} from './format.ts';

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

describe('formatTime', () => {
  it("formats '2:05 PM', empty for an invalid date", () => {
    expect(formatTime(new Date(2025, 2, 5, 14, 5))).toBe('2:05 PM');
    expect(formatTime('not a date')).toBe('');
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

describe('formatPence', () => {
  it('shows an amount kept in pence as pounds, 0 included', () => {
    expect(formatPence(999)).toBe('£9.99');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0.00');
    expect(formatPence(123_450)).toBe('£1,234.50');
    expect(formatPence(-500)).toBe('-£5.00');
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

describe('the hand-written formats match Intl', () => {
  const usDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
  const usTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true });
  const pounds = new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: 2,
  });

  it('for dates and times across years, months, days, hours and minutes', () => {
    // Every 7 hours and 13 minutes over six years: all months, days, hours and many minutes.
    const start = new Date(2023, 0, 1, 0, 0).getTime();
    for (let time = start; time < start + 6 * 365 * 86_400_000; time += (7 * 60 + 13) * 60_000) {
      const date = new Date(time);
      const intlTime = usTime.format(date).replace(/\s/g, ' ');
      expect(formatDateTime(date)).toBe(`${usDate.format(date)} at ${intlTime}`);
    }
  });

  it('for prices from a penny to a million pounds', () => {
    for (let pence = 1; pence < 100_000_000; pence = Math.ceil(pence * 1.37) + 1) {
      const price = pence / 100;
      expect(formatPrice(price)).toBe(pounds.format(price));
      expect(formatPence(pence)).toBe(pounds.format(price));
    }
    expect(formatPrice(999_999.99)).toBe('£999,999.99');
    expect(formatPrice(1_000_000)).toBe('£1,000,000.00');
  });
});
