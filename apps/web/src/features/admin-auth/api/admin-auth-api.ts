import { queryOptions } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { AdminLoginBody, AdminRegisterBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { api } from '@mlp/contract/routes';

/** Query keys of the admin sign-in: admin → check. */
export const adminAuthKeys = {
  check: () => [...adminKeys.all, 'check'] as const,
};

/** GET /api/admin/auth/check → { exists }: offer the first-admin form or the login form (spec §4). */
export const adminCheckQueryOptions = () =>
  queryOptions({
    queryKey: adminAuthKeys.check(),
    queryFn: ({ signal }) => apiRequest(api.adminAuth.check, { signal }),
    staleTime: 0,
  });

/** POST /api/admin/auth/login { email, password } → { token }. */
export function useAdminLoginMutation() {
  return useMutation({
    mutationFn: (body: AdminLoginBody) => apiRequest(api.adminAuth.login, { body }),
  });
}

/** POST /api/admin/auth/register { name, email, password } → { token } (only while no admin exists). */
export function useAdminRegisterMutation() {
  return useMutation({
    mutationFn: (body: AdminRegisterBody) => apiRequest(api.adminAuth.register, { body }),
  });
}
