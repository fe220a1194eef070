import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the exam editor: admin → exams → list() | detail(id) | secondOpinion(id, questionId). */
export const adminExamKeys = {
  all: [...adminKeys.all, 'exams'] as const,
  lists: () => [...adminExamKeys.all, 'list'] as const,
  detail: (id: string) => [...adminExamKeys.all, 'detail', id] as const,
  /** Not under detail(id): reloading the exam after a change must not ask the model again. */
  secondOpinion: (id: string, questionId: string) =>
    [...adminExamKeys.all, 'second-opinion', id, questionId] as const,
};
