import { describe, expect, it } from 'vitest';
import { cardDetails, dueLabel, readDeckFilter, retentionLabel, reviewSummaryText } from './review-timing.ts';

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
  const base = { due: 0, session: 0, nextDue: null, total: 0, suspended: 0 };
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
