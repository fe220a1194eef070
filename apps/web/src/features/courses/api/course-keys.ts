/**
 * Query keys of the learner's side of courses: courses → public → list(filters) | detail(id), and
 * courses → mine → enrolled | progress(id) | certificate(id). Rooted under ['courses'] so one key can
 * invalidate everything about courses; the learner's own data sits apart under 'mine'.
 */
export const courseKeys = {
  all: ['courses'] as const,
  public: () => [...courseKeys.all, 'public'] as const,
  lists: () => [...courseKeys.public(), 'list'] as const,
  list: (filters: CourseFilters) => [...courseKeys.lists(), filters] as const,
  detail: (id: string) => [...courseKeys.public(), 'detail', id] as const,
  mine: () => [...courseKeys.all, 'mine'] as const,
  enrolled: () => [...courseKeys.mine(), 'enrolled'] as const,
  progress: (id: string) => [...courseKeys.mine(), 'progress', id] as const,
  certificate: (id: string) => [...courseKeys.mine(), 'certificate', id] as const,
};

export interface CourseFilters {
  search: string;
  /** '' for every category. */
  category: string;
  page: number;
}
