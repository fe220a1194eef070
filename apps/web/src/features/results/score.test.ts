import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatScore,
  pickLatestResultForExam,
  scoreChartSummary,
  scoreLabel,
  scorePercent,
  scorePoints,
  scoreSentence,
  scoreSeries,
} from './score.ts';

describe('score display', () => {
  it('rounds correct / total × 100 (spec §4)', () => {
    expect(scorePercent(2, 3)).toBe(67);
    expect(scorePercent(1, 3)).toBe(33);
    expect(scorePercent(1, 8)).toBe(13);
    expect(scorePercent(0, 0)).toBe(0);
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 500 })
          .chain((total) => fc.tuple(fc.integer({ min: 0, max: total }), fc.constant(total))),
        ([correct, total]) => {
          const score = scorePercent(correct, total);
          expect(Number.isInteger(score)).toBe(true);
          expect(score).toBeGreaterThanOrEqual(0);
          expect(score).toBeLessThanOrEqual(100);
          expect(Math.abs(score - (correct / total) * 100)).toBeLessThanOrEqual(0.5);
        },
      ),
    );
  });

  it('shows the rounded percent', () => {
    expect(formatScore(80)).toBe('80%');
    expect(formatScore(66.6)).toBe('67%');
    expect(scoreLabel(72.4)).toBe('Score: 72%');
  });

  it("says 'You answered X out of Y questions correctly.'", () => {
    expect(scoreSentence(18, 25)).toBe('You answered 18 out of 25 questions correctly.');
  });
});

describe('pickLatestResultForExam', () => {
  const results = [
    { _id: 'r1', examId: 'e1', completedAt: '2025-03-05T10:00:00.000Z' },
    { _id: 'r2', examId: 'e2', completedAt: '2025-03-07T10:00:00.000Z' },
    { _id: 'r3', examId: 'e1', completedAt: '2025-03-06T10:00:00.000Z' },
    { _id: 'r4', examId: null, completedAt: '2025-03-08T10:00:00.000Z' },
  ];

  it('picks the newest result of that exam', () => {
    expect(pickLatestResultForExam(results, 'e1')?._id).toBe('r3');
    expect(pickLatestResultForExam(results, 'e2')?._id).toBe('r2');
    expect(pickLatestResultForExam(results, 'e3')).toBeUndefined();
  });
});

describe('score chart data', () => {
  const history = [
    { exam: { _id: 'e1', title: 'Newest' }, score: 90, completedAt: new Date(2025, 2, 7, 12).toISOString() },
    { exam: { _id: 'e1', title: 'Middle' }, score: 70, completedAt: new Date(2025, 2, 6, 12).toISOString() },
    { exam: { _id: 'e2', title: 'Oldest' }, score: 50, completedAt: new Date(2025, 2, 5, 12).toISOString() },
  ];

  it('orders points oldest to newest', () => {
    expect(scorePoints(history).map((point) => point.title)).toEqual(['Oldest', 'Middle', 'Newest']);
    expect(scorePoints(history).map((point) => point.score)).toEqual([50, 70, 90]);
  });

  it('draws one series per exam, never joining different exams', () => {
    expect(scoreSeries(scorePoints(history))).toEqual([
      { examId: 'e2', title: 'Oldest', data: [50, null, null] },
      { examId: 'e1', title: 'Middle', data: [null, 70, 90] },
    ]);
    expect(scoreSeries([])).toEqual([]);
  });

  it('summarises the chart in words', () => {
    expect(scoreChartSummary(scorePoints(history))).toBe(
      'Scores over time, oldest to newest: Oldest, 50% on March 5, 2025; Middle, 70% on March 6, 2025; Newest, 90% on March 7, 2025.',
    );
    expect(scoreChartSummary([])).toBe('No scores yet.');
  });
});
