import { useEffect, type Dispatch, type ReactNode, type SetStateAction } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type SxProps, type Theme } from '@mui/material/styles';
import { errorMessage } from '../../lib/api-client.ts';
import { LoadError } from '../load-error.tsx';
import { FactList } from '../fact-list.tsx';

/** Spec §9: paged tables offer 5, 10 or 25 rows per page, 10 by default. */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25];
export const DEFAULT_ROWS_PER_PAGE = 10;

export interface TableColumn<T> {
  label: string;
  align?: 'left' | 'right' | 'center';
  /** The cell's content for one row. */
  render: (row: T) => ReactNode;
  /** Styles of the table cell (the phone card ignores them). */
  cellSx?: SxProps<Theme>;
}

/** A list that could not be loaded: the message to show and how to load it again. */
export interface TableLoadError {
  message: string;
  onRetry: () => unknown;
}

/** A query's failure as the table shows it (the server's message, or `fallback`), or null. */
export function tableLoadError(
  query: { isError: boolean; error: unknown; refetch: () => unknown },
  fallback: string,
): TableLoadError | null {
  return query.isError ? { message: errorMessage(query.error, fallback), onRetry: query.refetch } : null;
}

/** A table paged on the server, and how to move through it. */
export interface TablePaging {
  /** 0-based */
  page: number;
  rowsPerPage: number;
  /** Rows on the server (0 until known). */
  total: number;
  /** Pages on the server, once known. */
  pages: number | undefined;
  onPageChange: (page: number) => void;
  onRowsPerPageChange: (rowsPerPage: number) => void;
}

/**
 * The paging of a table whose filters (its page, rows per page and whatever else it is filtered by) are
 * kept in state, given the loaded page of results (the server's `total` and `pages`): a new page size
 * starts again at the first page.
 */
export function serverPaging<Filters extends { page: number; rowsPerPage: number }>(
  filters: Filters,
  setFilters: Dispatch<SetStateAction<Filters>>,
  result: { total: number; pages: number } | undefined,
): TablePaging {
  return {
    page: filters.page,
    rowsPerPage: filters.rowsPerPage,
    total: result?.total ?? 0,
    pages: result?.pages,
    onPageChange: (page) => setFilters((current) => ({ ...current, page })),
    onRowsPerPageChange: (rowsPerPage) => setFilters((current) => ({ ...current, rowsPerPage, page: 0 })),
  };
}

export interface DataTableProps<T> {
  /** Accessible name of the table (and of the list of cards on a phone). */
  label: string;
  /** The data columns. The first one names the row: on a phone it heads the row's card. */
  columns: Array<TableColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  /** The row's buttons, in an 'Actions' column (beside the row's name on a phone). */
  actions?: (row: T) => ReactNode;
  loading: boolean;
  /**
   * Set when the list failed to load. With no rows to show, the error replaces the whole table (no empty
   * table, 'No … found' or '0–0 of 0' under it); with rows from an earlier load, it sits above them.
   */
  error?: TableLoadError | null;
  emptyText: string;
  minWidth?: number;
  /** Set for a table paged on the server: the pager under it (shown only while there are rows). */
  paging?: TablePaging;
  /** Half the usual space between columns (8 px a side), for a table with many columns. */
  narrow?: boolean;
}

const ACTIONS_LABEL = 'Actions';

/** Narrow columns: 8 px a side, and the usual 16 px at the table's edges. */
const NARROW_CELLS = {
  '& .MuiTableCell-root': { px: 1 },
  '& .MuiTableCell-root:first-of-type': { pl: 2 },
  '& .MuiTableCell-root:last-of-type': { pr: 2 },
} as const;

/**
 * A list of records, e.g. the admin lists. From 600 px it is a table, which scrolls sideways inside its
 * own focusable box when the columns do not fit. Below 600 px every row is a card: its name and its
 * actions on the first line, the other columns under them as label/value pairs, so nothing needs
 * sideways scrolling (decision 0024).
 */
export function DataTable<T>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  loading,
  error,
  emptyText,
  minWidth = 720,
  paging,
  narrow = false,
}: DataTableProps<T>) {
  useClampPage(paging);
  const theme = useTheme();
  // Read at once (noSsr), so a phone never paints the table first.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const loadError = error ? <LoadError message={error.message} onRetry={error.onRetry} /> : null;

  // A failed load is not an empty list.
  if (loadError && rows.length === 0) return loadError;

  const empty = !loading && rows.length === 0;
  const showSkeleton = loading && rows.length === 0;
  // An empty list needs no '0–0 of 0' pager under its 'No … found'.
  const showPager = paging !== undefined && rows.length > 0;

  return (
    <>
      {loadError && <Box sx={{ mb: 2 }}>{loadError}</Box>}
      <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
        {phone ? (
          <CardList
            label={label}
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            actions={actions}
            showSkeleton={showSkeleton}
            emptyText={empty ? emptyText : null}
          />
        ) : (
          // Focusable, so keyboard users can scroll a table that is wider than its box.
          <TableContainer
            tabIndex={0}
            role="region"
            aria-label={`${label} table`}
            sx={{
              overflowX: 'auto',
              '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
            }}
          >
            <Table aria-label={label} sx={{ minWidth, ...(narrow ? NARROW_CELLS : {}) }} size="medium">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell
                      key={column.label}
                      align={column.align}
                      sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}
                    >
                      {column.label}
                    </TableCell>
                  ))}
                  {actions && (
                    <TableCell align="right" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }}>
                      {ACTIONS_LABEL}
                    </TableCell>
                  )}
                </TableRow>
              </TableHead>
              <TableBody aria-busy={loading}>
                {showSkeleton &&
                  [0, 1, 2].map((row) => (
                    <TableRow key={`skeleton-${row}`}>
                      {columns.map((column) => (
                        <TableCell key={column.label}>
                          <Skeleton variant="text" />
                        </TableCell>
                      ))}
                      {actions && (
                        <TableCell>
                          <Skeleton variant="text" />
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                {empty && (
                  <TableRow>
                    <TableCell
                      colSpan={columns.length + (actions ? 1 : 0)}
                      align="center"
                      sx={{ py: 5, color: 'text.secondary' }}
                    >
                      {emptyText}
                    </TableCell>
                  </TableRow>
                )}
                {rows.map((row) => (
                  <TableRow key={rowKey(row)} hover>
                    {columns.map((column) => (
                      <TableCell key={column.label} align={column.align} sx={column.cellSx}>
                        {column.render(row)}
                      </TableCell>
                    ))}
                    {actions && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {actions(row)}
                      </TableCell>
                    )}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {showPager && <TablePager paging={paging} />}
      </Paper>
    </>
  );
}

/** The phone layout: one card per row, the row's name and actions together on its first line. */
function CardList<T>({
  label,
  columns,
  rows,
  rowKey,
  actions,
  showSkeleton,
  emptyText,
}: {
  label: string;
  columns: Array<TableColumn<T>>;
  rows: T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  showSkeleton: boolean;
  emptyText: string | null;
}) {
  const [nameColumn, ...detailColumns] = columns;
  if (showSkeleton) {
    return (
      <Box role="status" aria-label={`Loading ${label.toLowerCase()}`} sx={{ px: 2, py: 1 }}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={72} />
        ))}
      </Box>
    );
  }
  if (emptyText !== null) {
    return (
      <Typography color="text.secondary" sx={{ py: 5, px: 2, textAlign: 'center' }}>
        {emptyText}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {rows.map((row) => (
        <Box
          component="li"
          key={rowKey(row)}
          sx={{
            px: 2,
            py: 1.5,
            borderBottom: 1,
            borderColor: 'divider',
            '&:last-of-type': { borderBottom: 0 },
          }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flexGrow: 1, minWidth: 0, fontWeight: 600, pt: 1 }}>{nameColumn?.render(row)}</Box>
            {actions && <Box sx={{ display: 'flex', flexShrink: 0 }}>{actions(row)}</Box>}
          </Box>
          {detailColumns.length > 0 && (
            <FactList
              facts={detailColumns.map((column) => [column.label, column.render(row)] as const)}
              align="center"
              mt={1}
            />
          )}
        </Box>
      ))}
    </Box>
  );
}

/**
 * After a deletion empties the last page, step back to the last page that still has rows (the server
 * answers an out-of-range page with an empty list and the real page count).
 */
function useClampPage(paging: TablePaging | undefined) {
  const { page = 0, pages, onPageChange } = paging ?? {};
  useEffect(() => {
    if (pages !== undefined && page > 0 && page > pages - 1) onPageChange?.(Math.max(0, pages - 1));
  }, [page, pages, onPageChange]);
}

/**
 * The pager under a paged table: rows per page 5, 10 or 25 (spec §9). On a phone it drops the
 * toolbar's spacer and wide gaps and says just 'Rows:', so it fits inside the card.
 */
function TablePager({
  paging: { total, page, rowsPerPage, onPageChange, onRowsPerPageChange },
}: {
  paging: TablePaging;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  return (
    <TablePagination
      // A short label keeps the count and the arrows on one line on a phone.
      labelRowsPerPage={phone ? 'Rows:' : 'Rows per page:'}
      component="div"
      count={total}
      // A page past the end (after a deletion, until the table steps back) shows as the last one.
      page={Math.min(page, Math.max(0, Math.ceil(total / rowsPerPage) - 1))}
      rowsPerPage={rowsPerPage}
      rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
      onPageChange={(_event, next) => onPageChange(next)}
      onRowsPerPageChange={(event) => onRowsPerPageChange(Number(event.target.value))}
      sx={{
        '& .MuiTablePagination-toolbar': {
          flexWrap: 'wrap',
          justifyContent: 'flex-end',
          px: { xs: 1, sm: 2 },
        },
        '& .MuiTablePagination-spacer': { display: { xs: 'none', sm: 'block' } },
        '& .MuiTablePagination-input': { mr: { xs: 2, sm: 4 } },
        '& .MuiTablePagination-actions': { ml: { xs: 1, sm: 2.5 } },
      }}
    />
  );
}
