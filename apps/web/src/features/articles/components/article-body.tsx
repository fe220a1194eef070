import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { sanitizeArticleHtml } from '../sanitize-article.ts';

/** The article's HTML, sanitised again and styled with the theme's typography. */
export function ArticleBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeArticleHtml(html), [html]);
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
        '& table': {
          display: 'block',
          overflowX: 'auto',
          maxWidth: '100%',
          borderCollapse: 'collapse',
          my: 2.5,
          fontSize: '0.95rem',
        },
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
        '& pre': { bgcolor: 'grey.100', p: 2, borderRadius: 1, overflowX: 'auto', '& code': { p: 0 } },
        '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 3 },
      })}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
