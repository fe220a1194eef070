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
  /** one question's reports (from the grouped view) */
  questionId?: string;
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
          questionId: filters.questionId || undefined,
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

/** GET /api/admin/reports/questions?status=&examId=&page=&limit= (decision 0073). */
export const reportedQuestionsQueryOptions = (filters: Omit<ReportFilters, 'userId' | 'questionId'>) =>
  queryOptions({
    queryKey: [...reportKeys.all, 'by-question', filters] as const,
    queryFn: ({ signal }) =>
      apiRequest(api.reports.byQuestion, {
        query: {
          status: filters.status,
          examId: filters.examId || undefined,
          page: filters.page + 1,
          limit: filters.rowsPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/reports/questions/{questionId}/resolve → { message, resolved }. */
export function useResolveQuestionReportsMutation() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string; body: ResolveReportBody }) =>
      apiRequest(api.reports.resolveQuestion, { params: { questionId }, body }),
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: reportKeys.all }), refreshDashboard()]),
  });
}
