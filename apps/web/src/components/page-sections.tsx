import { useId, type ReactNode, type Ref } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/* How a page is laid out: its h1 header, then titled sections. */

/** The page's one h1 with its main actions beside it (below it on phones). */
export function PageHeader({
  title,
  subtitle,
  actions,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: 3, alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
    >
      {/* A long unbroken title (a learner's name) wraps rather than widen the page. */}
      <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {subtitle}
          </Typography>
        )}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', flexShrink: 0 }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A titled part of a page: an outlined card whose h2 names the section for screen readers. `header`
 * places the heading in a row of its own making (e.g. beside a button); otherwise it stands alone.
 * `headingId` is for a heading something else points at too (a table it names, a link to it); otherwise
 * the id is made here. With `headingRef` the heading can take the focus (where the page moves it).
 */
export function SectionCard({
  title,
  titleVariant = 'h6',
  titleSx,
  gutterBottom = false,
  header,
  headingId,
  headingRef,
  component = 'section',
  p = { xs: 2, sm: 3 },
  mt,
  mb,
  children,
}: {
  title: string;
  titleVariant?: 'h5' | 'h6' | 'subtitle1';
  titleSx?: SxProps<Theme>;
  gutterBottom?: boolean;
  header?: (heading: ReactNode) => ReactNode;
  headingId?: string;
  headingRef?: Ref<HTMLHeadingElement>;
  /** An aside is a part beside the page's main content (a pointer to elsewhere). */
  component?: 'section' | 'aside';
  /** Padding inside the card (theme spacing units), on phones and from 600 px. */
  p?: { xs: number; sm: number };
  /** Space above the card (theme spacing units). */
  mt?: number;
  /** Space under the card (theme spacing units). */
  mb?: number;
  children: ReactNode;
}) {
  const madeId = useId();
  const id = headingId ?? madeId;
  const heading = (
    <Typography
      id={id}
      ref={headingRef}
      tabIndex={headingRef ? -1 : undefined}
      component="h2"
      variant={titleVariant}
      gutterBottom={gutterBottom}
      sx={titleSx}
    >
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" component={component} aria-labelledby={id} sx={{ p, mt, mb }}>
      {header ? header(heading) : heading}
      {children}
    </Paper>
  );
}
