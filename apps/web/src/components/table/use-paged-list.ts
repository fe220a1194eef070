import { useEffect, useState } from 'react';
import type { PagedListFilters } from '../../lib/paged-list.ts';
import { DEFAULT_ROWS_PER_PAGE } from './data-table.tsx';

/**
 * The state of a paged table: 0-based page index, rows per page (5/10/25, default 10) and the
 * submitted keyword. A new search or a new page size starts again at the first page.
 */
export function usePagedList() {
  const [filters, setFilters] = useState<PagedListFilters>({
    page: 0,
    keyword: '',
    rowsPerPage: DEFAULT_ROWS_PER_PAGE,
  });
  return {
    filters,
    setPage: (page: number) => setFilters((current) => ({ ...current, page })),
    setRowsPerPage: (rowsPerPage: number) => setFilters((current) => ({ ...current, rowsPerPage, page: 0 })),
    search: (keyword: string) => setFilters((current) => ({ ...current, keyword, page: 0 })),
  };
}

/**
 * After a deletion empties the last page, step back to the last page that still has rows (the server
 * answers an out-of-range page with an empty list and the real page count).
 */
export function useClampPage(page: number, pages: number | undefined, setPage: (page: number) => void) {
  useEffect(() => {
    if (pages !== undefined && page > 0 && page > pages - 1) setPage(Math.max(0, pages - 1));
  }, [page, pages, setPage]);
}
