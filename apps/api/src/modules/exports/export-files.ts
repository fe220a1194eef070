import { PassThrough, Readable, pipeline } from 'node:stream';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { ExportFormat } from '@mlp/contract';

/*
 * Writing an export as CSV or an Excel workbook while its rows are still being read (decision 0068):
 * rows arrive page by page from an async iterable and leave as a Node stream.
 */

export type Cell = string | number | null;

export interface Sheet {
  /** the worksheet's name in a workbook */
  name: string;
  header: string[];
  rows: AsyncIterable<Cell[]>;
}

export const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** Characters that make a spreadsheet read a cell as a formula (or hide what follows). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell a spreadsheet opening the CSV will not run: one beginning with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe. Numbers are written as they are.
 */
export function csvCell(value: Cell): string | number | null {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value;
}

/** UTF-8 with a byte-order mark, so Excel reads the accents right; CRLF line ends. */
function csvStream(sheet: Sheet): Readable {
  async function* cells() {
    yield sheet.header.map(csvCell);
    for await (const row of sheet.rows) yield row.map(csvCell);
  }
  const csv = stringify({ bom: true, record_delimiter: 'windows' });
  // A failed read ends the file short; the error reaches the stream, which Fastify ends the reply with.
  pipeline(Readable.from(cells()), csv, () => undefined);
  return csv;
}

/**
 * An .xlsx workbook with one worksheet, written row by row as the pages arrive (exceljs's streaming
 * writer: rows are committed and never kept). Cells are typed, so text is never read as a formula.
 */
function xlsxStream(sheet: Sheet): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: false,
    useSharedStrings: false,
  });
  const write = async () => {
    const worksheet = workbook.addWorksheet(sheet.name);
    worksheet.addRow(sheet.header).commit();
    for await (const row of sheet.rows) worksheet.addRow(row).commit();
    worksheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

export function exportStream(format: ExportFormat, sheet: Sheet): Readable {
  return format === 'csv' ? csvStream(sheet) : xlsxStream(sheet);
}

/** A date and time as text a spreadsheet reads as one (UTC): '2026-12-06 09:30:00'. */
export function dateTimeCell(value: Date | null): string | null {
  return value ? value.toISOString().slice(0, 19).replace('T', ' ') : null;
}

/** Pence as pounds with two decimals, as a number: 1999 → 19.99. */
export function moneyCell(pence: number): number {
  return Math.round(pence) / 100;
}
