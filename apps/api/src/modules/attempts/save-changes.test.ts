import { describe, expect, it } from 'vitest';
import { mergeChanges, namedQuestions, type HeldProgress } from './save-changes.ts';

const held: HeldProgress = {
  answers: { q1: 'A', q2: 'B' },
  flags: ['q1'],
  strikes: { q1: ['C'], q2: ['D'] },
  certainties: { q1: 'sure' },
};

describe('mergeChanges', () => {
  it('sets, replaces and removes what the changes name and keeps the rest', () => {
    expect(
      mergeChanges(held, {
        answers: { q1: null, q3: 'E' },
        strikes: { q1: [], q3: ['F'] },
        certainties: { q1: null, q3: 'guessing' },
      }),
    ).toEqual({
      answers: { q2: 'B', q3: 'E' },
      flags: ['q1'],
      strikes: { q2: ['D'], q3: ['F'] },
      certainties: { q3: 'guessing' },
    });
  });

  it('replaces the flags only when they are sent, and never changes what it was given', () => {
    expect(mergeChanges(held, { flags: [] }).flags).toEqual([]);
    expect(mergeChanges(held, {})).toEqual(held);
    expect(held.answers).toEqual({ q1: 'A', q2: 'B' });
  });
});

describe('namedQuestions', () => {
  it('lists each question once', () => {
    expect(
      namedQuestions({
        answers: { q1: 'A' },
        flags: ['q1', 'q2'],
        strikes: { q3: [] },
        certainties: { q2: null },
      }),
    ).toEqual(['q1', 'q2', 'q3']);
  });
});
