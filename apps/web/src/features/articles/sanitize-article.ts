import DOMPurify from 'dompurify';

/*
 * The server already sanitises article HTML (ADR 0011); this is defence in depth. A private DOMPurify
 * instance keeps the link hook below from affecting anyone else's use of the library.
 */
let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier(): ReturnType<typeof DOMPurify> {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  // Links to other sites open in a new tab without giving it access to this page.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^https?:\/\//i.test(href)) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    } else {
      node.removeAttribute('target');
    }
  });
  return purifier;
}

/** Article HTML made safe to render: no scripts, handlers, styles, frames or forms. */
export function sanitizeArticleHtml(html: string): string {
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
}
