import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * One card of an administrator's list (cohorts, mocks, a cohort's assignments): an `li` holding its title
 * (an h3), the `details` lines under it, and `actions` beside them (under them on a phone); `children`
 * come below (what a button opened). A list whose cards may carry a badge beside the title (a chip) passes
 * `badge` on every card, false where there is none, so the titles line up alike.
 */
export function ListCard({
  title,
  badge,
  details,
  actions,
  children,
}: {
  title: string;
  badge?: ReactNode;
  details: ReactNode;
  actions: ReactNode;
  children?: ReactNode;
}) {
  const heading = (
    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
      {title}
    </Typography>
  );
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Box sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {badge === undefined ? (
            heading
          ) : (
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              {heading}
              {badge}
            </Stack>
          )}
          {details}
        </Box>
        {actions}
      </Stack>
      {children}
    </Paper>
  );
}
