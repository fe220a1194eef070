import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import type { MockBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { adminMockKeys } from './mock-keys.ts';

/** GET /api/admin/mocks: every mock, the latest opening first (decision 0077). */
export const adminMocksQueryOptions = () =>
  queryOptions({
    queryKey: adminMockKeys.list(),
    queryFn: ({ signal }) => apiRequest(api.adminMocks.list, { signal }),
    select: (data) => data.mocks,
  });

/** GET /api/admin/exams, published ones only: a mock is sat on a published exam. */
export const mockExamsQueryOptions = () =>
  queryOptions({
    queryKey: adminMockKeys.exams(),
    queryFn: ({ signal }) => apiRequest(api.adminExams.list, { signal }),
    select: (data) => data.exams.filter((exam) => exam.isActive),
  });

/** How often the live view asks again while the mock is open (or about to open). */
export const LIVE_REFRESH_MS = 5_000;

/**
 * GET /api/admin/mocks/{id}/live: the mock's sittings as they stand, asked again every 5 seconds until the
 * mock has closed or was cancelled (decision 0077).
 */
export const mockLiveQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminMockKeys.live(id),
    queryFn: ({ signal }) => apiRequest(api.adminMocks.live, { params: { id }, signal }),
    refetchInterval: (query) => {
      const state = query.state.data?.mock.state;
      return state === 'closed' || state === 'cancelled' ? false : LIVE_REFRESH_MS;
    },
    retry: false,
  });

function useRefreshMocks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminMockKeys.list() }),
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    ]);
}

/** POST /api/admin/mocks (new) or PUT /api/admin/mocks/{id} (edit) → { message, mock }. */
export function useSaveMockMutation(id: string | undefined) {
  const refresh = useRefreshMocks();
  return useMutation({
    mutationFn: (body: MockBody) =>
      id
        ? apiRequest(api.adminMocks.update, { params: { id }, body })
        : apiRequest(api.adminMocks.create, { body }),
    onSuccess: () => refresh(),
  });
}

/** DELETE /api/admin/mocks/{id} → { message }. */
export function useCancelMockMutation() {
  const refresh = useRefreshMocks();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminMocks.cancel, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/mocks/{id}/release → { message, mock }: a closed mock's results out now. */
export function useReleaseMockMutation() {
  const refresh = useRefreshMocks();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminMocks.release, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/admin/mocks/{id}/items: the item analysis of a closed mock's sittings alone. */
export const mockItemsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminMockKeys.items(id),
    queryFn: ({ signal }) => apiRequest(api.adminMocks.items, { params: { id }, signal }),
  });
