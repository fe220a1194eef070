import { queryOptions } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { UPDATING_POLL_MS } from '../../../components/updating-note.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

export const analyticsKeys = { all: ['analytics'] as const };

/**
 * GET /api/analytics: per exam and topic figures, trends, percentile, due reviews and the next step; asked
 * again every few seconds while results just submitted are still being added (decision 0075).
 */
export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.all,
    queryFn: ({ signal }) => apiRequest(api.analytics.read, { signal }),
    refetchInterval: (query) => (query.state.data?.pendingResults ? UPDATING_POLL_MS : false),
  });
