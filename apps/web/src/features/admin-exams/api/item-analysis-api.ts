import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ITEM_SORTS } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { adminExamKeys } from './exam-keys.ts';

/** What the report shows (0-based page, as the table keeps it). */
export interface ItemAnalysisFilters {
  source: 'all' | 'ai' | 'manual';
  flaggedOnly: boolean;
  sort: (typeof ITEM_SORTS)[number];
  page: number;
  rowsPerPage: number;
}

/** Under the exam's detail key, so a change to the exam or its questions loads the figures again. */
export const itemAnalysisKeys = {
  all: (examId: string) => [...adminExamKeys.detail(examId), 'item-analysis'] as const,
  report: (examId: string, filters: ItemAnalysisFilters) =>
    [...itemAnalysisKeys.all(examId), filters] as const,
};

/** GET /api/admin/exams/{id}/item-analysis?source=&flaggedOnly=&sort=&page=&pageSize=. */
export const itemAnalysisQueryOptions = (examId: string, filters: ItemAnalysisFilters) =>
  queryOptions({
    queryKey: itemAnalysisKeys.report(examId, filters),
    queryFn: ({ signal }) =>
      apiRequest(api.itemAnalysis.read, {
        params: { id: examId },
        query: {
          source: filters.source,
          flaggedOnly: filters.flaggedOnly ? 'true' : 'false',
          sort: filters.sort,
          page: filters.page + 1,
          pageSize: filters.rowsPerPage,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/exams/{id}/item-analysis/recalculate → { message }. */
export function useRecalculateMutation(examId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest(api.itemAnalysis.recalculate, { params: { id: examId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemAnalysisKeys.all(examId) }),
  });
}
