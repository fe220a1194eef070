import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ExamPublic, PublishedExamsResponse, UserExamsResponse } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { examKeys } from './catalogue-keys.ts';

/**
 * Spec §9: exam list page size. Kept here rather than imported from @mlp/contract, whose value exports
 * would pull zod and the exam schemas into this page's chunk.
 */
export const EXAM_PAGE_SIZE = 20;

/** GET /api/exams/published?page&limit=20&search → { exams, page, pages, totalExams }. */
export const publishedExamsQueryOptions = (filters: { page: number; search: string }) =>
  queryOptions({
    queryKey: examKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(filters.page), limit: String(EXAM_PAGE_SIZE) });
      if (filters.search) params.set('search', filters.search);
      return apiRequest<PublishedExamsResponse>(`/api/exams/published?${params.toString()}`, {
        auth: 'none',
        signal,
      });
    },
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

/** GET /api/exams/{id}: the public fields of a published exam (404 'Exam not found'). */
export const examQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: examKeys.detail(examId),
    queryFn: ({ signal }) =>
      apiRequest<ExamPublic>(`/api/exams/${encodeURIComponent(examId)}`, { auth: 'none', signal }),
  });

/**
 * GET /api/exams/user → { exams }: the exams the signed-in learner has an active subscription to. The
 * catalogue marks them 'Subscribed' with this one extra request, so the anonymous catalogue response stays
 * the same for everyone (decision 0022).
 */
export const subscribedExamsQueryOptions = () =>
  queryOptions({
    queryKey: examKeys.subscribed(),
    queryFn: ({ signal }) => apiRequest<UserExamsResponse>('/api/exams/user', { signal }),
    select: (data) => new Set(data.exams.map((exam) => exam._id)),
    staleTime: 60_000,
  });
