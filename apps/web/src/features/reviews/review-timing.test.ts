import { describe, expect, it } from 'vitest';
import type { ReviewForecast } from '@mlp/contract';
import {
  cardDetails,
  dueLabel,
  dueWithin,
  forecastBars,
  forecastDayName,
  limitReached,
  readDeckFilter,
  retentionLabel,
  reviewSummaryText,
  studyAheadLabel,
} from './review-timing.ts';

const NOW = new Date('2026-03-05T12:00:00.000Z');
const inMs = (ms: number) => new Date(NOW.getTime() + ms).toISOString();
const HOUR = 3_600_000;

describe('dueLabel', () => {
  it('says due now for a time passed or present', () => {
    expect(dueLabel(inMs(-5 * HOUR), NOW)).toBe('Due now');
    expect(dueLabel(NOW.toISOString(), NOW)).toBe('Due now');
  });
  it('counts hours under a day and days after, rounded', () => {
    expect(dueLabel(inMs(20 * 60_000), NOW)).toBe('Due in under an hour');
    expect(dueLabel(inMs(HOUR), NOW)).toBe('Due in 1 hour');
    expect(dueLabel(inMs(5.4 * HOUR), NOW)).toBe('Due in 5 hours');
    expect(dueLabel(inMs(24 * HOUR), NOW)).toBe('Due tomorrow');
    expect(dueLabel(inMs(35 * HOUR), NOW)).toBe('Due tomorrow');
    expect(dueLabel(inMs(37 * HOUR), NOW)).toBe('Due in 2 days');
    expect(dueLabel(inMs(22 * 24 * HOUR), NOW)).toBe('Due in 22 days');
  });
  it('is empty for an invalid date', () => {
    expect(dueLabel('not a date', NOW)).toBe('');
  });
});

describe('reviewSummaryText', () => {
  const base = {
    due: 0,
    session: 0,
    dailyLimit: 50,
    reviewedToday: 0,
    nextDue: null,
    total: 0,
    suspended: 0,
    pendingResults: 0,
  };
  it('explains the deck to a new learner', () => {
    expect(reviewSummaryText(base)).toMatch(/^Questions you answer join your review deck/);
  });
  it('gives the session size, and the cap when more are due', () => {
    expect(reviewSummaryText({ ...base, total: 4, due: 1, session: 1 })).toBe(
      'A review session takes 1 question.',
    );
    expect(reviewSummaryText({ ...base, total: 80, due: 70, session: 50 })).toBe(
      'A review session takes 50 questions (at most 50 a session).',
    );
    expect(
      reviewSummaryText({ ...base, total: 80, due: 70, session: 12, dailyLimit: 30, reviewedToday: 18 }),
    ).toBe('A review session takes 12 questions (what is left of your 30 reviews for today).');
  });
  it("says when today's reviews are done while questions are due", () => {
    const done = { ...base, total: 80, due: 7, session: 0, dailyLimit: 30, reviewedToday: 30 };
    expect(limitReached(done)).toBe(true);
    expect(limitReached({ ...done, due: 0 })).toBe(false);
    expect(reviewSummaryText(done)).toBe('You have done your 30 reviews for today (7 questions due).');
  });
  it('gives the next due time when nothing is due, or says everything is suspended', () => {
    const nextDue = new Date(2026, 2, 6, 9, 5).toISOString();
    expect(reviewSummaryText({ ...base, total: 3, nextDue })).toBe(
      'Nothing is due now. Next review: March 6, 2026 at 9:05 AM.',
    );
    expect(reviewSummaryText({ ...base, total: 2, suspended: 2 })).toBe(
      'Nothing is due now: every question in your deck is suspended.',
    );
  });
});

describe('cardDetails and small helpers', () => {
  it('names exam, topic, answers and misses', () => {
    expect(cardDetails({ examTitle: 'Cardiology', topic: 'Heart failure', reps: 1, lapses: 0 })).toBe(
      'Cardiology · Heart failure · answered once',
    );
    expect(cardDetails({ examTitle: null, topic: 'General', reps: 3, lapses: 2 })).toBe(
      'Practice · General · answered 3 times, missed 2 times',
    );
  });
  it('reads the filter from the URL, defaulting to all', () => {
    expect(readDeckFilter(new URLSearchParams('filter=suspended'))).toBe('suspended');
    expect(readDeckFilter(new URLSearchParams('filter=bogus'))).toBe('all');
    expect(readDeckFilter(new URLSearchParams(''))).toBe('all');
  });
  it('shows retention as a percentage', () => {
    expect(retentionLabel(0.9)).toBe('90%');
    expect(retentionLabel(0.97)).toBe('97%');
    expect(retentionLabel(0.7)).toBe('70%');
  });
});

describe('the forecast', () => {
  const forecast: ReviewForecast = {
    timeZone: 'Europe/London',
    dueNow: 3,
    laterToday: 2,
    days: Array.from({ length: 14 }, (_, k) => ({
      date: `2026-12-${String(k + 2).padStart(2, '0')}`,
      due: k === 0 ? 10 : k === 2 ? 40 : k === 13 ? 1 : 0,
    })),
  };

  it('names a forecast day by its own date, whatever the browser zone', () => {
    expect(forecastDayName('2026-12-02')).toBe('Wed 2 Dec');
    expect(forecastDayName('2027-01-01')).toBe('Fri 1 Jan');
    expect(forecastDayName('soon')).toBe('soon');
  });

  it('draws today (due now and later) and then each day', () => {
    const bars = forecastBars(forecast);
    expect(bars).toHaveLength(15);
    expect(bars[0]).toEqual({ tick: 'Today', name: 'Today', due: 5 });
    expect(bars[1]).toEqual({ tick: '2', name: 'Tomorrow', due: 10 });
    expect(bars[3]).toEqual({ tick: '4', name: 'Fri 4 Dec', due: 40 });
    expect(bars[14]).toEqual({ tick: '15', name: 'Tue 15 Dec', due: 1 });
  });

  it('counts what studying ahead takes, and says when a session caps it', () => {
    expect(dueWithin(forecast, 1)).toBe(15);
    expect(dueWithin(forecast, 3)).toBe(55);
    expect(dueWithin(forecast, 14)).toBe(56);
    expect(studyAheadLabel(forecast, 1)).toBe('1 day (to Wed 2 Dec): 15 questions');
    expect(studyAheadLabel(forecast, 3)).toBe('3 days (to Fri 4 Dec): 55 questions, 50 a session');
  });
});
