import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the mock scheduler: admin → mocks → list, and the exams its picker offers. */
export const adminMockKeys = {
  all: [...adminKeys.all, 'mocks'] as const,
  list: () => [...adminMockKeys.all, 'list'] as const,
  exams: () => [...adminMockKeys.all, 'exams'] as const,
};
