import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import PaginationItem from '@mui/material/PaginationItem';

/** The URL (same path, other query parameters kept) that shows `page`; page 1 drops the parameter. */
function pageHref(pathname: string, searchParams: URLSearchParams, page: number): string {
  const next = new URLSearchParams(searchParams);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  const query = next.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** Reads `?page=` as a whole number of at least 1 (anything else is page 1). */
export function readPageParam(searchParams: URLSearchParams): number {
  const value = Number(searchParams.get('page'));
  return Number.isInteger(value) && value >= 1 ? value : 1;
}

/**
 * MUI Pagination whose items are links to `?page=N`, so the page lives in the URL and back/forward
 * work. Renders nothing for a single page (spec: a pager only when there is more than one page).
 */
export function UrlPagination({ page, pages, label }: { page: number; pages: number; label: string }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  if (pages <= 1) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', mt: 4 }}>
      <Pagination
        aria-label={label}
        page={Math.min(page, pages)}
        count={pages}
        color="primary"
        siblingCount={1}
        boundaryCount={1}
        renderItem={(item) => (
          <PaginationItem
            component={RouterLink}
            to={pageHref(location.pathname, searchParams, item.page ?? 1)}
            {...item}
            onClick={(event) => {
              item.onClick(event);
              // A new page of results starts at the top.
              document.documentElement.scrollTop = 0;
            }}
          />
        )}
      />
    </Box>
  );
}
