import type { Readable } from 'node:stream';
import { EXPORT_MAX_DAYS, type DataExportQuery, type ExportFormat, type ExportKind } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, NotFoundError } from '../../lib/errors.ts';
import type { FileAnswer } from '../../plugins/endpoints.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { CONTENT_TYPES, dateTimeCell, exportStream, moneyCell, type Cell } from './export-files.ts';
import {
  countLearners,
  countPayments,
  countResults,
  findExam,
  learnersPage,
  paymentsPage,
  resultsPage,
  topicsOfResults,
  type Cursor,
  type DateRange,
} from './exports.repository.ts';
import { EXPORT_MESSAGES } from './exports.messages.ts';

/*
 * Exports for the accountant and tutors (decision 0068): each reads its rows a page at a time and
 * streams them out as CSV or a workbook; each is written to the activity log before the first byte.
 */

/** Rows read per query: big enough to be quick, small enough that memory stays flat. */
const PAGE_SIZE = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface ExportFile extends FileAnswer {
  body: Readable;
}

interface ResolvedRange {
  /** the first and last UTC days, both included ('2026-12-01') */
  from: string;
  to: string;
  range: DateRange;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The range asked for, the current month where a bound is missing (UTC), refused when it runs backwards
 * or is longer than EXPORT_MAX_DAYS days.
 */
export function resolveRange(query: Pick<DataExportQuery, 'from' | 'to'>, now: Date): ResolvedRange {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const monthEnd = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const from = query.from ?? isoDay(monthStart);
  const to = query.to ?? isoDay(monthEnd);
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  if (end <= start) throw new BadRequestError(EXPORT_MESSAGES.rangeOrder);
  if ((end.getTime() - start.getTime()) / DAY_MS > EXPORT_MAX_DAYS)
    throw new BadRequestError(EXPORT_MESSAGES.rangeTooLong);
  return { from, to, range: { start, end } };
}

/** Every row of a keyset-paged read, one page in memory at a time. */
async function* allRows<T extends { cursorAt: string; id: string }>(
  read: (cursor: Cursor | null) => Promise<T[]>,
): AsyncGenerator<T> {
  let cursor: Cursor | null = null;
  for (;;) {
    const page = await read(cursor);
    yield* page;
    const last = page.at(-1);
    if (!last || page.length < PAGE_SIZE) return;
    cursor = { at: last.cursorAt, id: last.id };
  }
}

async function* mapRows<T>(rows: AsyncIterable<T>, toCells: (row: T) => Cell[]): AsyncGenerator<Cell[]> {
  for await (const row of rows) yield toCells(row);
}

function fileName(kind: string, from: string | null, to: string | null, format: ExportFormat): string {
  return `${kind}${from && to ? `-${from}-to-${to}` : ''}.${format}`;
}

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

interface ExportAudit {
  kind: ExportKind;
  format: ExportFormat;
  rows: number;
  from: string | null;
  to: string | null;
}

/**
 * Records the export in the activity log, then answers its file: named by kind and range, the rows of
 * `sheet` read and written a page at a time as the file streams.
 */
async function auditedExport<T extends { cursorAt: string; id: string }>(
  ctx: AppContext,
  actor: Actor,
  entity: { type: 'payment' | 'exam' | 'user'; id?: string; label?: string },
  facts: ExportAudit,
  sheet: {
    name: string;
    header: string[];
    page: (cursor: Cursor | null) => Promise<T[]>;
    toCells: (row: T) => Cell[];
  },
): Promise<ExportFile> {
  await recordAudit(ctx.db, actor, {
    action: 'exported_data',
    entityType: entity.type,
    entityId: entity.id ?? null,
    details: { ...(entity.label ? { label: entity.label } : {}), export: facts.kind, ...facts },
  });
  return {
    fileName: fileName(facts.kind, facts.from, facts.to, facts.format),
    contentType: CONTENT_TYPES[facts.format],
    body: exportStream(facts.format, {
      name: sheet.name,
      header: sheet.header,
      rows: mapRows(allRows(sheet.page), sheet.toCells),
    }),
  };
}

export const PAYMENT_HEADER = [
  'Date',
  'Learner name',
  'Learner e-mail',
  'Exam',
  'Amount',
  'Currency',
  'Kind',
  'Status',
  'Test payment',
  'PayPal order ID',
  'Capture ID',
  'Refund ID',
  'Refunded amount',
  'Refunded at',
  'Access until',
];

/** The range's payments, refunds and complimentary grants, one row per payment, oldest first. */
export async function exportPayments(
  ctx: AppContext,
  actor: Actor,
  query: DataExportQuery & { format: ExportFormat },
): Promise<ExportFile> {
  const { from, to, range } = resolveRange(query, ctx.clock.now());
  const rows = await countPayments(ctx.db, range);
  return auditedExport(
    ctx,
    actor,
    { type: 'payment' },
    { kind: 'payments', format: query.format, rows, from, to },
    {
      name: 'Payments',
      header: PAYMENT_HEADER,
      page: (cursor) => paymentsPage(ctx.db, range, cursor, PAGE_SIZE),
      toCells: (p) => [
        dateTimeCell(p.createdAt),
        p.userName,
        p.userEmail,
        p.examTitle,
        moneyCell(p.amountPence),
        p.currency,
        p.kind,
        p.status,
        yesNo(p.provider === 'sandbox'),
        // A complimentary grant has no PayPal order; a demo payment's 'manual-…' id is not PayPal's either.
        p.provider === 'none' ? null : p.orderId,
        p.captureId,
        p.refundId,
        // Refunds are of the whole payment (decision 0030).
        p.status === 'refunded' ? moneyCell(p.amountPence) : null,
        dateTimeCell(p.refundedAt),
        dateTimeCell(p.periodEnd),
      ],
    },
  );
}

export const RESULT_HEADER = [
  'Learner name',
  'Learner e-mail',
  'Submitted at',
  'Mode',
  'Score (%)',
  'Correct',
  'Incorrect',
  'Omitted',
  'Duration (minutes)',
];

/** The exam's topics first, in its order, then any other topic its results were scored under. */
function topicColumns(examTopics: string[], found: string[]): string[] {
  const extra = found.filter((topic) => !examTopics.includes(topic)).sort((a, b) => a.localeCompare(b));
  return [...examTopics, ...extra];
}

/** An exam's submitted sittings (not practice sets) in the range, with the score by topic. */
export async function exportResults(
  ctx: AppContext,
  actor: Actor,
  examId: string,
  query: DataExportQuery & { format: ExportFormat },
): Promise<ExportFile> {
  const { from, to, range } = resolveRange(query, ctx.clock.now());
  const exam = /^[0-9a-f-]{36}$/i.test(examId) ? await findExam(ctx.db, examId) : undefined;
  if (!exam) throw new NotFoundError(EXPORT_MESSAGES.examNotFound);
  const [rows, found] = await Promise.all([
    countResults(ctx.db, exam.id, range),
    topicsOfResults(ctx.db, exam.id, range),
  ]);
  const topics = topicColumns(exam.topics, found);
  return auditedExport(
    ctx,
    actor,
    { type: 'exam', id: exam.id, label: exam.title },
    { kind: 'results', format: query.format, rows, from, to },
    {
      name: 'Results',
      header: [...RESULT_HEADER, ...topics.map((topic) => `${topic} (%)`)],
      page: (cursor) => resultsPage(ctx.db, exam.id, range, cursor, PAGE_SIZE),
      toCells: (r) => [
        r.userName,
        r.userEmail,
        dateTimeCell(r.completedAt),
        r.mode,
        r.score,
        r.correct,
        r.total - r.correct - r.omitted,
        r.omitted,
        Math.round(r.duration / 6) / 10,
        ...topics.map((topic) => {
          const [correct, total] = r.byTopic?.[topic] ?? [0, 0];
          return total > 0 ? Math.round((correct / total) * 100) : null;
        }),
      ],
    },
  );
}

export const LEARNER_HEADER = [
  'Name',
  'E-mail',
  'Verified',
  'Registered at',
  'Status',
  'Active subscriptions',
];

/** The learners (those registered in the range when one is given): never password data or tokens. */
export async function exportLearners(
  ctx: AppContext,
  actor: Actor,
  query: DataExportQuery & { format: ExportFormat },
): Promise<ExportFile> {
  const now = ctx.clock.now();
  const resolved = query.from || query.to ? resolveRange(query, now) : null;
  const range = resolved?.range ?? null;
  const from = resolved?.from ?? null;
  const to = resolved?.to ?? null;
  const rows = await countLearners(ctx.db, range);
  return auditedExport(
    ctx,
    actor,
    { type: 'user' },
    { kind: 'learners', format: query.format, rows, from, to },
    {
      name: 'Learners',
      header: LEARNER_HEADER,
      page: (cursor) => learnersPage(ctx.db, range, now, cursor, PAGE_SIZE),
      toCells: (l) => [
        l.name,
        l.email,
        yesNo(l.verified),
        dateTimeCell(l.createdAt),
        l.suspended ? 'Suspended' : 'Active',
        l.activeSubscriptions,
      ],
    },
  );
}

/**
 * A small sheet another module has already read, as a CSV file written the same way as the exports
 * (byte-order mark, CRLF, formula cells escaped): the cohort report (decision 0079).
 */
export function csvFile(fileName: string, name: string, header: string[], rows: Cell[][]): ExportFile {
  async function* all(): AsyncGenerator<Cell[]> {
    for (const row of rows) yield row;
  }
  return {
    fileName,
    contentType: CONTENT_TYPES.csv,
    body: exportStream('csv', { name, header, rows: all() }),
  };
}
