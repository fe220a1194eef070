import { describe, expect, it } from 'vitest';
import { excerpt, searchWords } from './notes.service.ts';

describe('excerpt', () => {
  it('keeps a short text whole, with its spaces made single', () => {
    expect(excerpt('Which  drug\nfirst?', 40)).toBe('Which drug first?');
  });
  it('cuts a long text at a word and marks the cut', () => {
    expect(excerpt('alpha beta gamma delta epsilon', 20)).toBe('alpha beta gamma…');
  });
  it('cuts inside a very long word rather than leaving almost nothing', () => {
    expect(excerpt(`a ${'x'.repeat(30)}`, 10)).toBe(`a ${'x'.repeat(8)}…`);
  });
});

describe('searchWords', () => {
  it('splits on spaces, lower-cases, drops repeats and keeps at most eight', () => {
    expect(searchWords(undefined)).toEqual([]);
    expect(searchWords('  ECG  ecg Rate ')).toEqual(['ecg', 'rate']);
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});
