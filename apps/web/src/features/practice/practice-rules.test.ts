import { describe, expect, it } from 'vitest';
import type { PracticeOptions } from '@mlp/contract';
import { practiceExam } from './practice-fixtures.ts';
import { clampSize, poolSize, sizeError, sizeRange, topicsOf } from './practice-rules.ts';

const options: PracticeOptions = {
  exams: [
    // 30 questions: 20 unused, 6 wrong, 2 flagged.
    practiceExam('e1', 'Cardiology', [
      { topic: 'Heart', total: 20, unused: 15, wrong: 4, omitted: 0, flagged: 1 },
      { topic: 'General', total: 10, unused: 5, wrong: 2, omitted: 0, flagged: 1 },
    ]),
    // 200 questions, all unused.
    practiceExam('e2', 'Renal', [
      { topic: 'Kidney', total: 190, unused: 190, wrong: 0, omitted: 0, flagged: 0 },
      { topic: 'General', total: 10, unused: 10, wrong: 0, omitted: 0, flagged: 0 },
    ]),
  ],
};

describe('practice rules', () => {
  it('sums the chosen exams, topics and source', () => {
    expect(poolSize(options, ['e1'], [], 'all')).toBe(30);
    expect(poolSize(options, ['e1', 'e2'], ['General'], 'unused')).toBe(15);
    expect(poolSize(options, ['e1', 'e2'], [], 'wrong')).toBe(6);
    expect(poolSize(options, [], [], 'all')).toBe(0);
  });

  it('lists the topics of the chosen exams once each, A–Z, with summed counts', () => {
    expect(topicsOf(options, ['e1', 'e2']).map((row) => [row.topic, row.total])).toEqual([
      ['General', 20],
      ['Heart', 20],
      ['Kidney', 190],
    ]);
    expect(topicsOf(options, ['e2']).map((row) => row.topic)).toEqual(['General', 'Kidney']);
  });

  it('allows 5 to min(pool, 100) questions', () => {
    expect(sizeRange(4)).toBeNull();
    expect(sizeRange(5)).toEqual({ min: 5, max: 5 });
    expect(sizeRange(250)).toEqual({ min: 5, max: 100 });
    expect(clampSize(null, 250)).toBe(20);
    expect(clampSize(null, 8)).toBe(8);
    expect(clampSize(3, 50)).toBe(5);
  });

  it('explains a size out of range or not a whole number', () => {
    expect(sizeError('12', 30)).toBeNull();
    expect(sizeError('101', 300)).toBe('Choose 5 to 100 questions');
    expect(sizeError('4', 30)).toBe('Choose 5 to 30 questions');
    expect(sizeError('7.5', 30)).toBe('Size must be a whole number');
  });
});
