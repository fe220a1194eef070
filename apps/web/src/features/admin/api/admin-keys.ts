import type { PagedListFilters } from '../../../lib/paged-list.ts';

/**
 * Filters of the activity log (0-based page index as the table keeps it). Empty strings mean 'any';
 * `from` and `to` are calendar days (yyyy-mm-dd) in the administrator's time zone, both included.
 */
export interface AdminActivityFilters {
  page: number;
  rowsPerPage: number;
  entityType: string;
  action: string;
  adminId: string;
  from: string;
  to: string;
}

/**
 * Query keys of the administrator panel. Everything sits under ['admin'] so signing out (which clears the
 * cache) and broad invalidations after a change reach every admin screen:
 * admin → check | dashboard → stats | activity(filters) | users → list(filters) | admins | settings
 *       → exams → list() | detail(id)
 *       → articles → list(filters) | detail(id)
 */
export const adminKeys = {
  all: ['admin'] as const,
  check: () => [...adminKeys.all, 'check'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  stats: () => [...adminKeys.dashboard(), 'stats'] as const,
  // Under dashboard: every change an administrator makes refreshes the counters and the log together.
  activity: (filters: AdminActivityFilters) => [...adminKeys.dashboard(), 'activity', filters] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filters: PagedListFilters) => [...adminKeys.users(), 'list', filters] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

export const adminExamKeys = {
  all: [...adminKeys.all, 'exams'] as const,
  lists: () => [...adminExamKeys.all, 'list'] as const,
  detail: (id: string) => [...adminExamKeys.all, 'detail', id] as const,
};

export const adminArticleKeys = {
  all: [...adminKeys.all, 'articles'] as const,
  lists: () => [...adminArticleKeys.all, 'list'] as const,
  list: (filters: PagedListFilters) => [...adminArticleKeys.lists(), filters] as const,
  detail: (id: string) => [...adminArticleKeys.all, 'detail', id] as const,
};

/** Local midnight starting the day `date` (yyyy-mm-dd), `days` later, as an ISO time. */
function startOfDay(date: string, days = 0): string {
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days).toISOString();
}

/**
 * Query string of the activity log: 1-based page, rows per page, the filters that are set, and the
 * days as a time range from the first day's midnight to the midnight after the last day.
 */
export function activityQuery(filters: AdminActivityFilters): string {
  const query = new URLSearchParams({ page: String(filters.page + 1), limit: String(filters.rowsPerPage) });
  if (filters.entityType) query.set('entityType', filters.entityType);
  if (filters.action) query.set('action', filters.action);
  if (filters.adminId) query.set('adminId', filters.adminId);
  if (filters.from) query.set('from', startOfDay(filters.from));
  if (filters.to) query.set('to', startOfDay(filters.to, 1));
  return query.toString();
}
