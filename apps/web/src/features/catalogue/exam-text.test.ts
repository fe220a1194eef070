import { describe, expect, it } from 'vitest';
import {
  categoryLabel,
  emptyCatalogueMessage,
  questionCountLabel,
  showingLabel,
  timingLines,
  type ModeText,
} from './exam-text.ts';

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

describe("'What's inside' timing (decision 0061)", () => {
  const text: ModeText = {
    name: (mode) => ({ exam: 'Exam', timed: 'Timed', tutor: 'Tutor' })[mode],
    description: () => '',
    allowance: (seconds) => `${seconds} s`,
  };

  it('says the questions a sitting has, the countdown of a timed sitting, and which modes have none', () => {
    expect(
      timingLines(
        { modes: ['exam', 'timed', 'tutor'], questionsPerSitting: 20, secondsPerQuestion: 60 },
        text,
      ),
    ).toEqual([
      '20 questions a sitting',
      'Timed: 1200 s in all, 60 s a question',
      'Exam and Tutor: no time limit',
    ]);
    expect(timingLines({ modes: ['timed'], questionsPerSitting: 1, secondsPerQuestion: 45 }, text)).toEqual([
      '1 question a sitting',
      'Timed: 45 s in all, 45 s a question',
    ]);
    expect(timingLines({ modes: ['tutor'], questionsPerSitting: 5, secondsPerQuestion: 45 }, text)).toEqual([
      '5 questions a sitting',
      'Tutor: no time limit',
    ]);
  });
});
