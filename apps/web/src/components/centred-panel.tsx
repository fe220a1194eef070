import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';

const CENTRED = { p: { xs: 3, sm: 5 }, textAlign: 'center' } as const;

/**
 * An outlined panel with its content centred, standing for what is not there (a list with nothing in it,
 * a sitting paused or waiting). With `headingId` it is a section named by that heading.
 */
export function CentredPanel({ headingId, children }: { headingId?: string; children: ReactNode }) {
  return headingId === undefined ? (
    <Paper variant="outlined" sx={CENTRED}>
      {children}
    </Paper>
  ) : (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={CENTRED}>
      {children}
    </Paper>
  );
}
