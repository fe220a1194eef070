import { describe, expect, it } from 'vitest';
import { sanitizeArticleHtml } from './sanitize-article.ts';

describe('sanitizeArticleHtml', () => {
  it('keeps article markup', () => {
    const html =
      '<h2>Title</h2><p>Text <strong>bold</strong></p><ul><li>One</li></ul><blockquote>Q</blockquote>';
    expect(sanitizeArticleHtml(html)).toBe(html);
  });

  it('removes scripts, handlers, inline styles and javascript: links', () => {
    const clean = sanitizeArticleHtml(
      '<p style="color:red" onclick="alert(1)">Hi</p><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)">',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|style=|javascript:/i);
    expect(clean).toContain('<p>Hi</p>');
  });

  it('opens external links safely in a new tab, and leaves in-page links alone', () => {
    const clean = sanitizeArticleHtml(
      '<a href="https://example.com">out</a><a href="#part-2" target="_blank">in</a>',
    );
    expect(clean).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">out</a>',
    );
    expect(clean).toContain('<a href="#part-2">in</a>');
  });
});
