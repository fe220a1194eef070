import { describe, expect, it } from 'vitest';
import { articleFormSchema, normaliseLinkUrl, requiredFieldMissing } from './article-rules.ts';
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

  it('names each missing required field, in the form order, and passes the body the API takes', () => {
    const values = { title: ' T ', summary: '', category: 'medical' as const, status: 'draft' as const };
    expect(articleFormSchema.parse({ ...values, content: '<p>Body</p>' })).toEqual({
      ...values,
      title: 'T',
      content: '<p>Body</p>',
    });
    const checked = articleFormSchema.safeParse({ ...values, title: '  ', category: '', content: '' });
    expect(checked.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ['title', 'Title is required'],
      ['category', 'Category is required'],
      ['content', 'Article content is required'],
    ]);
    expect(requiredFieldMissing({ category: { message: 'Category is required' } })).toBe(true);
    // The contract's length limits keep their own messages, and are not a missing field.
    const long = articleFormSchema.safeParse({ ...values, title: 'x'.repeat(301), content: '<p>B</p>' });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      'Title must be at most 300 characters',
    ]);
    expect(requiredFieldMissing({ title: { message: 'Title must be at most 300 characters' } })).toBe(false);
  });

  it("reports AI failures as 'Failed to generate article: {reason}'", () => {
    expect(generateArticleError(new ApiError(503, 'AI drafting is not configured'))).toBe(
      'Failed to generate article: AI drafting is not configured',
    );
    expect(generateArticleError(new ApiError(0))).toBe('Failed to generate article: Network error');
  });
});
