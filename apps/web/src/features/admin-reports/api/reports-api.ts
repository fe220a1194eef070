import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ResolveReportBody } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, useRefreshDashboard } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';

/** Filters of the reports queue (0-based page, as the table keeps it); empty strings mean 'any'. */
export interface ReportFilters {
  page: number;
  rowsPerPage: number;
  status: 'open' | 'resolved' | 'all';
  examId: string;
  userId: string;
}

/** Query keys: admin → reports → list(filters). */
export const reportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  list: (filters: ReportFilters) => [...reportKeys.all, 'list', filters] as const,
};

/** GET /api/admin/reports?status=&examId=&userId=&page=&limit=. */
export const reportsQueryOptions = (filters: ReportFilters) =>
  queryOptions({
    queryKey: reportKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(api.reports.list, {
        query: {
          status: filters.status,
          examId: filters.examId || undefined,
          userId: filters.userId || undefined,
          page: filters.page + 1,
          limit: filters.rowsPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** PUT /api/admin/reports/{id}/resolve → { message, report }; the queue and the dashboard count reload. */
export function useResolveReportMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResolveReportBody }) =>
      apiRequest(api.reports.resolve, { params: { id }, body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), refreshDashboard()]),
  });
}
