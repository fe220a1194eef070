import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { sanitizeArticleHtml } from '../sanitize-article.ts';

/** The class of the box each table and code block scrolls sideways in. */
const SCROLL_CLASS = 'article-scroll';

/**
 * Wraps each table and code block in a box that scrolls sideways on a narrow screen. A keyboard user
 * must be able to scroll it too (WCAG 2.1.1; axe scrollable-region-focusable): the box takes focus
 * (then the arrow keys scroll it) and is a named region, so a screen reader says what the stop is.
 */
function wrapScrollables(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const counts = { table: 0, pre: 0 };
  for (const element of template.content.querySelectorAll('table, pre')) {
    const kind = element.tagName === 'TABLE' ? 'table' : 'pre';
    counts[kind] += 1;
    const caption = kind === 'table' ? element.querySelector('caption')?.textContent?.trim() : '';
    const wrapper = document.createElement('div');
    wrapper.className = SCROLL_CLASS;
    wrapper.setAttribute('tabindex', '0');
    wrapper.setAttribute('role', 'region');
    wrapper.setAttribute(
      'aria-label',
      caption || (kind === 'table' ? `Table ${counts.table}` : `Code block ${counts.pre}`),
    );
    element.replaceWith(wrapper);
    wrapper.append(element);
  }
  return template.innerHTML;
}

/** The article's HTML, sanitised again and styled with the theme's typography. */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => wrapScrollables(sanitizeArticleHtml(html)), [html]);
  return (
    <Box
      sx={(theme) => ({
        ...theme.typography.body1,
        fontSize: '1.05rem',
        lineHeight: 1.75,
        wordBreak: 'break-word',
        '& > :first-of-type': { mt: 0 },
        '& h1': { ...theme.typography.h4, mt: 4, mb: 2 },
        '& h2': { ...theme.typography.h5, fontWeight: 600, mt: 4, mb: 1.5 },
        '& h3': { ...theme.typography.h6, mt: 3, mb: 1 },
        '& h4, & h5, & h6': { ...theme.typography.subtitle1, fontWeight: 700, mt: 2.5, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3.5, my: 1.5 },
        '& li': { mb: 0.5 },
        '& li > p': { my: 0.5 },
        '& a': { color: 'primary.main', textDecoration: 'underline', textUnderlineOffset: '2px' },
        '& a:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
        '& blockquote': {
          mx: 0,
          my: 2.5,
          py: 1,
          px: 2.5,
          borderLeft: '4px solid',
          borderColor: 'primary.light',
          bgcolor: 'action.hover',
          borderRadius: '0 8px 8px 0',
          color: 'text.secondary',
          '& p': { my: 0.5 },
        },
        [`& .${SCROLL_CLASS}`]: {
          overflowX: 'auto',
          maxWidth: '100%',
          my: 2.5,
          borderRadius: 1,
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: '2px' },
          '& > pre': { my: 0 },
        },
        '& table': { borderCollapse: 'collapse', fontSize: '0.95rem' },
        // Narrow screens scroll the table sideways instead of breaking words letter by letter.
        '& th, & td': {
          border: 1,
          borderColor: 'divider',
          px: 1.5,
          py: 1,
          textAlign: 'left',
          verticalAlign: 'top',
          minWidth: '9rem',
          wordBreak: 'normal',
        },
        '& th': { bgcolor: 'grey.100', fontWeight: 600 },
        '& img': { maxWidth: '100%', height: 'auto', borderRadius: 1 },
        '& code': {
          fontFamily: 'monospace',
          bgcolor: 'grey.100',
          px: 0.5,
          borderRadius: 0.5,
          fontSize: '0.9em',
        },
        // Code keeps its lines: its box scrolls sideways instead.
        '& pre': {
          bgcolor: 'grey.100',
          p: 2,
          borderRadius: 1,
          width: 'max-content',
          minWidth: '100%',
          '& code': { p: 0 },
        },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
      })}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
