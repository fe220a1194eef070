/**
 * Query keys of the results feature:
 * results → history(page) | recent | latest(examId) | detail(id) | peers(id).
 */
export const resultKeys = {
  all: ['results'] as const,
  histories: () => [...resultKeys.all, 'history'] as const,
  history: (page: number) => [...resultKeys.histories(), { page }] as const,
  recent: () => [...resultKeys.all, 'recent'] as const,
  latest: (examId: string) => [...resultKeys.all, 'latest', examId] as const,
  details: () => [...resultKeys.all, 'detail'] as const,
  detail: (id: string) => [...resultKeys.details(), id] as const,
  peers: (id: string) => [...resultKeys.all, 'peers', id] as const,
};
