import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { AdminPasswordBody, SiteSettingsUpdate, TestPaypalBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, useRefreshDashboard } from '../../../lib/admin/admin-api.ts';
import { siteSettingsKeys } from '../../../lib/site-settings.tsx';
import { api } from '@mlp/contract/routes';

/*
 * The settings page's writes. Its read, adminSettingsQueryOptions, lives in lib/admin: the exam editor
 * and the dashboard read the same settings.
 */

/** PUT /api/admin/settings with the whole form → the saved settings. */
export function useUpdateSettingsMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: SiteSettingsUpdate) => apiRequest(api.adminSettings.save, { body }),
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
    mutationFn: (body: TestPaypalBody) => apiRequest(api.adminSettings.testPaypal, { body }),
  });
}

/** PUT /api/admin/password { currentPassword, newPassword } → { message }. */
export function useChangeAdminPasswordMutation() {
  return useMutation({
    mutationFn: (body: AdminPasswordBody) =>
      apiRequest(api.adminAuth.changePassword, {
        body,
        // A wrong current password must never end the session.
        endSessionOnUnauthorized: false,
      }),
  });
}
