import { describe, expect, it } from 'vitest';
import { noteLink, notebookCount } from './notebook-text.ts';

describe('noteLink', () => {
  it('links to the question in the latest result holding it', () => {
    expect(noteLink({ questionId: 'q1', resultId: 'r 1', examId: 'e1' })).toEqual({
      to: '/exams/results/r%201#question-q1',
      label: 'Go to the question',
    });
  });
  it('links to the exam when no result holds it yet', () => {
    expect(noteLink({ questionId: 'q1', resultId: null, examId: 'e1' })).toEqual({
      to: '/exams/e1',
      label: 'Go to the exam',
    });
  });
});

describe('notebookCount', () => {
  it('counts notes, and says what a search matched', () => {
    expect(notebookCount(1, '')).toBe('1 note');
    expect(notebookCount(24, '')).toBe('24 notes');
    expect(notebookCount(1, 'ecg')).toBe('1 note matches "ecg"');
    expect(notebookCount(3, 'ecg')).toBe('3 notes match "ecg"');
  });
});
