import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleCategoryLabel, articlePreview } from './article-text.ts';

describe('articlePreview (spec: first 150 characters)', () => {
  it('keeps short text whole', () => {
    expect(articlePreview('A short preview.')).toBe('A short preview.');
    expect(articlePreview('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it("cuts longer text at a word boundary within 150 characters and adds '…'", () => {
    expect(articlePreview(`${'y'.repeat(150)}more`)).toBe(`${'y'.repeat(150)}\u2026`);
    const text = 'Early recognition of sepsis saves lives. '.repeat(5);
    const preview = articlePreview(text);
    expect(preview).toBe(
      `${'Early recognition of sepsis saves lives. '.repeat(3)}Early recognition of sepsis\u2026`,
    );
    // The server's preview (150 characters and '…') is shown as it is.
    expect(articlePreview(`${'z'.repeat(150)}\u2026`)).toBe(`${'z'.repeat(150)}\u2026`);
  });

  it('collapses whitespace and copes with missing text', () => {
    expect(articlePreview('  Why   critical\n\nappraisal  ')).toBe('Why critical appraisal');
    expect(articlePreview(undefined)).toBe('');
  });

  it('is always whole words of the text, never longer than 150 + 1', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'grapheme-ascii' }), (raw) => {
        const plain = raw.replace(/\s+/g, ' ').trim();
        const preview = articlePreview(raw);
        expect(preview.length).toBeLessThanOrEqual(151);
        if (plain.length > 150) {
          expect(preview.endsWith('\u2026')).toBe(true);
          const words = preview.slice(0, -1);
          expect(plain.startsWith(words)).toBe(true);
          // Cut between words, unless the first word alone is longer than 150 characters.
          if (words.length < 150) expect(plain.charAt(words.length)).toMatch(/[\s,;:.!?\u2013\u2014-]/);
        } else {
          expect(preview).toBe(plain);
        }
      }),
    );
  });
});

describe('articleCategoryLabel', () => {
  it('title-cases categories', () => {
    expect(articleCategoryLabel('exam-prep')).toBe('Exam Prep');
    expect(articleCategoryLabel('research')).toBe('Research');
  });
});
