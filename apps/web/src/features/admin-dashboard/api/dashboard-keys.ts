import { adminKeys } from '../../../lib/admin/admin-api.ts';

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

/** Query keys of the dashboard: its counters and the activity log, under the key every change refreshes. */
export const dashboardKeys = {
  all: adminKeys.dashboard(),
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  activity: (filters: AdminActivityFilters) => [...dashboardKeys.all, 'activity', filters] as const,
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
