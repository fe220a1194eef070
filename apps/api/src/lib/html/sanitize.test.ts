import { describe, expect, it } from 'vitest';
import { isHarmless, XSS_PAYLOADS } from '../../../test/xss.ts';
import { articlePreview, htmlToText, sanitizeArticleHtml } from './sanitize.ts';

describe('sanitizeArticleHtml', () => {
  it.each(XSS_PAYLOADS)('neutralises %s', (payload) => {
    const clean = sanitizeArticleHtml(payload);
    expect(isHarmless(clean)).toBe(true);
    // Script text may survive only as inert, escaped text, never inside a tag or attribute.
    for (const tag of clean.match(/<[^>]*>/g) ?? []) expect(tag).not.toMatch(/alert|msgbox/i);
  });

  it('keeps the allowed rich-text structure', () => {
    const html =
      '<h2>Heading</h2><p>Text with <strong>bold</strong>, <em>italic</em> and a <a href="https://nice.org.uk">link</a>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote>quote</blockquote><table><tbody><tr><td>cell</td></tr></tbody></table>' +
      '<img src="https://example.com/a.png" alt="diagram"><pre><code>x = 1</code></pre>';
    const clean = sanitizeArticleHtml(html);
    for (const fragment of [
      '<h2>Heading</h2>',
      '<strong>bold</strong>',
      '<em>italic</em>',
      '<ul><li>one</li></ul>',
      '<blockquote>quote</blockquote>',
      '<td>cell</td>',
      'alt="diagram"',
      '<code>x = 1</code>',
    ]) {
      expect(clean).toContain(fragment);
    }
    expect(clean).toContain('href="https://nice.org.uk" rel="noopener noreferrer nofollow"');
  });

  it("keeps the editor's tables, dropping only their inline sizing", () => {
    const fromEditor =
      '<table style="min-width: 50px"><colgroup><col style="min-width: 25px"><col style="min-width: 25px"></colgroup>' +
      '<tbody><tr><th colspan="1" rowspan="1"><p>Drug</p></th><th colspan="1" rowspan="1"><p>Dose</p></th></tr>' +
      '<tr><td colspan="1" rowspan="1"><p>Amoxicillin</p></td><td colspan="1" rowspan="1"><p>500 mg</p></td></tr></tbody></table>';
    expect(sanitizeArticleHtml(fromEditor)).toBe(
      '<table><tbody><tr><th colspan="1" rowspan="1"><p>Drug</p></th><th colspan="1" rowspan="1"><p>Dose</p></th></tr>' +
        '<tr><td colspan="1" rowspan="1"><p>Amoxicillin</p></td><td colspan="1" rowspan="1"><p>500 mg</p></td></tr></tbody></table>',
    );
    expect(htmlToText(fromEditor)).toBe('Drug Dose Amoxicillin 500 mg');
  });

  it('keeps blocks apart, whichever block tags they use', () => {
    expect(htmlToText('<h2>Heading</h2><div>Body</div><ul><li>one</li><li>two</li></ul>')).toBe(
      'Heading Body one two',
    );
    expect(htmlToText('<h3>Heading</h3><section><p>Body</p></section>')).toBe('Heading Body');
  });

  it('cuts previews at a word boundary within 150 characters, with an ellipsis', () => {
    const words = 'Sepsis is a medical emergency, and early recognition saves lives. '.repeat(4);
    const preview = articlePreview(`<h2>Sepsis</h2><p>${words}</p>`);
    expect(preview.endsWith('\u2026')).toBe(true);
    expect(Array.from(preview).length).toBeLessThanOrEqual(151);
    const body = preview.slice(0, -1);
    expect(`Sepsis ${words}`.startsWith(body)).toBe(true);
    // The cut falls between words: the next character of the full text is a space (or punctuation).
    expect(`Sepsis ${words}`.charAt(body.length)).toMatch(/[\s,.]/);
    expect(articlePreview('<p>Short text.</p>')).toBe('Short text.');
    expect(articlePreview(`<p>${'x'.repeat(200)}</p>`)).toBe(`${'x'.repeat(150)}\u2026`);
  });

  it('turns markup into plain text for previews', () => {
    expect(htmlToText('<h2>Title</h2><p>Fish &amp; chips<script>x()</script></p>')).toBe(
      'Title Fish & chips',
    );
  });
});
