import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AdminStats, AuditResponse } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { activityQuery, dashboardKeys, type AdminActivityFilters } from './dashboard-keys.ts';

/** GET /api/admin/stats: the dashboard's four counters. */
export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => apiRequest<AdminStats>('/api/admin/stats', { auth: 'admin', signal }),
  });

/** GET /api/admin/audit?page=&limit=&entityType=&action=&adminId=&from=&to=: the activity log. */
export const adminActivityQueryOptions = (filters: AdminActivityFilters) =>
  queryOptions({
    queryKey: dashboardKeys.activity(filters),
    queryFn: ({ signal }) =>
      apiRequest<AuditResponse>(`/api/admin/audit?${activityQuery(filters)}`, { auth: 'admin', signal }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });
