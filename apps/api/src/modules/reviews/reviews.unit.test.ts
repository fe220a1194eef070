import { createEmptyCard, fsrs, generatorParameters, Rating } from 'ts-fsrs';
import { describe, expect, it } from 'vitest';
import { forecastFrom, ratingFor, reviewed, schedulerFor } from './reviews.service.ts';

/* FSRS scheduling (decision 0035): against ts-fsrs itself with a fixed clock and its default parameters. */

const AT = new Date('2026-11-24T10:00:00Z');
const DAY = 86_400_000;
const answer = (correct: boolean, certainty: 'sure' | 'fairly-sure' | 'guessing' | null = null) => ({
  userId: 'u',
  questionId: 'q',
  examId: 'e',
  topic: 'Renal',
  correct,
  certainty,
});

describe('ratingFor', () => {
  it('rates wrong as Again, right but guessed as Hard, right as Good', () => {
    expect(ratingFor(false, 'sure')).toBe(Rating.Again);
    expect(ratingFor(false, null)).toBe(Rating.Again);
    expect(ratingFor(true, 'guessing')).toBe(Rating.Hard);
    expect(ratingFor(true, 'fairly-sure')).toBe(Rating.Good);
    expect(ratingFor(true, null)).toBe(Rating.Good);
  });
});

describe('reviewed', () => {
  const scheduler = schedulerFor(0.9);
  const reference = fsrs(
    generatorParameters({ request_retention: 0.9, enable_fuzz: false, enable_short_term: false }),
  );

  it('schedules a new card exactly as ts-fsrs does (wrong: the next day, guessed: 2 days, right: 3 days)', () => {
    for (const [correct, certainty, rating, days] of [
      [false, null, Rating.Again, 1],
      [true, 'guessing', Rating.Hard, 2],
      [true, null, Rating.Good, 3],
    ] as const) {
      const card = reviewed(scheduler, undefined, answer(correct, certainty), AT);
      const expected = reference.next(createEmptyCard(AT), AT, rating).card;
      expect(card.due).toEqual(expected.due);
      expect(card.stability).toBeCloseTo(expected.stability, 10);
      expect(card.difficulty).toBeCloseTo(expected.difficulty, 10);
      expect((card.due.getTime() - AT.getTime()) / DAY).toBe(days);
      expect(card.reps).toBe(1);
    }
  });

  it('grows the interval with each right answer and shrinks it after a lapse', () => {
    const first = reviewed(scheduler, undefined, answer(false), AT);
    const asRow = (card: typeof first) =>
      ({ ...card, suspended: false, createdAt: AT, updatedAt: AT }) as never;
    const second = reviewed(scheduler, asRow(first), answer(true), first.due);
    const third = reviewed(scheduler, asRow(second), answer(true), second.due);
    expect(second.scheduledDays).toBeGreaterThan(first.scheduledDays);
    expect(third.scheduledDays).toBeGreaterThan(second.scheduledDays);
    const lapse = reviewed(scheduler, asRow(third), answer(false), third.due);
    expect(lapse.lapses).toBe(1);
    expect(lapse.scheduledDays).toBeLessThan(third.scheduledDays);
  });

  it('asks for shorter intervals at a higher desired retention', () => {
    const relaxed = reviewed(schedulerFor(0.8), undefined, answer(true), AT);
    const strict = reviewed(schedulerFor(0.95), undefined, answer(true), AT);
    const second = (scheduled: typeof relaxed, retention: number) =>
      reviewed(
        schedulerFor(retention),
        { ...scheduled, suspended: false, createdAt: AT, updatedAt: AT } as never,
        answer(true),
        scheduled.due,
      ).scheduledDays;
    expect(second(strict, 0.95)).toBeLessThan(second(relaxed, 0.8));
  });
});

describe('the forecast from bucket counts (decision 0060)', () => {
  it('reads bucket 0 as due now, 1 as later today and k + 1 as day k, with empty days at 0', () => {
    const dates = ['2026-12-02', '2026-12-03', '2026-12-04'];
    expect(
      forecastFrom(
        [
          { bucket: 0, due: 7 },
          { bucket: 2, due: 3 },
          { bucket: 4, due: 1 },
        ],
        dates,
        'Europe/London',
      ),
    ).toEqual({
      timeZone: 'Europe/London',
      dueNow: 7,
      laterToday: 0,
      days: [
        { date: '2026-12-02', due: 3 },
        { date: '2026-12-03', due: 0 },
        { date: '2026-12-04', due: 1 },
      ],
    });
  });
});
