import { describe, expect, it } from 'vitest';
import {
  alignTrends,
  ordinal,
  outcomeCounts,
  percentileCell,
  percentileText,
  secondsLabel,
  topicsOfExam,
  trendPoints,
  trendSentence,
  type TopicFigures,
} from './analytics-figures.ts';

describe('trendPoints', () => {
  it('turns the two columns the API sends into points, oldest first', () => {
    const at = [Date.parse('2026-03-01T10:00:00.000Z'), Date.parse('2026-03-03T10:00:00.000Z')];
    expect(trendPoints({ at, score: [40, 60] })).toEqual([
      { at: at[0], score: 40 },
      { at: at[1], score: 60 },
    ]);
    expect(trendPoints({ at: [], score: [] })).toEqual([]);
    // Drawn on a time axis like ISO times.
    expect(alignTrends([{ id: 'a', label: 'A', trend: trendPoints({ at, score: [40, 60] }) }]).times).toEqual(
      at.map((time) => new Date(time)),
    );
  });
});

describe('alignTrends', () => {
  it('puts each group on the union of times, one series each, null where a group has no sitting', () => {
    const aligned = alignTrends([
      {
        id: 'a',
        label: 'Cardiology',
        trend: [
          { at: '2026-03-01T10:00:00.000Z', score: 40 },
          { at: '2026-03-03T10:00:00.000Z', score: 60 },
        ],
      },
      {
        id: 'b',
        label: 'Renal',
        trend: [
          { at: '2026-03-02T10:00:00.000Z', score: 70 },
          { at: '2026-03-03T10:00:00.000Z', score: 90 },
        ],
      },
    ]);
    expect(aligned.times.map((time) => time.toISOString())).toEqual([
      '2026-03-01T10:00:00.000Z',
      '2026-03-02T10:00:00.000Z',
      '2026-03-03T10:00:00.000Z',
    ]);
    expect(aligned.series).toEqual([
      { id: 'a', label: 'Cardiology', data: [40, null, 60] },
      { id: 'b', label: 'Renal', data: [null, 70, 90] },
    ]);
  });
  it('is empty for no data and drops invalid times', () => {
    expect(alignTrends([])).toEqual({ times: [], series: [] });
    const aligned = alignTrends([{ id: 'a', label: 'A', trend: [{ at: 'nope', score: 5 }] }]);
    expect(aligned.times).toEqual([]);
    expect(aligned.series[0]!.data).toEqual([]);
  });
});

describe('text alternatives and labels', () => {
  it('describes a trend in words', () => {
    expect(trendSentence('Renal', [])).toBe('Renal: no sittings yet.');
    expect(trendSentence('Renal', [{ at: '2026-03-05T12:00:00.000Z', score: 50 }])).toBe(
      'Renal: 1 sitting, 50% on March 5, 2026.',
    );
    expect(
      trendSentence('Renal', [
        { at: '2026-03-05T12:00:00.000Z', score: 50 },
        { at: '2026-03-06T12:00:00.000Z', score: 55 },
        { at: '2026-03-09T12:00:00.000Z', score: 80 },
      ]),
    ).toBe('Renal: 3 sittings, from 50% on March 5, 2026 to 80% on March 9, 2026.');
  });
  it('keeps omitted apart from incorrect (decision 0065)', () => {
    expect(outcomeCounts({ seen: 20, answered: 18, correct: 9 })).toEqual({
      correct: 9,
      incorrect: 9,
      omitted: 2,
    });
    expect(outcomeCounts({ seen: 5, answered: 5, correct: 5 })).toEqual({
      correct: 5,
      incorrect: 0,
      omitted: 0,
    });
  });
  it('formats time per question', () => {
    expect(secondsLabel(0)).toBe('0 s');
    expect(secondsLabel(45)).toBe('45 s');
    expect(secondsLabel(60)).toBe('1 min');
    expect(secondsLabel(65)).toBe('1 min 5 s');
  });
  it('says why there is no percentile below 20 learners, and gives it from 20', () => {
    expect(percentileText({ percentile: null, learners: 1 })).toBe(
      'Shown once 20 learners have results on this exam (1 learner has results so far), so no one can be singled out.',
    );
    expect(percentileCell({ percentile: null, learners: 12 })).toBe('Not yet (12 of 20 learners)');
    expect(percentileText({ percentile: 72, learners: 25 })).toBe(
      'Your average score is higher than 72% of the 25 learners on this exam.',
    );
    expect(percentileCell({ percentile: 72, learners: 25 })).toBe('72nd percentile');
  });
  it('writes ordinals', () => {
    expect([0, 1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 100].map(ordinal)).toEqual([
      '0th',
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '100th',
    ]);
  });
});

describe('topicsOfExam', () => {
  const topic = (examId: string, name: string, percentCorrect: number): TopicFigures => ({
    examId,
    examTitle: examId,
    topic: name,
    seen: 5,
    answered: 5,
    correct: 0,
    percentCorrect,
    trend: { at: [], score: [] },
  });
  it("keeps the exam's topics, weakest first, ties by name", () => {
    const topics = [
      topic('a', 'Valves', 80),
      topic('b', 'Kidney', 10),
      topic('a', 'Arrhythmia', 40),
      topic('a', 'ECG', 40),
    ];
    expect(topicsOfExam(topics, 'a').map((t) => t.topic)).toEqual(['Arrhythmia', 'ECG', 'Valves']);
    expect(topicsOfExam(topics, 'none')).toEqual([]);
  });
});
