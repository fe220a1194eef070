import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '@mlp/contract/routes';
import type { ReviewPreferences } from '@mlp/contract';
import { UPDATING_POLL_MS } from '../../../components/updating-note.tsx';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { learnerTimeZone, type DeckFilter } from '../review-timing.ts';

/** Query keys of the reviews feature: reviews → summary | forecast | cards(filter, page) | preferences. */
export const reviewKeys = {
  all: ['reviews'] as const,
  summary: () => [...reviewKeys.all, 'summary'] as const,
  forecast: () => [...reviewKeys.all, 'forecast'] as const,
  cardLists: () => [...reviewKeys.all, 'cards'] as const,
  cards: (filter: DeckFilter, page: number) => [...reviewKeys.cardLists(), { filter, page }] as const,
  preferences: () => [...reviewKeys.all, 'preferences'] as const,
};

export const REVIEW_DECK_PAGE_SIZE = 20;

/**
 * GET /api/reviews/summary?tz: 'Review due: N', the session size, when the next card comes due, and the
 * day's reviews against the limit (counted in this browser's time zone, decision 0060); asked again every few
 * seconds while results just submitted are still reaching the deck (decision 0075).
 */
export const reviewSummaryQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.summary(),
    queryFn: ({ signal }) => apiRequest(api.reviews.summary, { query: { tz: learnerTimeZone() }, signal }),
    refetchInterval: (query) => (query.state.data?.pendingResults ? UPDATING_POLL_MS : false),
  });

/** GET /api/reviews/forecast?tz: cards due now, later today and on each of the next 14 days. */
export const reviewForecastQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.forecast(),
    queryFn: ({ signal }) => apiRequest(api.reviews.forecast, { query: { tz: learnerTimeZone() }, signal }),
  });

/** GET /api/reviews/cards?filter&page: one page of the learner's deck. */
export const reviewCardsQueryOptions = (filter: DeckFilter, page: number) =>
  queryOptions({
    queryKey: reviewKeys.cards(filter, page),
    queryFn: ({ signal }) =>
      apiRequest(api.reviews.cards, { query: { filter, page, limit: REVIEW_DECK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/reviews/preferences: desired retention and whether certainty is marked. */
export const reviewPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.preferences(),
    queryFn: ({ signal }) => apiRequest(api.reviews.preferences, { signal }),
  });

/** What a review session takes (decision 0060): the due cards, past today's limit, or days ahead. */
export interface ReviewSessionChoice {
  beyondLimit?: boolean;
  aheadDays?: number;
}

/**
 * POST /api/reviews/session: a tutor-mode practice set of the due cards (or of those due within the next
 * days); on success the learner goes to the sitting (/practice/{id}, where practice sets are taken).
 */
export function useStartReviewSession() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (choice: ReviewSessionChoice) =>
      apiRequest(api.reviews.session, { body: { ...choice, timeZone: learnerTimeZone() } }),
    onSuccess: async (attempt) => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all });
      await navigate(`/practice/${encodeURIComponent(attempt._id)}`);
    },
  });
}

/** PUT /api/reviews/cards/{questionId}: suspend a card or bring it back. */
export function useSuspendCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, suspended }: { questionId: string; suspended: boolean }) =>
      apiRequest(api.reviews.suspend, { params: { questionId }, body: { suspended } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** DELETE /api/reviews/deck: every card goes (after the settings page's confirmation). */
export function useResetDeck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.reviews.reset),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
}

/** PUT /api/reviews/preferences. */
export function useSaveReviewPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewPreferences) => apiRequest(api.reviews.savePreferences, { body }),
    onSuccess: (saved) => queryClient.setQueryData(reviewKeys.preferences(), saved),
  });
}
