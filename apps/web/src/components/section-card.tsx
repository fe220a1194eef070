import { useId, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * A titled part of a page: an outlined card whose h2 names the section for screen readers. `header`
 * places the heading in a row of its own making (e.g. beside a button); otherwise it stands alone.
 */
export function SectionCard({
  title,
  titleVariant = 'h6',
  gutterBottom = false,
  header,
  mb,
  children,
}: {
  title: string;
  titleVariant?: 'h5' | 'h6';
  gutterBottom?: boolean;
  header?: (heading: ReactNode) => ReactNode;
  /** Space under the card (theme spacing units). */
  mb?: number;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = (
    <Typography id={headingId} component="h2" variant={titleVariant} gutterBottom={gutterBottom}>
      {title}
    </Typography>
  );
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, mb }}
    >
      {header ? header(heading) : heading}
      {children}
    </Paper>
  );
}
