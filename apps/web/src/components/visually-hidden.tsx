import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

/** Styles that hide content on screen but keep it for screen readers. */
const visuallyHiddenSx = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** Text only screen readers read (e.g. a chart's summary). */
export function VisuallyHidden({
  children,
  component = 'span',
}: {
  children: ReactNode;
  component?: 'span' | 'div' | 'p' | 'h2';
}) {
  return (
    <Box component={component} sx={visuallyHiddenSx}>
      {children}
    </Box>
  );
}
