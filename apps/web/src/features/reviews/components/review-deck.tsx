import { useEffect, useId, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReviewCard } from '@mlp/contract';
import { BrowseExamsButton, EmptyState, ListPage } from '../../../components/list-states.tsx';
import { FilterTabs } from '../../../components/navigation/filter-tabs.tsx';
import { LoadError, QueryProgress } from '../../../components/load-error.tsx';
import { readPageParam, UrlPagination } from '../../../components/navigation/url-pagination.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { UpdatingNote } from '../../../components/updating-note.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  reviewCardsQueryOptions,
  reviewKeys,
  reviewSummaryQueryOptions,
  useSuspendCard,
} from '../api/reviews-api.ts';
import {
  cardDetails,
  DECK_FILTERS,
  dueLabel,
  limitReached,
  readDeckFilter,
  reviewSummaryText,
  type DeckFilter,
} from '../review-timing.ts';
import { ReviewForecast } from './review-forecast.tsx';
import { StartReviewButton } from './start-review-button.tsx';

const EMPTY_TEXT: Record<DeckFilter, string> = {
  all: 'Your review deck is empty. Every question you answer in an exam or practice set joins it.',
  due: 'Nothing is due for review right now.',
  upcoming: 'No questions are scheduled to come back.',
  suspended: 'You have not suspended any questions.',
};

function CardRow({ card, now, listedAsDue }: { card: ReviewCard; now: Date; listedAsDue: boolean }) {
  const titleId = useId();
  const suspend = useSuspendCard();
  // The 'due' list is the server's word (its clock), whatever this device's clock says.
  const due = listedAsDue ? 'Due now' : dueLabel(card.due, now);
  return (
    <Paper variant="outlined" component="li" sx={{ p: 2, listStyle: 'none' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} sx={{ fontWeight: 600, wordBreak: 'break-word', whiteSpace: 'pre-line' }}>
            {card.question}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
            {cardDetails(card)}
          </Typography>
          <Stack
            direction="row"
            spacing={1}
            useFlexGap
            sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}
          >
            {card.suspended ? (
              <Chip size="small" label="Suspended" variant="outlined" />
            ) : (
              <Chip
                size="small"
                label={due}
                color={due === 'Due now' ? 'primary' : 'default'}
                variant="outlined"
              />
            )}
            {!card.suspended && (
              <Typography variant="body2" color="text.secondary">
                Comes back {formatDateTime(card.due)}
              </Typography>
            )}
          </Stack>
          {suspend.isError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {errorMessage(suspend.error, 'The question could not be updated. Please try again.')}
            </Alert>
          )}
        </Box>
        <Button
          variant="outlined"
          size="small"
          aria-describedby={titleId}
          disabled={suspend.isPending}
          onClick={() => suspend.mutate({ questionId: card.questionId, suspended: !card.suspended })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          {card.suspended ? 'Bring back' : 'Suspend'}
        </Button>
      </Stack>
    </Paper>
  );
}

/**
 * Once the learner's latest results have reached the deck (decision 0075: the summary, asked again while
 * they wait, says none is pending), the lists and the forecast are read again.
 */
function useDeckCatchesUp(pendingResults: number) {
  const queryClient = useQueryClient();
  const waited = useRef(false);
  useEffect(() => {
    if (pendingResults > 0) waited.current = true;
    else if (waited.current) {
      waited.current = false;
      void queryClient.invalidateQueries({ queryKey: reviewKeys.cardLists() });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.forecast() });
    }
  }, [pendingResults, queryClient]);
}

/**
 * /reviews (decision 0038): the learner's review deck — what is due, what comes back when, what is suspended
 * — a page at a time, with a button to start the due questions; what comes due over the next 14 days and
 * 'Study ahead' (decision 0060).
 */
export function ReviewDeck() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = readDeckFilter(searchParams);
  const page = readPageParam(searchParams);
  const summary = useQuery(reviewSummaryQueryOptions());
  const cards = useQuery(reviewCardsQueryOptions(filter, page));
  useDeckCatchesUp(summary.data?.pendingResults ?? 0);
  // One clock for the whole list, so neighbouring rows agree.
  const [now] = useState(() => new Date());

  const chooseFilter = (next: DeckFilter) => {
    const params = new URLSearchParams();
    if (next !== 'all') params.set('filter', next);
    setSearchParams(params);
  };

  return (
    <Box>
      <PageHeader
        title="Review deck"
        subtitle={summary.data ? reviewSummaryText(summary.data) : undefined}
        actions={
          summary.data && summary.data.due > 0 ? (
            // Today's reviews done (decision 0060): going on is the learner's deliberate choice.
            limitReached(summary.data) ? (
              <StartReviewButton label="Review anyway" variant="outlined" choice={{ beyondLimit: true }} />
            ) : (
              <StartReviewButton />
            )
          ) : undefined
        }
      />
      {summary.isError && (
        <Box sx={{ mb: 2 }}>
          <LoadError
            message={errorMessage(summary.error, 'Failed to load your reviews.')}
            onRetry={() => summary.refetch()}
          />
        </Box>
      )}
      {summary.data && summary.data.pendingResults > 0 && (
        <UpdatingNote>Your latest answers are being added to your deck.</UpdatingNote>
      )}
      {summary.data && summary.data.total > 0 && (
        <>
          <Typography sx={{ mb: 2 }}>
            {summary.data.due} due now · {summary.data.total} in your deck · {summary.data.suspended}{' '}
            suspended · {summary.data.reviewedToday} of {summary.data.dailyLimit} reviews done today
          </Typography>
          <ReviewForecast nothingDue={summary.data.due === 0} />
        </>
      )}
      <FilterTabs
        label="Which questions"
        values={DECK_FILTERS.values}
        value={filter}
        labelOf={(value) => DECK_FILTERS.labels[value]}
        onChoose={chooseFilter}
      />

      <QueryProgress
        query={cards}
        label="Loading review deck"
        errorText={'Failed to load your review deck.'}
      />
      {cards.data && cards.data.cards.length === 0 && (
        <EmptyState text={EMPTY_TEXT[filter]} action={filter === 'all' && <BrowseExamsButton />} />
      )}
      {cards.data && cards.data.cards.length > 0 && (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {cards.data.total} {cards.data.total === 1 ? 'question' : 'questions'}
          </Typography>
          <ListPage label="Review questions" busy={cards.isPlaceholderData}>
            {cards.data.cards.map((card) => (
              <CardRow key={card.questionId} card={card} now={now} listedAsDue={filter === 'due'} />
            ))}
          </ListPage>
          <UrlPagination page={cards.data.page} pages={cards.data.pages} label="Review deck pages" />
        </>
      )}
    </Box>
  );
}
