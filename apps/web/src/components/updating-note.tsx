import Typography from '@mui/material/Typography';

/**
 * How often a page whose figures wait for the learner's latest results asks again (decision 0075: a job
 * adds them within seconds of the submit).
 */
export const UPDATING_POLL_MS = 3_000;

/**
 * 'Updating…' under a page's heading while the learner's latest results are still being added to its
 * figures (decision 0075), so a number a few seconds behind is never taken for the whole story. A polite
 * status: read out once when it appears.
 */
export function UpdatingNote({ children }: { children: string }) {
  return (
    <Typography role="status" color="text.secondary" sx={{ mb: 2 }}>
      Updating… {children}
    </Typography>
  );
}
