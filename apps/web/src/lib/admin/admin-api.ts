import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { adminCan, api, type AdminRouteGroup, type adminRouteRoles } from '@mlp/contract/routes';
import type { AdminRole } from '@mlp/contract/constants';

/*
 * What the admin features' API layers share: the root of their query keys, the dashboard refresh after
 * every change, the paged lists' query string, and the reads more than one of them needs.
 */

/**
 * The root of the administrator panel's query keys. Everything sits under ['admin'], so signing out
 * (which clears the cache) and broad invalidations after a change reach every admin screen. Each admin
 * feature builds its own keys on it:
 * admin → check (admin-auth)
 *       → dashboard → stats | activity(filters) (admin-dashboard)
 *       → users → list(filters) | detail(id) (admin-users; here: a refund changes the learner's page)
 *       → admins (here: admin-users and the activity filter)
 *       → settings (here: admin-settings, the exam-creation switch, the test-payments warning)
 *       → exams → list() | detail(id) (admin-exams)
 *       → articles → list(filters) | detail(id) (admin-articles)
 *       → courses → list(filters) | detail(id) | exams | articles(keyword) | article(id) (admin-courses)
 *       → payments → list(filters) (admin-payments)
 *       → community → list → (view, page) (admin-community)
 */
export const adminKeys = {
  all: ['admin'] as const,
  // Every change an administrator makes refreshes the counters and the activity log under it together.
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  /** Learner accounts: a refund ends access shown on the learner's page, so payments refresh them too. */
  users: () => [...adminKeys.all, 'users'] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  /** the signed-in administrator (their role decides what the panel shows, decision 0067) */
  me: () => [...adminKeys.all, 'me'] as const,
};

/** GET /api/admin/auth/me: the signed-in administrator, with their role. */
export const adminMeQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.me(),
    queryFn: ({ signal }) => apiRequest(api.adminAuth.me, { signal }),
    // A role changes rarely; a changed one shows on the next visit, and the server enforces it anyway.
    staleTime: 60_000,
  });

/** The signed-in administrator's role, or undefined while it loads (or could not be read). */
export function useAdminRole(): AdminRole | undefined {
  return useQuery(adminMeQueryOptions()).data?.role;
}

/**
 * Whether the signed-in administrator's role may call `group.name` (decision 0067; the table is
 * admin-roles.ts in the contract). False while the role loads: the panel shows an operation once it knows.
 */
export function useAdminCan<G extends AdminRouteGroup>(
  group: G,
  name: keyof (typeof adminRouteRoles)[G] & string,
): boolean {
  return adminCan(useAdminRole(), group, name);
}

/** The dashboard counts and activity change after any administrator action: call after every change. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
}

/** Filters of a paged, searchable list (0-based page index, as the table keeps it). */
export interface PagedListFilters {
  page: number;
  keyword: string;
  rowsPerPage: number;
}

/** Query of a paged list: 1-based page (spec §7 'page index plus 1'), keyword, rows per page. */
export function pagedListQuery({ page, keyword, rowsPerPage }: PagedListFilters) {
  return { page: page + 1, keyword, limit: rowsPerPage };
}

/*
 * Reads that more than one admin feature needs: the administrators (their page, and the activity log's
 * 'Administrator' filter) and the site settings (their page, the exam-creation switch, the dashboard's
 * test-payments warning).
 */

/** GET /api/admin/auth/admins. */
export const adminAccountsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.admins(),
    queryFn: ({ signal }) => apiRequest(api.admins.list, { signal }),
  });

/** GET /api/admin/settings (the PayPal secret is never sent back, only hasClientSecret). */
export const adminSettingsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => apiRequest(api.adminSettings.read, { signal }),
    // The form is filled once from the loaded values; a background refetch must not overwrite typing.
    staleTime: Infinity,
  });
