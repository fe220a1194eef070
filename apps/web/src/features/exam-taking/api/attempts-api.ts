import { queryOptions } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { Attempt, AttemptHeartbeatResponse, SaveAnswersBody, SubmitExamBody } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { shuffleQuestionChoices } from '../choice-order.ts';
import { attemptKeys } from './attempt-keys.ts';

export interface ExamSession {
  attempt: Attempt;
  /** Display order of each question's choices (question id → original indices), fixed for this load. */
  choiceOrders: Record<string, number[]>;
}

/**
 * POST /api/exams/{id}/attempts: starts the exam or resumes the open attempt (ADR 0009). The choices are
 * shuffled here, once per load (spec §2); the session is never refetched and is dropped as soon as the
 * page unmounts, so coming back reshuffles. No abort signal: under StrictMode's mount–unmount–mount an
 * aborted first request would just send a second POST.
 */
export const examSessionQueryOptions = (examId: string) =>
  queryOptions({
    queryKey: attemptKeys.session(examId),
    queryFn: async (): Promise<ExamSession> => {
      const attempt = await apiRequest(api.attempts.start, { params: { id: examId } });
      return { attempt, choiceOrders: shuffleQuestionChoices(attempt.questions) };
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * PUT /api/exams/attempts/{attemptId}/answers { answers, currentIndex } → 204. `keepalive` lets a save
 * flushed as the page goes away reach the server (sendBeacon cannot carry the Authorization header).
 */
export async function saveAttemptProgress(
  attemptId: string,
  body: SaveAnswersBody,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  await apiRequest(api.attempts.saveAnswers, {
    params: { id: attemptId },
    body,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** POST /api/exams/attempts/{attemptId}/heartbeat { currentIndex } → { elapsedSeconds } (ADR 0018). */
export function sendAttemptHeartbeat(
  attemptId: string,
  currentIndex: number,
): Promise<AttemptHeartbeatResponse> {
  return apiRequest(api.attempts.heartbeat, { params: { id: attemptId }, body: { currentIndex } });
}

/** POST /api/exams/{id}/submit { answers, duration, attemptId } → the result (201, or 200 on a repeat). */
export function useSubmitExamMutation(examId: string) {
  return useMutation({
    mutationFn: (body: SubmitExamBody) => apiRequest(api.attempts.submit, { params: { id: examId }, body }),
  });
}
