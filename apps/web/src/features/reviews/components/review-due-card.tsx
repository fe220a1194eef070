import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ReplayIcon from '@mui/icons-material/Replay';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { reviewSummaryQueryOptions } from '../api/reviews-api.ts';
import { limitReached, reviewSummaryText } from '../review-timing.ts';
import { StartReviewButton } from './start-review-button.tsx';

/**
 * The dashboard's 'Review due: N' card (decision 0038): a start button when questions are due ('Review
 * anyway' once today's reviews are done, decision 0060), the next due time when none is, and a word on what
 * the deck is for a learner without one. It loads on its own, so
 * a failure here leaves the rest of the dashboard standing.
 */
export function ReviewDueCard() {
  const summary = useQuery(reviewSummaryQueryOptions());
  const data = summary.data;
  return (
    <Card
      variant="outlined"
      component="section"
      aria-labelledby="review-due-heading"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1.5 }}>
          <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden="true">
            <ReplayIcon />
          </Avatar>
          <Typography id="review-due-heading" component="h2" variant="h6">
            {data ? `Review due: ${data.due}` : 'Review due'}
          </Typography>
        </Stack>
        {summary.isPending && <Skeleton variant="text" aria-label="Loading review summary" />}
        {summary.isError && (
          <LoadError
            message={errorMessage(summary.error, 'Failed to load your reviews.')}
            onRetry={() => summary.refetch()}
          />
        )}
        {data && <Typography color="text.secondary">{reviewSummaryText(data)}</Typography>}
      </CardContent>
      {data && (
        <CardActions sx={{ px: 2, pb: 2 }}>
          {data.due > 0 && limitReached(data) ? (
            // Today's reviews done (decision 0060): going on is the learner's deliberate choice.
            <StartReviewButton label="Review anyway" variant="outlined" choice={{ beyondLimit: true }} />
          ) : data.due > 0 ? (
            <StartReviewButton />
          ) : (
            <Button component={RouterLink} to="/reviews" variant="outlined">
              {data.total === 0 ? 'About reviews' : 'View review deck'}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
