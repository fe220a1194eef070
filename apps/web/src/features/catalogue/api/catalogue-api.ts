import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { EXAM_PAGE_SIZE } from '@mlp/contract/constants';
import { api } from '@mlp/contract/routes';
import type { CheckSampleBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { examKeys, type CatalogueFilters } from './catalogue-keys.ts';

export { EXAM_PAGE_SIZE };

/**
 * GET /api/exams/published?page&limit=20&search&category → { exams, page, pages, totalExams, categories }.
 * An empty search or category is left out of the URL, so the first load's preloaded URL stays the same
 * (decision 0015).
 */
export const publishedExamsQueryOptions = (filters: CatalogueFilters) =>
  queryOptions({
    queryKey: examKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(api.exams.published, {
        query: {
          page: filters.page,
          limit: EXAM_PAGE_SIZE,
          search: filters.search,
          category: filters.category,
        },
        signal,
      }),
    // Paging and a new category keep the current cards and chips on screen until the answer arrives.
    placeholderData: keepPreviousData,
  });

/** GET /api/exams/{id}: the public fields of a published exam (404 'Exam not found'). */
export const examQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: examKeys.detail(examId),
    queryFn: ({ signal }) => apiRequest(api.exams.detail, { params: { id: examId }, signal }),
  });

/**
 * GET /api/exams/user → { exams }: the exams the signed-in learner has an active subscription to. The
 * catalogue marks them 'Subscribed' with this one extra request, so the anonymous catalogue response stays
 * the same for everyone (decision 0022).
 */
export const subscribedExamsQueryOptions = () =>
  queryOptions({
    queryKey: examKeys.subscribed(),
    queryFn: ({ signal }) => apiRequest(api.exams.mine, { signal }),
    select: (data) => new Set(data.exams.map((exam) => exam._id)),
    staleTime: 60_000,
  });

/**
 * GET /api/exams/{id}/inside: the exam's topics with question counts, its modes and timing, and up to 3
 * sample questions without their keys (decision 0061); the same for everyone.
 */
export const examInsideQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: examKeys.inside(examId),
    queryFn: ({ signal }) => apiRequest(api.exams.inside, { params: { id: examId }, signal }),
  });

/**
 * POST /api/exams/{id}/samples/{questionId}/check { answer } → that sample's reveal. Writes nothing on the
 * server, so nothing is invalidated.
 */
export function useCheckSampleMutation(examId: string, questionId: string) {
  return useMutation({
    mutationFn: (body: CheckSampleBody) =>
      apiRequest(api.exams.checkSample, { params: { id: examId, questionId }, body }),
  });
}
