import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CentredPanel } from './centred-panel.tsx';

/* What a paged list of a learner's or an administrator's things shows: nothing yet, or one page. */

/** A list with nothing in it: its line, then (when there is one) the way to something to fill it. */
export function EmptyState({ text, action }: { text: ReactNode; action?: ReactNode }) {
  return (
    <CentredPanel>
      <Typography sx={action ? { mb: 2 } : undefined}>{text}</Typography>
      {action}
    </CentredPanel>
  );
}

/**
 * One page of a list, named by `label`: dimmed and marked busy while the next page loads in its place
 * (`busy`, a query's isPlaceholderData); with `fade`, it fades in and out of that over 150 ms.
 */
export function ListPage({
  label,
  busy,
  component = 'ul',
  spacing = 1.5,
  fade = false,
  children,
}: {
  label: string;
  busy: boolean;
  component?: 'ul' | 'ol';
  spacing?: number;
  fade?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack
      component={component}
      spacing={spacing}
      aria-label={label}
      aria-busy={busy}
      sx={{ p: 0, m: 0, opacity: busy ? 0.6 : 1, ...(fade && { transition: 'opacity 150ms' }) }}
    >
      {children}
    </Stack>
  );
}

/** The way from a learner's empty list (nothing taken, nothing subscribed) to the exam catalogue. */
export function BrowseExamsButton() {
  return (
    <Button component={RouterLink} to="/exams" variant="contained">
      Browse Exams
    </Button>
  );
}
