import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  AdminAccount,
  AdminLoginBody,
  AdminPasswordBody,
  AdminRegisterBody,
  AdminStats,
  AdminUsersResponse,
  AuditResponse,
  CreateAdminBody,
  MessageResponse,
  SiteSettings,
  SiteSettingsUpdate,
  TestPaypalBody,
} from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { siteSettingsKeys } from '../../../lib/site-settings.tsx';
import { pagedListQuery, type PagedListFilters } from '../../../lib/paged-list.ts';
import { activityQuery, adminKeys, type AdminActivityFilters } from './admin-keys.ts';

/** GET /api/admin/auth/check → { exists }: offer the first-admin form or the login form (spec §4). */
export const adminCheckQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.check(),
    queryFn: ({ signal }) =>
      apiRequest<{ exists: boolean }>('/api/admin/auth/check', { auth: 'none', signal }),
    staleTime: 0,
  });

/** GET /api/admin/stats: the dashboard's four counters. */
export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.stats(),
    queryFn: ({ signal }) => apiRequest<AdminStats>('/api/admin/stats', { auth: 'admin', signal }),
  });

/** GET /api/admin/audit?page=&limit=&entityType=&action=&adminId=&from=&to=: the activity log. */
export const adminActivityQueryOptions = (filters: AdminActivityFilters) =>
  queryOptions({
    queryKey: adminKeys.activity(filters),
    queryFn: ({ signal }) =>
      apiRequest<AuditResponse>(`/api/admin/audit?${activityQuery(filters)}`, { auth: 'admin', signal }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users?page=&keyword=&limit= (page is the table's index plus 1). */
export const adminUsersQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminKeys.userList(filters),
    queryFn: ({ signal }) =>
      apiRequest<AdminUsersResponse>(`/api/admin/users?${pagedListQuery(filters)}`, {
        auth: 'admin',
        signal,
      }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/auth/admins. */
export const adminAccountsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: ({ signal }) =>
      apiRequest<{ admins: AdminAccount[] }>('/api/admin/auth/admins', { auth: 'admin', signal }),
  });

/** GET /api/admin/settings (the PayPal secret is never sent back, only hasClientSecret). */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => apiRequest<SiteSettings>('/api/admin/settings', { auth: 'admin', signal }),
    // The form is filled once from the loaded values; a background refetch must not overwrite typing.
    staleTime: Infinity,
  });

/** POST /api/admin/auth/login { email, password } → { token }. */
export function useAdminLoginMutation() {
  return useMutation({
    mutationFn: (body: AdminLoginBody) =>
      apiRequest<{ token: string }>('/api/admin/auth/login', { method: 'POST', body, auth: 'none' }),
  });
}

/** POST /api/admin/auth/register { name, email, password } → { token } (only while no admin exists). */
export function useAdminRegisterMutation() {
  return useMutation({
    mutationFn: (body: AdminRegisterBody) =>
      apiRequest<{ token: string }>('/api/admin/auth/register', { method: 'POST', body, auth: 'none' }),
  });
}

/** The dashboard counts and activity change after any administrator action. */
function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
}

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
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.users() }), refreshDashboard()]),
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

/** PUT /api/admin/settings with the whole form → the saved settings. */
export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: SiteSettingsUpdate) =>
      apiRequest<SiteSettings>('/api/admin/settings', { method: 'PUT', body, auth: 'admin' }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminKeys.settings(), saved);
      // The brand title and maintenance notice come from the public settings.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: siteSettingsKeys.public() }),
        refreshDashboard(),
      ]);
    },
  });
}

/**
 * POST /api/admin/settings/test-paypal { clientId, clientSecret?, mode }: tries the credentials in the
 * form before they are saved (an omitted secret means the saved one) → { mode, message }.
 */
export function useTestPaypalMutation() {
  return useMutation({
    mutationFn: (body: TestPaypalBody) =>
      apiRequest<{ mode: string; message: string }>('/api/admin/settings/test-paypal', {
        method: 'POST',
        body,
        auth: 'admin',
      }),
  });
}

/** PUT /api/admin/password { currentPassword, newPassword } → { message }. */
export function useChangeAdminPasswordMutation() {
  return useMutation({
    mutationFn: (body: AdminPasswordBody) =>
      apiRequest<MessageResponse>('/api/admin/password', {
        method: 'PUT',
        body,
        auth: 'admin',
        // A wrong current password must never end the session.
        endSessionOnUnauthorized: false,
      }),
  });
}
