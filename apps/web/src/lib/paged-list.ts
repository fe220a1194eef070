/** Filters of a paged, searchable list (0-based page index, as the table keeps it). */
export interface PagedListFilters {
  page: number;
  keyword: string;
  rowsPerPage: number;
}

/** Query string of a paged list: 1-based page (spec §7 'page index plus 1'), keyword, rows per page. */
export function pagedListQuery({ page, keyword, rowsPerPage }: PagedListFilters): string {
  return new URLSearchParams({
    page: String(page + 1),
    keyword,
    limit: String(rowsPerPage),
  }).toString();
}
