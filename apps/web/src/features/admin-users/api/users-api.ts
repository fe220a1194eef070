import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { AdminAccount, AdminUsersResponse, CreateAdminBody, MessageResponse } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import {
  adminKeys,
  pagedListQuery,
  useRefreshDashboard,
  type PagedListFilters,
} from '../../../lib/admin/admin-api.ts';

/*
 * Learner accounts and administrators. The administrators' list, adminAccountsQueryOptions, lives in
 * lib/admin: the activity log filters by administrator too.
 */

/** Query keys of the learner accounts: admin → users → list(filters). */
export const adminUserKeys = {
  all: [...adminKeys.all, 'users'] as const,
  list: (filters: PagedListFilters) => [...adminUserKeys.all, 'list', filters] as const,
};

/** GET /api/admin/users?page=&keyword=&limit= (page is the table's index plus 1). */
export const adminUsersQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest<AdminUsersResponse>(`/api/admin/users?${pagedListQuery(filters)}`, {
        auth: 'admin',
        signal,
      }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** DELETE /api/admin/users/{id}. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (userId: string) =>
      apiRequest<MessageResponse>(`/api/admin/users/${encodeURIComponent(userId)}`, {
        method: 'DELETE',
        auth: 'admin',
      }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), refreshDashboard()]),
  });
}

/** POST /api/admin/auth/admins { email, name, password } → { message, admin }. */
export function useCreateAdminMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: CreateAdminBody) =>
      apiRequest<{ message: string; admin: AdminAccount }>('/api/admin/auth/admins', {
        method: 'POST',
        body,
        auth: 'admin',
      }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.admins() }), refreshDashboard()]),
  });
}

/** DELETE /api/admin/auth/admins/{id}. */
export function useDeleteAdminMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (adminId: string) =>
      apiRequest<MessageResponse>(`/api/admin/auth/admins/${encodeURIComponent(adminId)}`, {
        method: 'DELETE',
        auth: 'admin',
      }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.admins() }), refreshDashboard()]),
  });
}
