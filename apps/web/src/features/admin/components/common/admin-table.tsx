import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/** Spec §9: admin tables offer 5, 10 or 25 rows per page, 10 by default. */
export const ROWS_PER_PAGE_OPTIONS = [5, 10, 25];
export const DEFAULT_ROWS_PER_PAGE = 10;

/**
 * An admin table that scrolls sideways inside its own box on narrow screens (so a 375 px phone never
 * scrolls the whole page), with a header row, a loading state and an empty state.
 */
export function AdminTable({
  label,
  columns,
  loading,
  emptyText,
  rowCount,
  minWidth = 720,
  children,
  footer,
}: {
  /** Accessible name of the table. */
  label: string;
  columns: Array<{ label: string; align?: 'left' | 'right' | 'center' }>;
  loading: boolean;
  emptyText: string;
  rowCount: number;
  minWidth?: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden' }}>
      {/* Focusable, so keyboard users can scroll a table that is wider than a phone screen. */}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={`${label} table`}
        sx={{ overflowX: 'auto', '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' } }}
      >
        <Table aria-label={label} sx={{ minWidth }} size="medium">
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
            </TableRow>
          </TableHead>
          <TableBody aria-busy={loading}>
            {loading &&
              rowCount === 0 &&
              [0, 1, 2].map((row) => (
                <TableRow key={`skeleton-${row}`}>
                  {columns.map((column) => (
                    <TableCell key={column.label}>
                      <Skeleton variant="text" />
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            {!loading && rowCount === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length} align="center" sx={{ py: 5, color: 'text.secondary' }}>
                  {emptyText}
                </TableCell>
              </TableRow>
            )}
            {children}
          </TableBody>
        </Table>
      </TableContainer>
      {footer}
    </Paper>
  );
}
