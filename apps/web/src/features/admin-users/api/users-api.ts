import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  AdminRole,
  ChangeLearnerEmailBody,
  ChangeLearnerNameBody,
  CreateAdminBody,
  EraseLearnerBody,
  GrantAccessBody,
  SupportReasonBody,
} from '@mlp/contract';
import { apiDownload, apiRequest, type DownloadedFile } from '../../../lib/api-client.ts';
import { exportQuery, type ExportChoice } from '../../../components/dialogs/export-dialog.tsx';
import {
  adminKeys,
  pagedListQuery,
  useRefreshDashboard,
  type PagedListFilters,
} from '../../../lib/admin/admin-api.ts';
import { api } from '@mlp/contract/routes';

/*
 * Learner accounts and administrators. The administrators' list, adminAccountsQueryOptions, lives in
 * lib/admin: the activity log filters by administrator too.
 */

/** Query keys of the learner accounts: admin → users → list(filters) | detail(id). */
export const adminUserKeys = {
  all: adminKeys.users(),
  list: (filters: PagedListFilters) => [...adminUserKeys.all, 'list', filters] as const,
  detail: (userId: string) => [...adminUserKeys.all, 'detail', userId] as const,
};

/** GET /api/admin/users?page=&keyword=&limit= (page is the table's index plus 1). */
export const adminUsersQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminUserKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(api.adminUsers.list, { query: pagedListQuery(filters), signal }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/users/{id}: a learner's account and every subscription (with its next renewal). */
export const adminUserQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminUserKeys.detail(userId),
    queryFn: ({ signal }) => apiRequest(api.adminUsers.detail, { params: { id: userId }, signal }),
  });

/** DELETE /api/admin/users/{id}. */
export function useDeleteUserMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (userId: string) => apiRequest(api.adminUsers.remove, { params: { id: userId } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), refreshDashboard()]),
  });
}

/** POST /api/admin/auth/admins { email, name, password } → { message, admin }. */
export function useCreateAdminMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: CreateAdminBody) => apiRequest(api.admins.create, { body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.admins() }), refreshDashboard()]),
  });
}

/** PUT /api/admin/auth/admins/{id}/role { role } → { message, admin } (Owner only, decision 0067). */
export function useChangeAdminRoleMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ adminId, role }: { adminId: string; role: AdminRole }) =>
      apiRequest(api.admins.changeRole, { params: { id: adminId }, body: { role } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.admins() }),
        // Lowering one's own role changes what this panel may show.
        queryClient.invalidateQueries({ queryKey: adminKeys.me() }),
        refreshDashboard(),
      ]),
  });
}

/** DELETE /api/admin/auth/admins/{id}. */
export function useDeleteAdminMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (adminId: string) => apiRequest(api.admins.remove, { params: { id: adminId } }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.admins() }), refreshDashboard()]),
  });
}

/**
 * The actions on a learner's page (decision 0041): resend verification, sign out everywhere, suspend or
 * restore. Each answers { message }; the learner's page and the dashboard's activity load again.
 */
export function useLearnerActionMutation(userId: string) {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: async ({
      action,
      reason,
    }: {
      action: 'resend' | 'sign-out' | 'suspend' | 'restore';
      reason: string;
    }): Promise<{ message: string }> => {
      const params = { id: userId };
      if (action === 'resend')
        return apiRequest(api.adminUsers.resendVerification, { params, body: { reason } });
      if (action === 'sign-out') return apiRequest(api.adminUsers.signOut, { params, body: { reason } });
      return apiRequest(api.adminUsers.suspend, {
        params,
        body: { suspended: action === 'suspend', reason },
      });
    },
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), refreshDashboard()]),
  });
}

/*
 * The support desk on a learner's page (decision 0072). Each answer changes what the page shows (a new
 * subscription, a name, the verified mark), so the learner's page is read again, and the dashboard.
 */

function useRefreshLearner(userId: string) {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUserKeys.all }),
      // The learner's payments (a complimentary grant adds one).
      queryClient.invalidateQueries({ queryKey: [...adminKeys.all, 'payments'] }),
      refreshDashboard(),
    ]).then(() => userId);
}

/** POST /api/admin/users/{id}/grants { examId, until, reason } → { message }. */
export function useGrantAccessMutation(userId: string) {
  const refresh = useRefreshLearner(userId);
  return useMutation({
    mutationFn: (body: GrantAccessBody) =>
      apiRequest(api.adminUsers.grantAccess, { params: { id: userId }, body }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/admin/users/{id}/name { name, reason } → { message, user }. */
export function useChangeLearnerNameMutation(userId: string) {
  const refresh = useRefreshLearner(userId);
  return useMutation({
    mutationFn: (body: ChangeLearnerNameBody) =>
      apiRequest(api.adminUsers.changeName, { params: { id: userId }, body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/users/{id}/email { email, reason } → { message }: a link to the new address confirms it. */
export function useChangeLearnerEmailMutation(userId: string) {
  const refresh = useRefreshLearner(userId);
  return useMutation({
    mutationFn: (body: ChangeLearnerEmailBody) =>
      apiRequest(api.adminUsers.changeEmail, { params: { id: userId }, body }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/users/{id}/password-reset or /verification { reason } → { message }. */
export function useSupportActionMutation(userId: string, action: 'password-reset' | 'verify') {
  const refresh = useRefreshLearner(userId);
  return useMutation({
    mutationFn: async (body: SupportReasonBody) =>
      action === 'password-reset'
        ? apiRequest(api.adminUsers.sendPasswordReset, { params: { id: userId }, body })
        : apiRequest(api.adminUsers.markVerified, { params: { id: userId }, body }),
    onSuccess: () => refresh(),
  });
}

/** GET /api/exams/published?search=&limit=50: the exams access can be given to, as the catalogue lists them. */
export const grantableExamsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...adminUserKeys.all, 'grantable-exams', search] as const,
    queryFn: ({ signal }) => apiRequest(api.exams.published, { query: { search, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/exports/learners?from=&to=&format=: the learners as a file (decision 0068). */
export function downloadLearners(choice: ExportChoice): Promise<DownloadedFile> {
  return apiDownload(api.adminExports.learners, { query: exportQuery(choice) });
}

/** GET /api/admin/users/{id}/data: the learner's data file, on their written request (decision 0069). */
export function downloadLearnerData(userId: string): Promise<DownloadedFile> {
  return apiDownload(api.dataRights.adminDownload, { params: { id: userId } });
}

/** POST /api/admin/users/{id}/erase { reason, confirmation } → { message } (decision 0069). */
export function useEraseLearnerMutation(userId: string) {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: (body: EraseLearnerBody) =>
      apiRequest(api.dataRights.adminErase, { params: { id: userId }, body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), refreshDashboard()]),
  });
}
