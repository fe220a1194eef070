import sanitizeHtml from 'sanitize-html';
import { ARTICLE_PREVIEW_LENGTH } from '@mlp/contract';

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

/** Tags that start or end a block of text: their words never run into the next block's. */
const BLOCK_TAG =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul)\b[^>]*>/gi;

/** Plain text of an HTML fragment (for previews and search), whitespace collapsed. */
export function htmlToText(html: string): string {
  // Every block tag, opening or closing, becomes a space so "<h2>A</h2><div>B</div>" reads "A B".
  const spaced = html.replace(BLOCK_TAG, ' $& ');
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

/**
 * The stored preview (spec §9: 150 characters): the plain text, or when longer its first words that fit
 * in 150 characters followed by '…' (decision 0022). A first word longer than that is cut.
 */
export function articlePreview(html: string, maxLength: number = ARTICLE_PREVIEW_LENGTH): string {
  const characters = Array.from(htmlToText(html));
  if (characters.length <= maxLength) return characters.join('');
  const cut = characters.slice(0, maxLength + 1).join('');
  const lastSpace = cut.lastIndexOf(' ');
  const words = lastSpace > 0 ? cut.slice(0, lastSpace) : characters.slice(0, maxLength).join('');
  return `${words.replace(/[\s,;:.!?\u2013\u2014-]+$/u, '')}\u2026`;
}
