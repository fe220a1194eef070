import { describe, expect, it } from 'vitest';
import { categoryLabel, emptyCatalogueMessage, questionCountLabel, showingLabel } from './exam-text.ts';

describe('exam catalogue texts', () => {
  it('labels categories in title case', () => {
    expect(categoryLabel('pharmacy')).toBe('Pharmacy');
    expect(categoryLabel('exam-prep')).toBe('Exam Prep');
    expect(categoryLabel('')).toBe('');
  });

  it('counts questions', () => {
    expect(questionCountLabel(25)).toBe('25 questions');
    expect(questionCountLabel(1)).toBe('1 question');
  });

  it("says 'Showing N of M exams'", () => {
    expect(showingLabel(1, 20, 3, 3)).toBe('Showing 3 of 3 exams');
    expect(showingLabel(1, 20, 20, 23)).toBe('Showing 1\u201320 of 23 exams');
    expect(showingLabel(2, 20, 3, 23)).toBe('Showing 21\u201323 of 23 exams');
  });

  it("has the empty states: the spec's two, and a category's", () => {
    expect(emptyCatalogueMessage('')).toBe('No exams available');
    expect(emptyCatalogueMessage('cardio')).toBe('No exams found matching "cardio"');
    expect(emptyCatalogueMessage('', 'nursing')).toBe('No exams in this category');
    expect(emptyCatalogueMessage('cardio', 'nursing')).toBe('No exams found matching "cardio"');
  });
});
