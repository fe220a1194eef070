import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import { PageHeader } from './page-sections.tsx';

/** Centered spinner for a page or section that is loading. */
export function PageLoading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
      <CircularProgress aria-label={label} />
    </Box>
  );
}

/**
 * The shape of an edit page while it loads: its title, then a block for each part (heights in px), all
 * one status named by `label` ('Loading course').
 */
export function PageSkeleton({
  label,
  titleWidth,
  blocks,
  spacing = 2,
}: {
  label: string;
  titleWidth: string;
  blocks: readonly number[];
  spacing?: number;
}) {
  return (
    <Stack spacing={spacing} role="status" aria-label={label}>
      <Skeleton variant="text" width={titleWidth} height={56} />
      {blocks.map((height, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}

/** A page header's way back to its list ('Back to articles'). */
export function BackButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button component={RouterLink} to={to}>
      {children}
    </Button>
  );
}

/** An edit page whose record could not be loaded: its title, the way back, and why. */
export function PageLoadFailed({
  title,
  back,
  message,
}: {
  title: string;
  back: ReactNode;
  message: string;
}) {
  return (
    <>
      <PageHeader title={title} actions={back} />
      <Alert severity="error">{message}</Alert>
    </>
  );
}
