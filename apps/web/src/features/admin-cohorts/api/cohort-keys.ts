import { adminKeys } from '../../../lib/admin/admin-api.ts';

/** Query keys of the cohorts panel: admin → cohorts → list | detail(id) | invites(id) | progress | exams | insights. */
export const adminCohortKeys = {
  all: [...adminKeys.all, 'cohorts'] as const,
  list: () => [...adminCohortKeys.all, 'list'] as const,
  detail: (id: string) => [...adminCohortKeys.all, 'detail', id] as const,
  invites: (id: string) => [...adminCohortKeys.detail(id), 'invites'] as const,
  progress: (id: string, assignmentId: string) =>
    [...adminCohortKeys.detail(id), 'progress', assignmentId] as const,
  exams: () => [...adminCohortKeys.all, 'exams'] as const,
  insights: (id: string) => [...adminCohortKeys.detail(id), 'insights'] as const,
  items: (id: string, assignmentId: string) =>
    [...adminCohortKeys.detail(id), 'items', assignmentId] as const,
};
