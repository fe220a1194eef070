import { describe, expect, it } from 'vitest';
import { alphaVerdict, formatDiscrimination, formatPercent, optionLetter } from './item-analysis-text.ts';

describe('item analysis formats', () => {
  it('percentages, discrimination and alpha in words', () => {
    expect(formatPercent(83.3)).toBe('83.3%');
    expect(formatPercent(50)).toBe('50%');
    expect(formatPercent(null)).toBe('–');
    expect(formatDiscrimination(0.108)).toBe('0.11');
    expect(formatDiscrimination(-0.5)).toBe('−0.50');
    expect(formatDiscrimination(null)).toBe('–');
    expect(alphaVerdict(0.93)).toMatch(/high-stakes/);
    expect(alphaVerdict(0.82)).toBe('Good');
    expect(alphaVerdict(0.71)).toBe('Acceptable for practice');
    expect(alphaVerdict(-0.3)).toMatch(/^Low/);
    expect(alphaVerdict(null)).toBeNull();
    expect(optionLetter(0)).toBe('A');
    expect(optionLetter(5)).toBe('F');
  });
});
