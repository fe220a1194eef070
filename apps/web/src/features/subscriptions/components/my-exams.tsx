import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EventIcon from '@mui/icons-material/Event';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SearchIcon from '@mui/icons-material/Search';
import type { Subscription } from '@mlp/contract';
import { BrowseExamsButton, EmptyState } from '../../../components/list-states.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { formatDate } from '../../../lib/format.ts';
import { userSubscriptionsQueryOptions } from '../api/subscriptions-api.ts';
import { descriptionPreview, REMOVED_EXAM, UNAVAILABLE_EXAM } from '../subscription-text.ts';
import { QueryProgress } from '../../../components/load-error.tsx';

function SubscriptionCard({ subscription }: { subscription: Subscription }) {
  const titleId = useId();
  const examPath = `/exams/${encodeURIComponent(subscription.examId)}`;
  // An exam withdrawn by the administrators cannot be opened or started (decision 0016).
  const available = subscription.exam?.available === true;
  const cancelled = subscription.isActive && subscription.cancelledAt !== null && !subscription.autoRenew;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" gutterBottom sx={{ wordBreak: 'break-word' }}>
          {subscription.exam?.title || 'Unknown Exam'}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2, wordBreak: 'break-word' }}>
          {descriptionPreview(subscription.exam?.description)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Chip
            label={subscription.isActive ? 'Active' : 'Expired'}
            color={subscription.isActive ? 'success' : 'default'}
            size="small"
          />
          {cancelled && <Chip label="Cancelled" size="small" variant="outlined" />}
          <Chip
            icon={<EventIcon />}
            label={`Valid until ${formatDate(subscription.endDate)}`}
            variant="outlined"
            size="small"
          />
        </Stack>
        {!available && (
          <Typography variant="body2" sx={{ mt: 2 }}>
            {subscription.exam ? UNAVAILABLE_EXAM : REMOVED_EXAM}
          </Typography>
        )}
      </CardContent>
      {available && (
        <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
          {subscription.isActive ? (
            <Button
              component={RouterLink}
              to={`${examPath}/take`}
              variant="contained"
              startIcon={<PlayArrowIcon />}
              aria-describedby={titleId}
            >
              Start Exam
            </Button>
          ) : (
            <Button
              component={RouterLink}
              to={examPath}
              variant="contained"
              color="secondary"
              aria-describedby={titleId}
            >
              Renew Subscription
            </Button>
          )}
          <Button
            component={RouterLink}
            to={examPath}
            variant="outlined"
            aria-describedby={titleId}
            sx={{ ml: '0 !important' }}
          >
            View Details
          </Button>
        </CardActions>
      )}
    </Card>
  );
}

/** Spec §2 My Exams: the learner's subscriptions, 20 a page, with start/renew/details actions. */
export function MyExams() {
  const [searchParams] = useSearchParams();
  const page = readPageParam(searchParams);
  const subscriptions = useQuery(userSubscriptionsQueryOptions(page));

  return (
    <Box>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 3 }}
      >
        <Typography component="h1" variant="h4">
          My Exams
        </Typography>
        <Button component={RouterLink} to="/exams" variant="outlined" startIcon={<SearchIcon />}>
          Browse More Exams
        </Button>
      </Stack>

      <QueryProgress
        query={subscriptions}
        label="Loading your exams"
        errorText={'Failed to fetch subscriptions'}
      />

      {subscriptions.data && subscriptions.data.subscriptions.length === 0 && (
        <EmptyState
          text="You haven't subscribed to any exams yet. Browse our available exams to get started."
          action={<BrowseExamsButton />}
        />
      )}

      {subscriptions.data && subscriptions.data.subscriptions.length > 0 && (
        <>
          <Stack
            spacing={2}
            aria-busy={subscriptions.isPlaceholderData}
            sx={{ opacity: subscriptions.isPlaceholderData ? 0.6 : 1 }}
          >
            {subscriptions.data.subscriptions.map((subscription) => (
              <SubscriptionCard key={subscription._id} subscription={subscription} />
            ))}
          </Stack>
          <UrlPagination
            page={subscriptions.data.page}
            pages={subscriptions.data.pages}
            label="My exams pages"
          />
        </>
      )}
    </Box>
  );
}
