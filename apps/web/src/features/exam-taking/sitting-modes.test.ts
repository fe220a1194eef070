import { describe, expect, it } from 'vitest';
import { allowedModes, formatAllowance, modeDescription, parseMode, takePath } from './sitting-modes.ts';

describe('sitting modes', () => {
  it('keeps the spec’s address for the plain exam and adds the mode otherwise', () => {
    expect(takePath('e1', 'exam')).toBe('/exams/e1/take');
    expect(takePath('e1', 'timed')).toBe('/exams/e1/take?mode=timed');
    expect(parseMode('tutor')).toBe('tutor');
    expect(parseMode('other')).toBeUndefined();
    expect(parseMode(null)).toBeUndefined();
  });

  it('lists only the allowed modes, exam first', () => {
    expect(allowedModes(['tutor', 'exam'])).toEqual(['exam', 'tutor']);
  });

  it('says how long a timed sitting gives', () => {
    expect(formatAllowance(20)).toBe('20 s');
    expect(formatAllowance(40 * 90)).toBe('1 h');
    expect(formatAllowance(50 * 90)).toBe('1 h 15 min');
    expect(modeDescription('timed', 40, 90)).toContain('A countdown of 1 h (90 s a question)');
  });
});
