import { describe, expect, it } from 'vitest';
import { missingArticleFields, normaliseLinkUrl } from './article-rules.ts';
import { generateArticleError } from './components/generate-article-dialog.tsx';
import { ApiError } from '../../lib/api-client.ts';

describe('articles', () => {
  it('allows only http, https and mailto links', () => {
    expect(normaliseLinkUrl('https://www.nice.org.uk/guidance')).toBe('https://www.nice.org.uk/guidance');
    expect(normaliseLinkUrl('www.bnf.org')).toBe('https://www.bnf.org');
    expect(normaliseLinkUrl('mailto:editor@example.com')).toBe('mailto:editor@example.com');
    expect(normaliseLinkUrl('javascript:alert(1)')).toBeNull();
    expect(normaliseLinkUrl('data:text/html,<b>x</b>')).toBeNull();
    expect(normaliseLinkUrl('  ')).toBeNull();
  });

  it('lists the missing required fields in the form order, counting markup without words as empty', () => {
    const draft = { title: 'T', summary: '', category: 'medical' as const, status: 'draft' as const };
    expect(missingArticleFields(draft, 'Body')).toEqual([]);
    expect(missingArticleFields(draft, '   ')).toEqual(['content']);
    expect(missingArticleFields({ ...draft, category: '' }, 'Body')).toEqual(['category']);
    expect(missingArticleFields({ ...draft, title: '  ', category: '' }, '')).toEqual([
      'title',
      'category',
      'content',
    ]);
  });

  it("reports AI failures as 'Failed to generate article: {reason}'", () => {
    expect(generateArticleError(new ApiError(503, 'AI drafting is not configured'))).toBe(
      'Failed to generate article: AI drafting is not configured',
    );
    expect(generateArticleError(new ApiError(0))).toBe('Failed to generate article: Network error');
  });
});
