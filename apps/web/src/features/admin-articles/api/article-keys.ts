import { adminKeys, type PagedListFilters } from '../../../lib/admin/admin-api.ts';

/** Query keys of the article editor: admin → articles → list(filters) | detail(id). */
export const adminArticleKeys = {
  all: [...adminKeys.all, 'articles'] as const,
  lists: () => [...adminArticleKeys.all, 'list'] as const,
  list: (filters: PagedListFilters) => [...adminArticleKeys.lists(), filters] as const,
  detail: (id: string) => [...adminArticleKeys.all, 'detail', id] as const,
};
