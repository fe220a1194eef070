import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { ExamResult, MissTag } from '@mlp/contract';
import { RESULTS_PAGE_SIZE } from '@mlp/contract/constants';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { pickLatestResultForExam } from '../score.ts';
import { resultKeys } from './result-keys.ts';

export { RESULTS_PAGE_SIZE };

/** GET /api/exams/results/{id}: one of the learner's results with its question review (404 'No result found'). */
export const resultQueryOptions = (resultId: string) =>
  queryOptions({
    queryKey: resultKeys.detail(resultId),
    queryFn: ({ signal }) => apiRequest(api.attempts.result, { params: { id: resultId }, signal }),
    // A result never changes once written.
    staleTime: Infinity,
  });

/**
 * For /exams/{id}/result: the id of the learner's newest result for that exam among their latest 20
 * (GET /api/exams/results?limit=20), or null when there is none.
 */
export const latestResultIdQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: resultKeys.latest(examId),
    queryFn: async ({ signal }) => {
      const { results } = await apiRequest(api.attempts.results, {
        query: { page: 1, limit: RESULTS_PAGE_SIZE },
        signal,
      });
      return pickLatestResultForExam(results, examId)?._id ?? null;
    },
  });

/** GET /api/exams/user/history?page&limit=20 → { history, page, pages, total }, newest first. */
export const historyQueryOptions = (page: number) =>
  queryOptions({
    queryKey: resultKeys.history(page),
    queryFn: ({ signal }) =>
      apiRequest(api.attempts.history, { query: { page, limit: RESULTS_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/exams/user/recent → { recent, inProgress }: the last exams taken, each with its latest score,
 * and the exams started and not yet submitted (ADR 0018).
 */
export const recentExamsQueryOptions = () =>
  queryOptions({
    queryKey: resultKeys.recent(),
    queryFn: ({ signal }) => apiRequest(api.attempts.recent, { signal }),
  });

/**
 * GET /api/exams/results/{id}/peers: how other learners answered the result's questions (aggregates
 * only, and only for questions at least 20 learners answered; decision 0035).
 */
export const resultPeersQueryOptions = (resultId: string) =>
  queryOptions({
    queryKey: resultKeys.peers(resultId),
    queryFn: ({ signal }) => apiRequest(api.analytics.peers, { params: { id: resultId }, signal }),
    // The figures are recounted about once a minute.
    staleTime: 60_000,
  });

/**
 * PUT /api/exams/results/{id}/questions/{questionId}/tag: why the learner missed a question (null clears
 * it). The stored result is updated in place, so the review shows the tag without reloading.
 */
export function useTagMiss(resultId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, tag }: { questionId: string; tag: MissTag | null }) =>
      apiRequest(api.analytics.tagMiss, { params: { id: resultId, questionId }, body: { tag } }),
    onSuccess: ({ questionId, tag }) => {
      queryClient.setQueryData(resultKeys.detail(resultId), (result: ExamResult | undefined) =>
        result
          ? {
              ...result,
              questions: result.questions.map((q) =>
                q.questionId === questionId ? { ...q, missTag: tag } : q,
              ),
            }
          : result,
      );
    },
  });
}
