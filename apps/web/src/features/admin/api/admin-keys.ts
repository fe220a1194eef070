/** Filters of the paged administrator tables (users, articles): 0-based page index as the table keeps it. */
export interface AdminListFilters {
  page: number;
  keyword: string;
  rowsPerPage: number;
}

/**
 * Query keys of the administrator panel. Everything sits under ['admin'] so signing out (which clears the
 * cache) and broad invalidations after a change reach every admin screen:
 * admin → check | stats | audit | users → list(filters) | admins | settings
 *       → exams → list() | detail(id)
 *       → articles → list(filters) | detail(id)
 */
export const adminKeys = {
  all: ['admin'] as const,
  check: () => [...adminKeys.all, 'check'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  stats: () => [...adminKeys.dashboard(), 'stats'] as const,
  audit: (limit: number) => [...adminKeys.dashboard(), 'audit', limit] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (filters: AdminListFilters) => [...adminKeys.users(), 'list', filters] as const,
  admins: () => [...adminKeys.all, 'admins'] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
};

export const adminExamKeys = {
  all: [...adminKeys.all, 'exams'] as const,
  lists: () => [...adminExamKeys.all, 'list'] as const,
  detail: (id: string) => [...adminExamKeys.all, 'detail', id] as const,
};

export const adminArticleKeys = {
  all: [...adminKeys.all, 'articles'] as const,
  lists: () => [...adminArticleKeys.all, 'list'] as const,
  list: (filters: AdminListFilters) => [...adminArticleKeys.lists(), filters] as const,
  detail: (id: string) => [...adminArticleKeys.all, 'detail', id] as const,
};

/** Query string of a paged admin list: 1-based page (spec §7 'page index plus 1'), keyword, rows per page. */
export function listQuery({ page, keyword, rowsPerPage }: AdminListFilters): string {
  return new URLSearchParams({
    page: String(page + 1),
    keyword,
    limit: String(rowsPerPage),
  }).toString();
}
