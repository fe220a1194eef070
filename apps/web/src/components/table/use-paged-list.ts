import { useState } from 'react';
import type { PagedListFilters } from '../../lib/admin/admin-api.ts';
import { DEFAULT_ROWS_PER_PAGE, serverPaging, type TablePaging } from './data-table.tsx';

/**
 * The state of a searchable table paged on the server: 0-based page index, rows per page (5/10/25,
 * default 10) and the submitted keyword. A new search or a new page size starts again at the first page.
 */
export function usePagedList() {
  const [filters, setFilters] = useState<PagedListFilters>({
    page: 0,
    keyword: '',
    rowsPerPage: DEFAULT_ROWS_PER_PAGE,
  });
  return {
    filters,
    search: (keyword: string) => setFilters((current) => ({ ...current, keyword, page: 0 })),
    /** The table's paging, given the loaded page of results (the server's `total` and `pages`). */
    paging: (result: { total: number; pages: number } | undefined): TablePaging =>
      serverPaging(filters, setFilters, result),
    /** 'No users found', or with a keyword 'No users found matching "x"'. */
    emptyText: (things: string) =>
      filters.keyword ? `No ${things} found matching "${filters.keyword}"` : `No ${things} found`,
  };
}
