import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  AdminQuestionListQuery,
  ApplySecondOpinionBody,
  BulkReviewBody,
  CreateExamBody,
  QuestionBody,
  UpdateExamBody,
} from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { ApiError, apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, adminSettingsQueryOptions, useAdminRole } from '../../../lib/admin/admin-api.ts';
import { adminCan } from '@mlp/contract/routes';
import { adminExamKeys } from './exam-keys.ts';

/** GET /api/admin/exams → { exams } (drafts included, with question counts). */
export const adminExamsQueryOptions = () =>
  queryOptions({
    queryKey: adminExamKeys.lists(),
    queryFn: ({ signal }) => apiRequest(api.adminExams.list, { signal }),
  });

/**
 * GET /api/admin/exams/{id}/info → the exam's own fields and counts, without its questions: the edit page
 * pages those (decision 0050), so a bank of thousands is never loaded at once.
 */
export const adminExamQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminExamKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(api.adminExams.info, { params: { id }, signal }),
  });

/**
 * GET /api/admin/exams/{id}/questions → a page of the exam's questions with counts per status (decision
 * 0043). The page shown stays on screen while the next one loads.
 */
export const adminExamQuestionsQueryOptions = (id: string, query: AdminQuestionListQuery) =>
  queryOptions({
    queryKey: adminExamKeys.questions(id, query),
    queryFn: ({ signal }) => apiRequest(api.adminExams.questions, { params: { id }, query, signal }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/admin/exams/{id}/preview → the exam as a learner's sitting would serve it, with answers. Drawn
 * once per visit: never refetched while the page is open (the order would change under the reader), and
 * dropped when it closes, so the next visit draws again. No abort signal: under StrictMode's
 * mount–unmount–mount an aborted first request would only send a second one (as the sitting does).
 */
export const examPreviewQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminExamKeys.preview(id),
    queryFn: () => apiRequest(api.adminExams.preview, { params: { id } }),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * Whether the site settings let administrators create exams (`examCreationEnabled`): true, false, or
 * undefined while unknown (loading, or the settings could not be read; the server still decides). Read
 * fresh on each visit, as another administrator may have changed it since this tab last loaded settings.
 */
export function useExamCreationEnabled(): { enabled: boolean | undefined; pending: boolean } {
  // An Editor may not read the settings (decision 0067): unknown, and the server decides.
  const role = useAdminRole();
  const readable = adminCan(role, 'adminSettings', 'read');
  const settings = useQuery({ ...adminSettingsQueryOptions(), staleTime: 0, enabled: readable });
  return {
    enabled: settings.data?.examCreationEnabled,
    pending: role === undefined || (readable && settings.isPending),
  };
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
    mutationFn: (body: CreateExamBody) => apiRequest(api.adminExams.create, { body }),
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
    mutationFn: (body: UpdateExamBody) => apiRequest(api.adminExams.update, { params: { id }, body }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/admin/exams/{id} (refused with 409 while learners hold active subscriptions). */
export function useDeleteExamMutation() {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminExams.remove, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** PUT /api/admin/exams/{id}/publish. */
export function usePublishExamMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: () => apiRequest(api.adminExams.publish, { params: { id } }),
    onSuccess: () => refresh(id),
  });
}

/**
 * POST …/questions/similar { question, excludeId } → the exam's questions with nearly the same text
 * (decision 0050). A read: asked when a save was refused as a duplicate, to name and link the other one.
 */
export const similarQuestionsQueryOptions = (examId: string, question: string, excludeId: string | null) =>
  queryOptions({
    queryKey: [...adminExamKeys.detail(examId), 'similar', question, excludeId] as const,
    queryFn: ({ signal }) =>
      apiRequest(api.adminExams.similarQuestions, {
        params: { id: examId },
        body: excludeId ? { question, excludeId } : { question },
        signal,
      }),
    enabled: question.length > 0,
    staleTime: 30_000,
  });

/** POST …/questions (new) or PUT …/questions/{qid} (edit) with { question, options, correctAnswer, explanation }. */
export function useSaveQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string | null; body: QuestionBody }) =>
      questionId
        ? apiRequest(api.adminExams.editQuestion, { params: { id, qid: questionId }, body })
        : apiRequest(api.adminExams.addQuestion, { params: { id }, body }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE …/questions/{qid}. */
export function useDeleteQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (questionId: string) =>
      apiRequest(api.adminExams.deleteQuestion, { params: { id, qid: questionId } }),
    onSuccess: () => refresh(id),
  });
}

export type ReviewDecision = { action: 'approve' } | { action: 'reject'; rejectionReason: string };

/** PUT …/questions/{qid}/approve { action: 'approve' } or { action: 'reject', rejectionReason }. */
export function useReviewQuestionMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, decision }: { questionId: string; decision: ReviewDecision }) =>
      apiRequest(api.adminExams.reviewQuestion, { params: { id, qid: questionId }, body: decision }),
    onSuccess: () => refresh(id),
  });
}

/** POST …/generate-questions { prompt, numQuestions } → drafts saved as pending (can take a minute). */
export function useGenerateQuestionsMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (body: { prompt: string; numQuestions: number }) =>
      apiRequest(api.adminExams.generateQuestions, { params: { id }, body }),
    onSuccess: () => refresh(id),
  });
}

/**
 * POST /api/admin/exams/{id}/questions/review { action, questionIds, rejectionReason? } → { message,
 * updated }: approve or reject pending AI questions together, or restore rejected ones (decision 0043).
 */
export function useBulkReviewMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (body: BulkReviewBody) => apiRequest(api.adminExams.bulkReview, { params: { id }, body }),
    onSettled: () => refresh(id),
  });
}

/**
 * POST …/questions/{qid}/second-opinion {} → the model's verdict and suggested fix (decision 0042). A
 * read that writes nothing, so a query: asked when the dialog opens, dropped when it closes (gcTime 0),
 * never asked again behind the administrator's back (no refetch on focus or reconnect, no retry).
 */
export const secondOpinionQueryOptions = (examId: string, questionId: string) =>
  queryOptions({
    queryKey: adminExamKeys.secondOpinion(examId, questionId),
    queryFn: ({ signal }) =>
      apiRequest(api.adminExams.secondOpinion, { params: { id: examId, qid: questionId }, body: {}, signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * POST …/questions/{qid}/second-opinion/apply { version, model, verdict, suggestion } → { message,
 * question }; 409 when the question changed since the opinion was asked. The exam is reloaded either way.
 */
export function useApplySecondOpinionMutation(examId: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, body }: { questionId: string; body: ApplySecondOpinionBody }) =>
      apiRequest(api.adminExams.applySecondOpinion, { params: { id: examId, qid: questionId }, body }),
    onSettled: () => refresh(examId),
  });
}

/** GET /api/admin/exams/{id}/topics → the exam's topics with how many questions use each (decision 0050). */
export const examTopicsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...adminExamKeys.detail(id), 'topics'] as const,
    queryFn: ({ signal }) => apiRequest(api.adminExams.topics, { params: { id }, signal }),
  });

export type TopicChange =
  | { action: 'add'; name: string }
  | { action: 'rename'; from: string; to: string }
  | { action: 'merge'; from: string[]; into: string }
  | { action: 'remove'; name: string; moveTo: string | null };

/**
 * Adds, renames, merges or removes one of the exam's topics (decision 0050); the exam, its question list
 * and its topics are reloaded either way (another administrator may have changed them).
 */
export function useTopicChangeMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (change: TopicChange) => {
      const params = { id };
      switch (change.action) {
        case 'add':
          return apiRequest(api.adminExams.addTopic, { params, body: { name: change.name } });
        case 'rename':
          return apiRequest(api.adminExams.renameTopic, {
            params,
            body: { from: change.from, to: change.to },
          });
        case 'merge':
          return apiRequest(api.adminExams.mergeTopics, {
            params,
            body: { from: change.from, into: change.into },
          });
        case 'remove':
          return apiRequest(api.adminExams.removeTopic, {
            params,
            body: { name: change.name, moveTo: change.moveTo },
          });
      }
    },
    onSettled: () => refresh(id),
  });
}

/** POST …/questions/topic { questionIds, topic } → the chosen questions filed under one topic (or none). */
export function useSetQuestionsTopicMutation(id: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: (body: { questionIds: string[]; topic: string | null }) =>
      apiRequest(api.adminExams.setQuestionsTopic, { params: { id }, body }),
    onSettled: () => refresh(id),
  });
}

/** GET …/questions/{qid}/versions?page → a page of the question's history, newest first (decision 0050). */
export const questionHistoryQueryOptions = (examId: string, questionId: string, page: number) =>
  queryOptions({
    queryKey: [...adminExamKeys.detail(examId), 'history', questionId, page] as const,
    queryFn: ({ signal }) =>
      apiRequest(api.adminExams.questionHistory, {
        params: { id: examId, qid: questionId },
        query: { page },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST …/questions/{qid}/versions/{version}/restore → the question with that version's content, as new. */
export function useRestoreVersionMutation(examId: string) {
  const refresh = useRefreshExam();
  return useMutation({
    mutationFn: ({ questionId, version }: { questionId: string; version: number }) =>
      apiRequest(api.adminExams.restoreVersion, { params: { id: examId, qid: questionId, version } }),
    onSettled: () => refresh(examId),
  });
}
