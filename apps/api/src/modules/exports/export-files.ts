import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify/sync';
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

/** Rows written to the CSV text together: one write to the socket for many rows. */
const CSV_BATCH = 500;
const CSV_OPTIONS = { record_delimiter: 'windows' } as const;

/**
 * UTF-8 with a byte-order mark, so Excel reads the accents right; CRLF line ends. Rows are turned into
 * text a batch at a time and each batch is one chunk (a chunk per row made a write per row); the next
 * page is read only when the reader has taken the last (`Readable.from` waits for it).
 */
function csvStream(sheet: Sheet): Readable {
  async function* chunks(): AsyncGenerator<Buffer> {
    yield Buffer.from(stringify([sheet.header.map(csvCell)], { ...CSV_OPTIONS, bom: true }));
    let batch: Array<Array<string | number | null>> = [];
    for await (const row of sheet.rows) {
      batch.push(row.map(csvCell));
      if (batch.length >= CSV_BATCH) {
        yield Buffer.from(stringify(batch, CSV_OPTIONS));
        batch = [];
      }
    }
    if (batch.length > 0) yield Buffer.from(stringify(batch, CSV_OPTIONS));
  }
  // A failed read ends the file short: the stream errors, and Fastify ends the reply with it.
  return Readable.from(chunks(), { objectMode: false });
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
