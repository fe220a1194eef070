import { describe, expect, it } from 'vitest';
import { certaintySummary } from './certainty.ts';
import type { ResultQuestionSnapshot } from './attempts.repository.ts';

function q(
  certainty: ResultQuestionSnapshot['certainty'],
  isCorrect: boolean,
  answered = true,
): ResultQuestionSnapshot {
  return {
    questionId: 'q',
    question: 'Q',
    choices: ['a', 'b'],
    userAnswer: answered ? (isCorrect ? 'a' : 'b') : null,
    correctAnswer: 'a',
    isCorrect,
    explanation: '',
    certainty,
  };
}

describe('certaintySummary (UCL certainty-based marking)', () => {
  it('is null when no answer was marked', () => {
    expect(certaintySummary([q(null, true), q(null, false)])).toBeNull();
  });

  it('marks guessing 1/0, fairly sure 2/−2, sure 3/−6, and counts accuracy by level', () => {
    const summary = certaintySummary([
      q('guessing', true), // 1
      q('guessing', false), // 0
      q('fairly-sure', true), // 2
      q('fairly-sure', false), // -2
      q('sure', true), // 3
      q('sure', true), // 3
      q('sure', false), // -6
      q('sure', false, false), // unanswered: not counted
    ]);
    expect(summary?.mark).toBe(1 + 0 + 2 - 2 + 3 + 3 - 6);
    expect(summary?.maxMark).toBe(7 * 3);
    expect(summary?.levels).toEqual([
      { level: 'guessing', answered: 2, correct: 1, percentCorrect: 50 },
      { level: 'fairly-sure', answered: 2, correct: 1, percentCorrect: 50 },
      { level: 'sure', answered: 3, correct: 2, percentCorrect: 67 },
    ]);
    // 67 % when sure (below 80 %): over-confident.
    expect(summary?.calibration).toBe('over');
  });

  it('calls right answers marked as guesses under-confident, and well-placed certainty good', () => {
    const under = certaintySummary([
      q('guessing', true),
      q('guessing', true),
      q('guessing', true),
      q('guessing', true),
    ]);
    expect(under?.calibration).toBe('under');
    const good = certaintySummary([
      q('sure', true),
      q('sure', true),
      q('sure', true),
      q('sure', true),
      q('sure', true),
      q('guessing', false),
      q('guessing', true),
      q('guessing', false),
    ]);
    expect(good?.calibration).toBe('good');
    // Too few answers at any level to judge.
    expect(certaintySummary([q('sure', false), q('guessing', true)])?.calibration).toBeNull();
  });
});
