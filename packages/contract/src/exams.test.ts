import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { penceToPounds, poundsToPence } from './exams.ts';

describe('money', () => {
  it('converts typed pounds to exact pence', () => {
    expect(poundsToPence('4.99')).toBe(499);
    expect(poundsToPence(9.99)).toBe(999);
    expect(poundsToPence('10')).toBe(1000);
    expect(poundsToPence('0.1')).toBe(10);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence('1.234')).toBeNaN();
    expect(poundsToPence('-1')).toBeNaN();
  });

  it('round-trips every price in pence', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (pence) => {
        expect(poundsToPence(penceToPounds(pence))).toBe(pence);
      }),
    );
  });
});
