import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';

/**
 * How a name (an exam, a topic, a course) wraps: between words, hyphenated where the browser knows the
 * language; a word longer than a whole line breaks only then. The page's `overflowWrap: 'anywhere'`
 * (decision 0023) lets a table column or a flex item shrink into the middle of a word ('Cardiolog y');
 * `break-word` keeps the box at least as wide as its longest word.
 */
export const NAME_WRAP = { wordBreak: 'normal', overflowWrap: 'break-word', hyphens: 'auto' } as const;

export interface FiguresColumn<T> {
  label: string;
  render: (row: T) => ReactNode;
  /** A figure kept on one line in the table ('Not yet (3 of 20 learners)'). */
  noWrap?: boolean;
}

/**
 * Figures per exam, topic or course topic. From 600 px a table whose first column names the row (a row
 * header); it scrolls sideways inside its own focusable box when the columns do not fit. Below 600 px each
 * row is an item of a list: the name, then every figure as a label/value pair (`dl`), two to a line, so
 * nothing needs sideways scrolling and every figure stays (decision 0058).
 */
export function FiguresTable<T>({
  label,
  columns,
  rows,
  rowKey,
  nameMinWidth = 120,
}: {
  /** The accessible name of the table (and of the list on a phone). */
  label: string;
  /** The first column names the row. */
  columns: Array<FiguresColumn<T>>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The name column's least width in the table, in px. */
  nameMinWidth?: number;
}) {
  const theme = useTheme();
  // Read at once (noSsr), so a phone never paints the table first.
  const phone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const [nameColumn, ...figureColumns] = columns;
  if (!nameColumn) return null;

  if (phone) {
    return (
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', m: 0, mt: 1, p: 0, borderTop: 1, borderColor: 'divider' }}
      >
        {rows.map((row) => (
          <Box component="li" key={rowKey(row)} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Typography component="div" sx={{ fontWeight: 600, ...NAME_WRAP }}>
              {nameColumn.render(row)}
            </Typography>
            <Box
              component="dl"
              sx={{
                display: 'grid',
                gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                columnGap: 2,
                rowGap: 1,
                m: 0,
                mt: 1,
              }}
            >
              {figureColumns.map((column) => (
                <div key={column.label}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {column.label}
                  </Typography>
                  <Typography component="dd" sx={{ m: 0, fontWeight: 500, ...NAME_WRAP }}>
                    {column.render(row)}
                  </Typography>
                </div>
              ))}
            </Box>
          </Box>
        ))}
      </Box>
    );
  }

  return (
    // Focusable, so keyboard users can scroll a table that is wider than its box.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ mt: 1 }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {columns.map((column, index) => (
              <TableCell
                key={column.label}
                align={index === 0 ? 'left' : 'right'}
                sx={{ whiteSpace: 'nowrap' }}
              >
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)}>
              <TableCell component="th" scope="row" sx={{ minWidth: nameMinWidth, ...NAME_WRAP }}>
                {nameColumn.render(row)}
              </TableCell>
              {figureColumns.map((column) => (
                <TableCell
                  key={column.label}
                  align="right"
                  sx={column.noWrap ? { whiteSpace: 'nowrap' } : NAME_WRAP}
                >
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
