import { z } from 'zod';
import { safeString } from './strings.ts';

/*
 * Streamed exports for the accountant and tutors (decision 0068): payments, an exam's results and the
 * learners, as CSV or an Excel workbook. The answer is a file (`file: true` in routes.ts), never JSON.
 */

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_KINDS = ['payments', 'results', 'learners'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** The longest date range one export may cover (a leap year). */
export const EXPORT_MAX_DAYS = 366;

const day = (name: string) =>
  safeString()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date such as 2026-12-01`)
    .refine(
      (value) =>
        !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
        new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
      {
        message: `${name} must be a date such as 2026-12-01`,
      },
    );

/**
 * A date range (UTC days, both included) and a format. Payments and results: without `from` and `to`
 * the server takes the current month. Learners: every learner unless a range of registration dates is
 * given. The server checks the range (order, at most EXPORT_MAX_DAYS days).
 */
export const DataExportQuerySchema = z.object({
  from: day('from').optional(),
  to: day('to').optional(),
  format: z.enum(EXPORT_FORMATS, { message: 'Format must be csv or xlsx' }).default('csv'),
});
export type DataExportQuery = z.input<typeof DataExportQuerySchema>;

/**
 * The answer of a file route: bytes with their Content-Type and Content-Disposition, not JSON. Nothing
 * is validated or serialised on the way out; the web reads it with `apiDownload`.
 */
export const FileResponseSchema = z.unknown();
