import { queryOptions } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';

export const analyticsKeys = { all: ['analytics'] as const };

/** GET /api/analytics: per exam and topic figures, trends, percentile, due reviews and the next step. */
export const analyticsQueryOptions = () =>
  queryOptions({
    queryKey: analyticsKeys.all,
    queryFn: ({ signal }) => apiRequest(api.analytics.read, { signal }),
  });
