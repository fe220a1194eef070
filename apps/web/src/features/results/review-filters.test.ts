import { describe, expect, it } from 'vitest';
import {
  averageSeconds,
  emptyFilterText,
  filterCounts,
  outcomeOf,
  readReviewFilter,
  timeSpentText,
} from './review-filters.ts';

const item = (questionId: string, userAnswer: string | null, isCorrect: boolean, flagged = false) => ({
  questionId,
  userAnswer,
  isCorrect,
  flagged,
});

describe('the review filters (decision 0065)', () => {
  it('tells omitted from incorrect', () => {
    expect(outcomeOf(item('a', 'A', true))).toBe('correct');
    expect(outcomeOf(item('b', 'B', false))).toBe('incorrect');
    expect(outcomeOf(item('c', null, false))).toBe('omitted');
  });

  it('counts each filter, a question in several at once', () => {
    const questions = [
      item('a', 'A', true, true),
      item('b', 'B', false, true),
      item('c', null, false),
      item('d', null, false),
    ];
    expect(filterCounts(questions, new Set(['a', 'c', 'x']))).toEqual({
      all: 4,
      incorrect: 1,
      omitted: 2,
      flagged: 2,
      noted: 2,
    });
  });

  it("reads ?show= and takes anything else for 'all'", () => {
    expect(readReviewFilter('omitted')).toBe('omitted');
    expect(readReviewFilter('noted')).toBe('noted');
    expect(readReviewFilter(null)).toBe('all');
    expect(readReviewFilter('OMITTED')).toBe('all');
    expect(readReviewFilter('toString')).toBe('all');
  });

  it('says an empty filter in a short line', () => {
    expect(emptyFilterText('omitted')).toBe('No omitted questions.');
    expect(emptyFilterText('incorrect')).toBe('No incorrect questions.');
  });

  it('averages the times it has, and none for a result without times', () => {
    expect(averageSeconds([{ seconds: 72 }, { seconds: 30 }, { seconds: 0 }])).toBe(34);
    expect(averageSeconds([{ seconds: null }, { seconds: null }])).toBeNull();
    expect(averageSeconds([])).toBeNull();
    expect(timeSpentText(72, 34)).toBe('Time: 1 min 12 s (average 34 s)');
    expect(timeSpentText(120, null)).toBe('Time: 2 min');
  });
});
