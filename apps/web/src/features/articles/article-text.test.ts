import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { articleCategoryLabel, articlePreview } from './article-text.ts';

describe('articlePreview (spec: first 150 characters)', () => {
  it('keeps short text whole', () => {
    expect(articlePreview('A short preview.')).toBe('A short preview.');
    expect(articlePreview('x'.repeat(150))).toBe('x'.repeat(150));
  });

  it("cuts longer text at 150 characters and adds '...'", () => {
    expect(articlePreview(`${'y'.repeat(150)}more`)).toBe(`${'y'.repeat(150)}...`);
  });

  it('collapses whitespace and copes with missing text', () => {
    expect(articlePreview('  Why   critical\n\nappraisal  ')).toBe('Why critical appraisal');
    expect(articlePreview(undefined)).toBe('');
  });

  it('is always a prefix of the text, never longer than 150 + 3', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400, unit: 'grapheme-ascii' }), (raw) => {
        const plain = raw.replace(/\s+/g, ' ').trim();
        const preview = articlePreview(raw);
        expect(preview.length).toBeLessThanOrEqual(153);
        if (plain.length > 150) {
          expect(preview).toBe(`${plain.slice(0, 150)}...`);
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
