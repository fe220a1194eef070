import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { errorMessage } from '../lib/api-client.ts';

/**
 * A page's load error: the spec's error text and a 'Try again' button that loads it again (decision
 * 0022). `onRetry` is usually a query's `refetch`.
 */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Try again
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

/**
 * A query's section before it has data: a spinner named `label` while it loads, then, if it failed, the
 * LoadError with `errorText` (or the server's message) and 'Try again'. Nothing once it has loaded.
 */
export function QueryProgress({
  query,
  label,
  errorText,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  label: string;
  errorText: string;
}) {
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={label} />
      </Box>
    );
  }
  if (query.isError) {
    return <LoadError message={errorMessage(query.error, errorText)} onRetry={() => query.refetch()} />;
  }
  return null;
}
