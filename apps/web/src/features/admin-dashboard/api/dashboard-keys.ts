import type { AuditQuery } from '@mlp/contract';
import type { api, RouteQuery } from '@mlp/contract/routes';
import { adminKeys } from '../../../lib/admin/admin-api.ts';
import { dayRangeQuery } from '../../../lib/day-range.ts';

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

/**
 * Query of the activity log: 1-based page, rows per page, the filters that are set, and the
 * days as a time range from the first day's midnight to the midnight after the last day.
 */
export function activityQuery(filters: AdminActivityFilters): RouteQuery<typeof api.audit.list> {
  return {
    page: filters.page + 1,
    limit: filters.rowsPerPage,
    // The filter menus offer only the contract's values ('' is 'any').
    entityType: (filters.entityType || undefined) as AuditQuery['entityType'],
    action: (filters.action || undefined) as AuditQuery['action'],
    adminId: filters.adminId || undefined,
    ...dayRangeQuery(filters.from, filters.to),
  };
}
