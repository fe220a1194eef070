import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { activityQuery, dashboardKeys, type AdminActivityFilters } from './dashboard-keys.ts';
import { api } from '@mlp/contract/routes';

/** GET /api/admin/stats: the dashboard's four counters. */
export const adminStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.stats(),
    queryFn: ({ signal }) => apiRequest(api.stats.read, { signal }),
  });

/** GET /api/admin/audit?page=&limit=&entityType=&action=&adminId=&from=&to=: the activity log. */
export const adminActivityQueryOptions = (filters: AdminActivityFilters) =>
  queryOptions({
    queryKey: dashboardKeys.activity(filters),
    queryFn: ({ signal }) => apiRequest(api.audit.list, { query: activityQuery(filters), signal }),
    // The table keeps showing the current page while the next one loads.
    placeholderData: keepPreviousData,
  });
