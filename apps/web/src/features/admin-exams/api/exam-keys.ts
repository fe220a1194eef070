import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the exam editor: admin → exams → list() | detail(id). */
export const adminExamKeys = {
  all: [...adminKeys.all, 'exams'] as const,
  lists: () => [...adminExamKeys.all, 'list'] as const,
  detail: (id: string) => [...adminExamKeys.all, 'detail', id] as const,
};
