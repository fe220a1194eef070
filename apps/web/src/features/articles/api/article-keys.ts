/**
 * Query keys of the public articles: articles → public → list(filters) | detail(id). Rooted under
 * ['articles'] so an edit anywhere can invalidate every article list with one key.
 */
export const articleKeys = {
  all: ['articles', 'public'] as const,
  lists: () => [...articleKeys.all, 'list'] as const,
  list: (filters: ArticleFilters) => [...articleKeys.lists(), filters] as const,
  details: () => [...articleKeys.all, 'detail'] as const,
  detail: (id: string) => [...articleKeys.details(), id] as const,
};

export interface ArticleFilters {
  search: string;
  /** '' for every category. */
  category: string;
  page: number;
}
