/**
 * Query keys of the public exam catalogue: exams → public → list(filters) | detail(id). Rooted under
 * ['exams'] so anything that changes exams can invalidate the catalogue with one key.
 */
export const examKeys = {
  all: ['exams', 'public'] as const,
  lists: () => [...examKeys.all, 'list'] as const,
  list: (filters: CatalogueFilters) => [...examKeys.lists(), filters] as const,
  details: () => [...examKeys.all, 'detail'] as const,
  detail: (id: string) => [...examKeys.details(), id] as const,
  /** What is inside a published exam, its samples included (decision 0061). */
  inside: (id: string) => [...examKeys.all, 'inside', id] as const,
  /**
   * The signed-in learner's exams with an active subscription. Kept under ['subscriptions', 'list'] so a
   * new, renewed or cancelled subscription (which invalidates the subscription lists) refreshes the marks.
   */
  subscribed: () => ['subscriptions', 'list', 'catalogue-marks'] as const,
};

export interface CatalogueFilters {
  page: number;
  search: string;
  /** '' for every category (decision 0057) */
  category: string;
}
