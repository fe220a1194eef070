import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDuration } from '../../lib/format.ts';
import {
  answeredCount,
  flaggedIndices,
  flaggedMessage,
  secondsLeftAt,
  elapsedSecondsAt,
  progressPercent,
  questionPositionLabel,
  unansweredMessage,
} from './exam-progress.ts';
import { navigatorLabel } from '../../components/sitting/navigator-label.ts';
import { keyToChoicePosition } from '../../components/sitting/sitting-keys.ts';

describe('progress (spec §4: current question number / total × 100)', () => {
  it('is the current number over the total', () => {
    expect(progressPercent(0, 4)).toBe(25);
    expect(progressPercent(1, 4)).toBe(50);
    expect(progressPercent(3, 4)).toBe(100);
    expect(progressPercent(0, 3)).toBeCloseTo(33.333, 2);
  });

  it('is 0 for an empty exam and stays within 0–100', () => {
    expect(progressPercent(0, 0)).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: -5, max: 600 }), (total, index) => {
        const value = progressPercent(index, total);
        expect(value).toBeGreaterThan(0);
        expect(value).toBeLessThanOrEqual(100);
      }),
    );
  });

  it("labels the position 'Question i of n'", () => {
    expect(questionPositionLabel(0, 25)).toBe('Question 1 of 25');
    expect(questionPositionLabel(24, 25)).toBe('Question 25 of 25');
  });
});

describe('answers and the navigator', () => {
  const questions = [
    { _id: 'a', question: 'A?', choices: ['1', '2'], topic: 'General' },
    { _id: 'b', question: 'B?', choices: ['1', '2'], topic: 'General' },
    { _id: 'c', question: 'C?', choices: ['1', '2'], topic: 'General' },
  ];

  it('counts answered questions among those served', () => {
    expect(answeredCount(questions, { a: '1', c: '2', stray: 'x' })).toBe(2);
  });

  it('says how many are unanswered', () => {
    expect(unansweredMessage(0)).toBe('');
    expect(unansweredMessage(1)).toBe('You have 1 unanswered question. Unanswered questions count as wrong.');
    expect(unansweredMessage(3)).toMatch(/^You have 3 unanswered questions\./);
  });

  it('names navigator buttons', () => {
    expect(navigatorLabel(3, true)).toBe('Question 3, answered');
    expect(navigatorLabel(4, false)).toBe('Question 4, unanswered');
  });

  it('maps keys 1–6 to choice positions that exist', () => {
    expect(keyToChoicePosition('1', 4)).toBe(0);
    expect(keyToChoicePosition('4', 4)).toBe(3);
    expect(keyToChoicePosition('5', 4)).toBeNull();
    expect(keyToChoicePosition('6', 6)).toBe(5);
    expect(keyToChoicePosition('7', 6)).toBeNull();
    expect(keyToChoicePosition('0', 6)).toBeNull();
    expect(keyToChoicePosition('ArrowLeft', 6)).toBeNull();
  });
});

describe('the elapsed timer', () => {
  it('continues from the server clock and ticks in whole seconds', () => {
    const base = 1_000_000;
    expect(elapsedSecondsAt(base, 125, base)).toBe(125);
    expect(elapsedSecondsAt(base, 125, base + 999)).toBe(125);
    expect(elapsedSecondsAt(base, 125, base + 1000)).toBe(126);
    expect(elapsedSecondsAt(base, 0, base - 5000)).toBe(0);
  });

  it('shows HH:MM:SS', () => {
    const base = 0;
    expect(formatDuration(elapsedSecondsAt(base, 0, 0))).toBe('00:00:00');
    expect(formatDuration(elapsedSecondsAt(base, 59, 1000))).toBe('00:01:00');
    expect(formatDuration(elapsedSecondsAt(base, 3599, 1000))).toBe('01:00:00');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 359_999 }), (seconds) => {
        const text = formatDuration(seconds);
        expect(text).toMatch(/^\d{2}:[0-5]\d:[0-5]\d$/);
        const [h, m, s] = text.split(':').map(Number) as [number, number, number];
        expect(h * 3600 + m * 60 + s).toBe(seconds);
      }),
    );
  });
});

describe('flags and the countdown (decision 0037)', () => {
  it('names flagged questions in the navigator and counts them for the dialog', () => {
    expect(navigatorLabel(4, false, true)).toBe('Question 4, unanswered, flagged');
    expect(navigatorLabel(4, true)).toBe('Question 4, answered');
    expect(flaggedMessage(0)).toBe('');
    expect(flaggedMessage(1)).toBe('You have 1 flagged question.');
    expect(flaggedMessage(3)).toBe('You have 3 flagged questions.');
    const questions = ['a', 'b', 'c'].map((id) => ({ _id: id, question: id, choices: [], topic: 'General' }));
    expect(flaggedIndices(questions, ['c', 'a', 'zz'])).toEqual([0, 2]);
    expect(secondsLeftAt(10_000, 0)).toBe(10);
    expect(secondsLeftAt(10_000, 9_001)).toBe(1);
    expect(secondsLeftAt(10_000, 12_000)).toBe(0);
  });
});
