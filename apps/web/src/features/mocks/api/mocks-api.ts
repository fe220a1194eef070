import { queryOptions } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { mockKeys } from './mock-keys.ts';

/** GET /api/mocks: the learner's upcoming and open mocks, and those they sat (decision 0077). */
export const learnerMocksQueryOptions = () =>
  queryOptions({
    queryKey: mockKeys.list(),
    queryFn: ({ signal }) => apiRequest(api.mocks.list, { signal }),
    select: (data) => data.mocks,
    // A mock opens and closes while the page is open: read afresh on each visit.
    staleTime: 0,
  });

/** GET /api/mocks/{id}/result: when results come out, or the result with its rank once they are. */
export const mockResultQueryOptions = (id: string) =>
  queryOptions({
    queryKey: mockKeys.result(id),
    queryFn: ({ signal }) => apiRequest(api.mocks.result, { params: { id }, signal }),
  });
