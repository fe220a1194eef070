import { useQueryClient } from '@tanstack/react-query';

/**
 * The root of the administrator panel's query keys. Everything sits under ['admin'], so signing out
 * (which clears the cache) and broad invalidations after a change reach every admin screen. Each admin
 * feature builds its own keys on it:
 * admin → check (admin-auth)
 *       → dashboard → stats | activity(filters) (admin-dashboard)
 *       → users → list(filters) (admin-users) | admins (here: admin-users and the activity filter)
 *       → settings (here: admin-settings, the exam-creation switch, the test-payments warning)
 *       → exams → list() | detail(id) (admin-exams)
 *       → articles → list(filters) | detail(id) (admin-articles)
 */
export const adminKeys = {
  all: ['admin'] as const,
  // Every change an administrator makes refreshes the counters and the activity log under it together.
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

/** The dashboard counts and activity change after any administrator action: call after every change. */
export function useRefreshDashboard() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() });
}
