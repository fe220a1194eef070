import { describe, expect, it } from 'vitest';
import { strikesAnswer, toggledStrike, withoutStrike } from './strikes.ts';

describe('strikes', () => {
  it('strikes an option out and restores it, dropping a question with none left', () => {
    const one = toggledStrike({}, 'q1', 'A');
    expect(one).toEqual({ q1: ['A'] });
    expect(toggledStrike(one, 'q1', 'B')).toEqual({ q1: ['A', 'B'] });
    expect(toggledStrike(one, 'q1', 'A')).toEqual({});
  });

  it('restores a chosen option and leaves others as they were (the same object when nothing changes)', () => {
    const strikes = { q1: ['A', 'B'], q2: ['C'] };
    expect(withoutStrike(strikes, 'q1', 'A')).toEqual({ q1: ['B'], q2: ['C'] });
    expect(withoutStrike(strikes, 'q2', 'C')).toEqual({ q1: ['A', 'B'] });
    expect(withoutStrike(strikes, 'q1', 'D')).toBe(strikes);
    expect(withoutStrike(strikes, 'q3', 'A')).toBe(strikes);
  });

  it('says when striking out takes the answer back: only the chosen option, only when striking', () => {
    expect(strikesAnswer({}, 'q1', 'A', 'A')).toBe(true);
    expect(strikesAnswer({}, 'q1', 'B', 'A')).toBe(false);
    expect(strikesAnswer({}, 'q1', 'A', undefined)).toBe(false);
    // Restoring an option (already struck) never touches the answer.
    expect(strikesAnswer({ q1: ['A'] }, 'q1', 'A', 'A')).toBe(false);
  });
});
