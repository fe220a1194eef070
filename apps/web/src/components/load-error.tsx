import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

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
