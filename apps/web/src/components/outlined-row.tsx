import type { ReactNode } from 'react';
import Box from '@mui/material/Box';

const LAYOUTS = {
  /** text and action side by side */
  row: { alignItems: 'center', gap: 2 },
  /** the action under the text on a phone, beside it from 600 px */
  stack: {
    flexDirection: { xs: 'column', sm: 'row' },
    alignItems: { xs: 'stretch', sm: 'center' },
    gap: { xs: 1, sm: 2 },
  },
  /** the actions wrap under the text when they do not fit */
  wrap: { flexWrap: 'wrap', alignItems: 'center', gap: 1.5 },
} as const;

/**
 * One bordered row of a short list on the dashboard and beside it (in-progress sittings, enrolled courses,
 * mock exams, subscriptions): an `li`, so the list around it is a `ul`.
 */
export function OutlinedRow({
  layout = 'row',
  children,
}: {
  layout?: keyof typeof LAYOUTS;
  children: ReactNode;
}) {
  return (
    <Box
      component="li"
      sx={{
        listStyle: 'none',
        display: 'flex',
        p: 1.5,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        ...LAYOUTS[layout],
      }}
    >
      {children}
    </Box>
  );
}
