import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scorePercent } from './results.ts';

describe('scorePercent', () => {
  it('is round(correct / total × 100) and stays within 0..100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 500 }), fc.nat(500), (total, raw) => {
        const correct = raw % (total + 1);
        const score = scorePercent(correct, total);
        expect(score).toBe(Math.round((correct / total) * 100));
        expect(score).toBeGreaterThanOrEqual(0);
        expect(score).toBeLessThanOrEqual(100);
        expect(Number.isInteger(score)).toBe(true);
      }),
    );
  });

  it('gives 0 and 100 at the ends, rounds halves up, and 0 for an empty exam', () => {
    expect(scorePercent(0, 20)).toBe(0);
    expect(scorePercent(20, 20)).toBe(100);
    expect(scorePercent(1, 8)).toBe(13); // 12.5 rounds up
    expect(scorePercent(5, 20)).toBe(25);
    expect(scorePercent(0, 0)).toBe(0);
  });
});
