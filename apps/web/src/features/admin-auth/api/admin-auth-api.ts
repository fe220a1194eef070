import { queryOptions } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { AdminLoginBody, AdminRegisterBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the admin sign-in: admin → check. */
export const adminAuthKeys = {
  check: () => [...adminKeys.all, 'check'] as const,
};

/** GET /api/admin/auth/check → { exists }: offer the first-admin form or the login form (spec §4). */
export const adminCheckQueryOptions = () =>
  queryOptions({
    queryKey: adminAuthKeys.check(),
    queryFn: ({ signal }) =>
      apiRequest<{ exists: boolean }>('/api/admin/auth/check', { auth: 'none', signal }),
    staleTime: 0,
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
