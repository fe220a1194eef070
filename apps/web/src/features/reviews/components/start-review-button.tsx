import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { REVIEW_LIMIT_REACHED } from '@mlp/contract/constants';
import { hasErrorCode, errorMessage } from '../../../lib/api-client.ts';
import { useStartReviewSession, type ReviewSessionChoice } from '../api/reviews-api.ts';

/**
 * Starts a review session (a tutor-mode set of the due questions, or what `choice` asks for) and goes to
 * it. A refusal — nothing due, ten sittings already open (decision 0063), today's reviews done — is shown under the
 * button in the API's words; the last comes with 'Review anyway' (decision 0060).
 */
export function StartReviewButton({
  label = 'Start review',
  variant = 'contained',
  choice,
}: {
  label?: string;
  variant?: 'contained' | 'outlined';
  choice?: ReviewSessionChoice;
}) {
  const start = useStartReviewSession();
  const inProgress = start.isError && hasErrorCode(start.error, 'SITTINGS_LIMIT');
  const limitReached = start.isError && hasErrorCode(start.error, REVIEW_LIMIT_REACHED);
  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start', width: '100%' }}>
      <Button
        variant={variant}
        onClick={() => start.mutate(choice ?? {})}
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
          severity={inProgress || limitReached ? 'info' : 'error'}
          sx={{ width: '100%' }}
          action={
            inProgress ? (
              <Button component={RouterLink} to="/dashboard" color="inherit" size="small">
                Dashboard
              </Button>
            ) : limitReached ? (
              <Button color="inherit" size="small" onClick={() => start.mutate({ beyondLimit: true })}>
                Review anyway
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
