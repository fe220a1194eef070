import { adminKeys, type PagedListFilters } from '../../../lib/admin/admin-api.ts';

/**
 * Query keys of the course builder: admin → courses → list(filters) | detail(id), and what its pickers
 * read: exams (every exam, with its topics) and articles(keyword) (a search).
 */
export const adminCourseKeys = {
  all: [...adminKeys.all, 'courses'] as const,
  lists: () => [...adminCourseKeys.all, 'list'] as const,
  list: (filters: PagedListFilters) => [...adminCourseKeys.lists(), filters] as const,
  detail: (id: string) => [...adminCourseKeys.all, 'detail', id] as const,
  exams: () => [...adminCourseKeys.all, 'exams'] as const,
  articles: (keyword: string) => [...adminCourseKeys.all, 'articles', keyword] as const,
};
