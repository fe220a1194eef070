import { queryOptions } from '@tanstack/react-query';
import type { AdminAccount, SiteSettings } from '@mlp/contract';
import { apiRequest } from '../api-client.ts';
import { adminKeys } from './admin-keys.ts';

/*
 * Reads that more than one admin feature needs: the administrators (their page, and the activity log's
 * 'Administrator' filter) and the site settings (their page, the exam-creation switch, the dashboard's
 * test-payments warning).
 */

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
