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
