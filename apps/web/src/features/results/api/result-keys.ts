/**
 * Query keys of the results feature:
 * results → list(page, limit) | history(page) | recent | latest(examId) | detail(id).
 */
export const resultKeys = {
  all: ['results'] as const,
  lists: () => [...resultKeys.all, 'list'] as const,
  list: (page: number, limit: number) => [...resultKeys.lists(), { page, limit }] as const,
  histories: () => [...resultKeys.all, 'history'] as const,
  history: (page: number) => [...resultKeys.histories(), { page }] as const,
  recent: () => [...resultKeys.all, 'recent'] as const,
  latest: (examId: string) => [...resultKeys.all, 'latest', examId] as const,
  details: () => [...resultKeys.all, 'detail'] as const,
  detail: (id: string) => [...resultKeys.details(), id] as const,
};
