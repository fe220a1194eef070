import type { AdminQuestionListQuery } from '@mlp/contract';
import { adminKeys } from '../../../lib/admin/admin-api.ts';

/**
 * Query keys of the exam editor: admin → exams → list() | detail(id) → questions(id, query) | preview(id) |
 * secondOpinion(id, questionId). A page of the question list sits under its exam's detail, so refreshing
 * the exam after a change reloads the page shown too; the preview does not (it is drawn once per visit).
 */
export const adminExamKeys = {
  all: [...adminKeys.all, 'exams'] as const,
  lists: () => [...adminExamKeys.all, 'list'] as const,
  detail: (id: string) => [...adminExamKeys.all, 'detail', id] as const,
  questions: (id: string, query: AdminQuestionListQuery) =>
    [...adminExamKeys.detail(id), 'questions', query] as const,
  preview: (id: string) => [...adminExamKeys.all, 'preview', id] as const,
  /** Not under detail(id): reloading the exam after a change must not ask the model again. */
  secondOpinion: (id: string, questionId: string) =>
    [...adminExamKeys.all, 'second-opinion', id, questionId] as const,
};
