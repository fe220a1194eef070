import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  choiceAt,
  displayedChoices,
  displayedRationales,
  shuffledIndices,
  shuffleQuestionChoices,
} from './choice-order.ts';

/** A deterministic RandomSource from fast-check's numbers in [0, 1). */
const randomSource = fc
  .array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), { minLength: 1, maxLength: 20 })
  .map((values) => {
    let next = 0;
    return () => values[next++ % values.length] as number;
  });

const choiceTexts = fc.uniqueArray(fc.string({ minLength: 1, maxLength: 30 }), {
  minLength: 1,
  maxLength: 6,
});

describe('shuffledIndices (Fisher–Yates)', () => {
  it('is always a permutation of 0..n-1', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50 }), randomSource, (length, random) => {
        const order = shuffledIndices(length, random);
        expect(order).toHaveLength(length);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length }, (_, i) => i));
      }),
    );
  });

  it('copes with a random source that returns exactly 1', () => {
    expect([...shuffledIndices(5, () => 1)].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('reaches every order of three choices', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500 && seen.size < 6; i += 1) seen.add(shuffledIndices(3).join(','));
    expect(seen.size).toBe(6);
  });
});

describe('mapping a shown position back to the original choice', () => {
  it('picking position i yields the text shown at i, and every original choice is shown once', () => {
    fc.assert(
      fc.property(choiceTexts, randomSource, (choices, random) => {
        const order = shuffledIndices(choices.length, random);
        const shown = displayedChoices(choices, order);
        expect([...shown].sort()).toEqual([...choices].sort());
        shown.forEach((text, position) => {
          const picked = choiceAt(choices, order, position);
          expect(picked).toBe(text);
          expect(choices.indexOf(picked as string)).toBe(order[position]);
        });
      }),
    );
  });

  it('returns undefined for a position that does not exist', () => {
    expect(choiceAt(['a', 'b'], [1, 0], 2)).toBeUndefined();
    expect(choiceAt(['a', 'b'], [1, 0], 0)).toBe('b');
  });

  it('shuffles each question separately, keyed by question id', () => {
    const orders = shuffleQuestionChoices(
      [
        { _id: 'q1', choices: ['a', 'b', 'c', 'd'] },
        { _id: 'q2', choices: ['a', 'b', 'c', 'd', 'e', 'f'] },
      ],
      () => 0,
    );
    expect(Object.keys(orders)).toEqual(['q1', 'q2']);
    expect(orders.q1).toHaveLength(4);
    expect(orders.q2).toHaveLength(6);
    expect([...(orders.q2 ?? [])].sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('rationales in display order (decision 0050)', () => {
  it('puts each rationale beside the choice it was written for, whatever the shuffle', () => {
    fc.assert(
      fc.property(choiceTexts, randomSource, (choices, random) => {
        // Each choice's rationale names it, so a misplaced one shows.
        const rationales = choices.map((choice) => `Why ${choice}`);
        const order = shuffledIndices(choices.length, random);
        const shown = displayedChoices(choices, order);
        expect(displayedRationales(rationales, choices.length, order)).toEqual(
          shown.map((choice) => `Why ${choice}`),
        );
      }),
    );
  });

  it('maps a known order, keeping an empty rationale in its place', () => {
    // Shown: C, A, B.
    expect(displayedRationales(['A is wrong', '', 'C is right'], 3, [2, 0, 1])).toEqual([
      'C is right',
      'A is wrong',
      '',
    ]);
  });

  it('keeps "none written" as none, and skips the positions the choices skip', () => {
    expect(displayedRationales([], 4, [3, 1, 0, 2])).toEqual([]);
    expect(displayedRationales(['a', 'b'], 2, [1, 5, 0])).toEqual(['b', 'a']);
    expect(displayedChoices(['A', 'B'], [1, 5, 0])).toEqual(['B', 'A']);
  });
});
