import { describe, expect, it } from 'vitest';
import { normaliseLinkUrl, articleProblem } from './article-rules.ts';
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

  it('requires title, category and content text', () => {
    const draft = { title: 'T', summary: '', category: 'medical' as const, status: 'draft' as const };
    expect(articleProblem(draft, 'Body')).toBeNull();
    expect(articleProblem(draft, '   ')).toBe('Please fill in all required fields');
    expect(articleProblem({ ...draft, category: '' }, 'Body')).toBe('Please fill in all required fields');
  });

  it("reports AI failures as 'Failed to generate article: {reason}'", () => {
    expect(generateArticleError(new ApiError(503, 'AI drafting is not configured'))).toBe(
      'Failed to generate article: AI drafting is not configured',
    );
    expect(generateArticleError(new ApiError(0))).toBe('Failed to generate article: Network error');
  });
});
