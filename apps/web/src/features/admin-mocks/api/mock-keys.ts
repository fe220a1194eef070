import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the mock scheduler: admin → mocks → list, the exams its picker offers, a mock's live view. */
export const adminMockKeys = {
  all: [...adminKeys.all, 'mocks'] as const,
  list: () => [...adminMockKeys.all, 'list'] as const,
  exams: () => [...adminMockKeys.all, 'exams'] as const,
  live: (id: string) => [...adminMockKeys.all, 'live', id] as const,
  items: (id: string) => [...adminMockKeys.all, 'items', id] as const,
};
