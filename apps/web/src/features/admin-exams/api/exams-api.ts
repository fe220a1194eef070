import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  AdminExamDetail,
  AdminExamSummary,
  AdminQuestion,
  CreateExamBody,
  MessageResponse,
  QuestionBody,
  UpdateExamBody,
} from '@mlp/contract';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, adminSettingsQueryOptions } from '../../../lib/admin/admin-api.ts';
import { adminExamKeys } from './exam-keys.ts';

const examPath = (id: string) => `/api/admin/exams/${encodeURIComponent(id)}`;
const questionPath = (id: string, qid: string) => `${examPath(id)}/questions/${encodeURIComponent(qid)}`;

interface ExamMessage {
  message: string;
  exam: AdminExamDetail;
}

/** GET /api/admin/exams → { exams } (drafts included, with question counts). */
export const adminExamsQueryOptions = () =>
  queryOptions({
    queryKey: adminExamKeys.lists(),
    queryFn: ({ signal }) =>
      apiRequest<{ exams: AdminExamSummary[] }>('/api/admin/exams', { auth: 'admin', signal }),
  });

/** GET /api/admin/exams/{id} → the exam with every question (answers included). */
export const adminExamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminExamKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<AdminExamDetail>(examPath(id), { auth: 'admin', signal }),
  });

/**
 * Whether the site settings let administrators create exams (`examCreationEnabled`): true, false, or
 * undefined while unknown (loading, or the settings could not be read; the server still decides). Read
 * fresh on each visit, as another administrator may have changed it since this tab last loaded settings.
 */
export function useExamCreationEnabled(): { enabled: boolean | undefined; pending: boolean } {
  const settings = useQuery({ ...adminSettingsQueryOptions(), staleTime: 0 });
  return { enabled: settings.data?.examCreationEnabled, pending: settings.isPending };
}

/**
 * After any change to an exam: the list's counts, this exam's detail and the dashboard. The detail is
 * refreshed from the server ("then the exam is reloaded", spec §7) rather than patched by hand.
 */
function useRefreshExam() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminExamKeys.lists() }),
      id ? queryClient.invalidateQueries({ queryKey: adminExamKeys.detail(id) }) : undefined,
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    ]);
}

/** POST /api/admin/exams → 201 { message, exam }. */
export function useCreateExamMutation() {
  const refresh = useRefreshExam();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateExamBody) =>
      apiRequest<ExamMessage>('/api/admin/exams', { method: 'POST', body, auth: 'admin' }),
    onSuccess: () => refresh(),
    // 403: exam creation was turned off meanwhile; reload the settings so the page says so.
    onError: (error) =>
      error instanceof ApiError && error.status === 403
        ? queryClient.invalidateQueries({ queryKey: adminKeys.settings() })
        : undefined,
  });
}

/** PUT /api/admin/exams/{id} { title, description, numberOfQuestions, price, category, isActive, tags }. */
export function useUpdateExamMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (body: UpdateExamBody) =>
      apiRequest<ExamMessage>(examPath(id), { method: 'PUT', body, auth: 'admin' }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/admin/exams/{id} (refused with 409 while learners hold active subscriptions). */
export function useDeleteExamMutation() {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(examPath(id), { method: 'DELETE', auth: 'admin' }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/admin/exams/{id}/publish. */
export function usePublishExamMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: () => apiRequest<ExamMessage>(`${examPath(id)}/publish`, { method: 'PUT', auth: 'admin' }),
    onSuccess: () => refresh(id),
  });
}

/** POST …/questions (new) or PUT …/questions/{qid} (edit) with { question, options, correctAnswer, explanation }. */
export function useSaveQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string | null; body: QuestionBody }) =>
      apiRequest<AdminQuestion>(questionId ? questionPath(id, questionId) : `${examPath(id)}/questions`, {
        method: questionId ? 'PUT' : 'POST',
        body,
        auth: 'admin',
      }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE …/questions/{qid}. */
export function useDeleteQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiRequest<MessageResponse>(questionPath(id, questionId), { method: 'DELETE', auth: 'admin' }),
    onSuccess: () => refresh(id),
  });
}

export type ReviewDecision = { action: 'approve' } | { action: 'reject'; rejectionReason: string };

/** PUT …/questions/{qid}/approve { action: 'approve' } or { action: 'reject', rejectionReason }. */
export function useReviewQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, decision }: { questionId: string; decision: ReviewDecision }) =>
      apiRequest<AdminQuestion>(`${questionPath(id, questionId)}/approve`, {
        method: 'PUT',
        body: decision,
        auth: 'admin',
      }),
    onSuccess: () => refresh(id),
  });
}

export interface GenerateQuestionsResult {
  message: string;
  questions: AdminQuestion[];
  kept: number;
  dropped: number;
}

/** POST …/generate-questions { prompt, numQuestions } → drafts saved as pending (can take a minute). */
export function useGenerateQuestionsMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (body: { prompt: string; numQuestions: number }) =>
      apiRequest<GenerateQuestionsResult>(`${examPath(id)}/generate-questions`, {
        method: 'POST',
        body,
        auth: 'admin',
      }),
    onSuccess: () => refresh(id),
  });
}
