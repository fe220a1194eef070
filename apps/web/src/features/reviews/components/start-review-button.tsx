import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { hasErrorCode, errorMessage } from '../../../lib/api-client.ts';
import { useStartReviewSession } from '../api/reviews-api.ts';

/**
 * Starts a review session (a tutor-mode set of the due questions) and goes to it. A refusal — nothing
 * due, or a practice set already open — is shown under the button in the API's words.
 */
export function StartReviewButton({
  label = 'Start review',
  variant = 'contained',
}: {
  label?: string;
  variant?: 'contained' | 'outlined';
}) {
  const start = useStartReviewSession();
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
      <Button
        variant={variant}
        onClick={() => start.mutate()}
        disabled={start.isPending}
        startIcon={
          start.isPending ? (
            <CircularProgress size={16} color="inherit" aria-hidden="true" />
          ) : (
            <PlayArrowIcon />
          )
        }
      >
        {start.isPending ? 'Starting...' : label}
      </Button>
      {start.isError && (
        <Alert
          severity={hasErrorCode(start.error, 'PRACTICE_IN_PROGRESS') ? 'info' : 'error'}
          sx={{ width: '100%' }}
          action={
            hasErrorCode(start.error, 'PRACTICE_IN_PROGRESS') ? (
              <Button component={RouterLink} to="/dashboard" color="inherit" size="small">
                Dashboard
              </Button>
            ) : undefined
          }
        >
          {errorMessage(start.error, 'The review session could not be started. Please try again.')}
        </Alert>
      )}
    </Stack>
  );
}
