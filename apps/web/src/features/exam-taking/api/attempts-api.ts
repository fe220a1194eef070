import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type {
  Certainty,
  Answers,
  Attempt,
  AttemptHeartbeatResponse,
  ExamResult,
  MockOutcome,
  PausedResponse,
  Reveal,
  SaveAnswersBody,
  SittingMode,
} from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { shuffleQuestionChoices } from '../choice-order.ts';
import { attemptKeys } from './attempt-keys.ts';

/**
 * What is being sat: an exam (started in a mode, or without one: resume what is open, else the plain
 * exam) or a practice set (an attempt already built, decision 0037).
 */
export type SittingSource =
  | { kind: 'exam'; examId: string; mode?: SittingMode | undefined }
  | { kind: 'practice'; attemptId: string }
  /** a live mock's one timed sitting (decision 0077) */
  | { kind: 'mock'; mockId: string };

/** What a submit answers: the scored result, or a live mock's outcome (no score before its release). */
export type SittingSubmitted =
  { kind: 'result'; result: ExamResult } | { kind: 'mock'; outcome: MockOutcome };

export interface ExamSession {
  attempt: Attempt;
  /** Display order of each question's choices (question id → original indices), fixed for this load. */
  choiceOrders: Record<string, number[]>;
}

function loadAttempt(source: SittingSource): Promise<Attempt> {
  if (source.kind === 'practice')
    return apiRequest(api.practice.resume, { params: { id: source.attemptId } });
  if (source.kind === 'mock') return apiRequest(api.mocks.start, { params: { id: source.mockId } });
  return apiRequest(api.attempts.start, {
    params: { id: source.examId },
    ...(source.mode ? { body: { mode: source.mode } } : {}),
  });
}

/**
 * POST /api/exams/{id}/attempts ({ mode }): starts the exam or resumes the open attempt (ADR 0009); a
 * practice set resumes at POST /api/practice-sets/{id}/resume. The choices are shuffled here, once per
 * load (spec §2); the session is never refetched and is dropped as soon as the page unmounts, so coming
 * back reshuffles. No abort signal: under StrictMode's mount–unmount–mount an aborted first request would
 * just send a second POST.
 */
export const sittingQueryOptions = (source: SittingSource) =>
  queryOptions({
    queryKey:
      source.kind === 'exam'
        ? attemptKeys.session('exam', source.examId, source.mode)
        : source.kind === 'mock'
          ? attemptKeys.session('mock', source.mockId)
          : attemptKeys.session('practice', source.attemptId),
    queryFn: async (): Promise<ExamSession> => {
      const attempt = await loadAttempt(source);
      return { attempt, choiceOrders: shuffleQuestionChoices(attempt.questions) };
    },
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/**
 * How long the sitting's saves, heartbeats and submits wait for an answer before they count as not
 * reaching the server and are tried again (decision 0066): all three are idempotent, and a process that
 * dies with the call on its way would otherwise leave it hanging for minutes.
 */
export const SITTING_CALL_TIMEOUT_MS = 15_000;

/**
 * PUT /api/exams/attempts/{attemptId}/answers { changes, currentIndex, seq } → 204 (decision 0074).
 * `keepalive` lets a save flushed as the page goes away reach the server (sendBeacon cannot carry the
 * Authorization header).
 */
export async function saveAttemptProgress(
  attemptId: string,
  body: SaveAnswersBody,
  options: { keepalive?: boolean } = {},
): Promise<void> {
  await apiRequest(api.attempts.saveAnswers, {
    params: { id: attemptId },
    body,
    timeoutMs: SITTING_CALL_TIMEOUT_MS,
    ...(options.keepalive ? { keepalive: true } : {}),
  });
}

/** POST /api/exams/attempts/{attemptId}/heartbeat { currentIndex } → { elapsedSeconds } (ADR 0018). */
export function sendAttemptHeartbeat(
  attemptId: string,
  currentIndex: number,
): Promise<AttemptHeartbeatResponse> {
  return apiRequest(api.attempts.heartbeat, {
    params: { id: attemptId },
    body: { currentIndex },
    timeoutMs: SITTING_CALL_TIMEOUT_MS,
  });
}

/** Tutor mode: POST …/answer locks one answer and reveals that question's answer and explanation. */
export function answerTutorQuestion(
  attemptId: string,
  body: { questionId: string; answer: string; currentIndex: number; certainty?: Certainty },
): Promise<Reveal> {
  return apiRequest(api.attempts.answer, { params: { id: attemptId }, body });
}

/** POST …/pause or …/resume (untimed sittings only). */
/** Pauses or resumes a sitting; a timed one answers its time left and pause time left (decision 0064). */
export function setAttemptPaused(attemptId: string, paused: boolean): Promise<PausedResponse> {
  return apiRequest(paused ? api.attempts.pause : api.attempts.resume, { params: { id: attemptId } });
}

export interface SubmitSittingBody {
  answers: Answers;
  /** the page's clock, sent for the exam's submit (ignored by the server, ADR 0018) */
  duration: number;
  attemptId: string;
}

/**
 * Submits once and answers the result (201, or 200 on a repeat): an exam at POST /api/exams/{id}/submit
 * { answers, duration, attemptId }, a practice set at POST /api/practice-sets/{id}/submit { answers }; a
 * live mock at POST /api/mocks/{id}/submit { answers } answers its outcome (decision 0077).
 */
export async function submitSitting(
  source: SittingSource,
  body: SubmitSittingBody,
): Promise<SittingSubmitted> {
  if (source.kind === 'mock') {
    const outcome = await apiRequest(api.mocks.submit, {
      params: { id: source.mockId },
      body: { answers: body.answers },
      timeoutMs: SITTING_CALL_TIMEOUT_MS,
    });
    return { kind: 'mock', outcome };
  }
  const result =
    source.kind === 'practice'
      ? await apiRequest(api.practice.submit, {
          params: { id: source.attemptId },
          body: { answers: body.answers },
          timeoutMs: SITTING_CALL_TIMEOUT_MS,
        })
      : await apiRequest(api.attempts.submit, {
          params: { id: source.examId },
          body,
          timeoutMs: SITTING_CALL_TIMEOUT_MS,
        });
  return { kind: 'result', result };
}

export function useSubmitSittingMutation(source: SittingSource) {
  return useMutation({
    mutationFn: (body: SubmitSittingBody) => submitSitting(source, body),
    // Sent even when the browser says it is offline: a failed submit then shows that the page is waiting
    // for the server and sends it again (decision 0066), instead of a button that silently stays busy.
    networkMode: 'always',
  });
}

/** GET /api/exams/attempts/open: every sitting and practice set in progress (decision 0063). */
export const openSittingsQueryOptions = () =>
  queryOptions({
    queryKey: attemptKeys.open(),
    queryFn: async () => (await apiRequest(api.attempts.open)).sittings,
    // Sittings start, end and are discarded on other pages: read afresh on every visit.
    staleTime: 0,
  });

/** DELETE /api/exams/attempts/{id}: discards an open sitting; the list is read again afterwards. */
export function useDiscardSittingMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attemptId: string) => apiRequest(api.attempts.discard, { params: { id: attemptId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: attemptKeys.open() }),
  });
}

/**
 * POST /api/exams/{id}/attempts { mode, restart: true }: a new sitting in place of the open one of the exam,
 * which the server discards in the same transaction (decision 0063).
 */
export async function restartSitting(examId: string, mode: SittingMode | undefined): Promise<ExamSession> {
  const attempt = await apiRequest(api.attempts.start, {
    params: { id: examId },
    body: { ...(mode ? { mode } : {}), restart: true },
  });
  return { attempt, choiceOrders: shuffleQuestionChoices(attempt.questions) };
}
