import sanitizeHtml from 'sanitize-html';

/**
 * The article allow-list: headings, paragraphs, lists, emphasis, links with safe schemes, images with
 * http(s) sources, tables, blockquotes and code. No script, style, iframe, event handler or inline
 * style survives; links open safely. Run on every write (the browser runs DOMPurify again on render).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'blockquote',
    'code',
    'pre',
    'sub',
    'sup',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The contents of these are dropped entirely, not kept as text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...attribs,
        rel: 'noopener noreferrer nofollow',
        ...(attribs.target ? { target: '_blank' } : {}),
      },
    }),
  },
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of an HTML fragment (for previews and search), whitespace collapsed. */
export function htmlToText(html: string): string {
  // Block-level closing tags become spaces so "<h2>A</h2><p>B</p>" reads "A B".
  const spaced = html.replace(/<\/(h[1-6]|p|li|blockquote|td|th|tr|pre)>|<br\s*\/?>/gi, ' $&');
  return sanitizeHtml(spaced, {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: ['script', 'style', 'textarea', 'noscript'],
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** The stored preview: plain text, cut at a word boundary near 300 characters (the UI shows 150). */
export function articlePreview(html: string): string {
  const text = htmlToText(html);
  if (text.length <= 300) return text;
  const cut = text.slice(0, 300);
  return cut.slice(0, Math.max(cut.lastIndexOf(' '), 200));
}
