import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, type AuditResponse } from '@mlp/contract';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import {
  createExam,
  createLearner,
  createSubscription,
  questionsOf,
  startSitting,
  submitSitting,
  type Admin,
  type Learner,
} from '../../../test/factories.ts';
import { DAY } from '../../../test/time.ts';
import { payments } from '../../db/schema/index.ts';
import { LEARNER_HEADER, PAYMENT_HEADER, RESULT_HEADER } from './exports.service.ts';

const t = useTestApp();

const owner = useAdmin(t);
const finance = useAdmin(t, { role: 'finance' });
const support = useAdmin(t, { role: 'support' });
const editor = useAdmin(t, { role: 'editor' });
let payer: Learner;
let sneaky: Learner;

async function download(url: string, as: Admin) {
  const response = await t.request({ method: 'GET', url, headers: as.headers });
  return response;
}

/** The CSV answer's rows, after checking its byte-order mark. */
function csvRows(raw: Buffer): string[][] {
  expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows: string[][] = parse(raw.subarray(3).toString('utf8'));
  return rows;
}

async function xlsxRows(raw: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(raw as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

function day(offsetDays: number): string {
  return new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
}

async function latestAudit(): Promise<AuditResponse['entries'][number]> {
  const response = await t.call(api.audit.list, { query: { limit: 1 }, as: owner });
  return response.body.entries[0]!;
}

beforeAll(async () => {
  payer = await createLearner(t, { name: 'Zoë Brontë', email: 'zoe@example.com' });
  sneaky = await createLearner(t, {
    name: '=HYPERLINK("http://x")',
    email: 'sneaky@example.com',
    verified: false,
  });
  const exam = await createExam(t.ctx.db, { title: 'Cardiology basics', pricePence: 1999 });
  const now = Date.now();
  await t.ctx.db.insert(payments).values([
    {
      provider: 'paypal',
      orderId: 'ORDER-1',
      captureId: 'CAPTURE-1',
      amountPence: 1999,
      currency: 'GBP',
      status: 'completed',
      kind: 'purchase',
      userId: payer.id,
      examId: exam.id,
      periodEnd: new Date(now + 30 * DAY),
      createdAt: new Date(now - 2 * DAY),
    },
    {
      provider: 'paypal',
      orderId: 'ORDER-2',
      captureId: 'CAPTURE-2',
      amountPence: 1999,
      currency: 'GBP',
      status: 'refunded',
      kind: 'renewal',
      userId: sneaky.id,
      examId: exam.id,
      refundId: 'REFUND-2',
      refundedAt: new Date(now - DAY),
      createdAt: new Date(now - 1.5 * DAY),
    },
    {
      provider: 'none',
      amountPence: 0,
      currency: 'GBP',
      status: 'completed',
      kind: 'complimentary',
      userId: payer.id,
      examId: exam.id,
      note: 'Goodwill',
      createdAt: new Date(now - DAY),
    },
    {
      provider: 'paypal',
      orderId: 'ORDER-OLD',
      amountPence: 500,
      currency: 'GBP',
      status: 'completed',
      kind: 'purchase',
      userId: payer.id,
      examId: exam.id,
      createdAt: new Date(now - 60 * DAY),
    },
  ]);
  await createSubscription(t, { userId: payer.id, examId: exam.id });
});

describe('payments export', () => {
  it('streams the range as CSV: BOM, header, one row per payment oldest first, formulas escaped', async () => {
    const response = await download(`/api/admin/exports/payments?from=${day(-10)}&to=${day(0)}`, finance);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payments-${day(-10)}-to-${day(0)}.csv"; filename*=UTF-8''payments-${day(-10)}-to-${day(0)}.csv`,
    );
    const rows = csvRows(response.rawPayload);
    expect(rows[0]).toEqual(PAYMENT_HEADER);
    expect(rows).toHaveLength(4);
    const [purchase, refunded, complimentary] = rows.slice(1);
    expect(purchase).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      'Zoë Brontë',
      'zoe@example.com',
      'Cardiology basics',
      '19.99',
      'GBP',
      'purchase',
      'completed',
      'No',
      'ORDER-1',
      'CAPTURE-1',
      '',
      '',
      '',
      expect.stringMatching(/^\d{4}-/),
    ]);
    // The learner's name began with '=': a spreadsheet shows it as text.
    expect(refunded!.slice(1, 3)).toEqual(['\'=HYPERLINK("http://x")', 'sneaky@example.com']);
    expect(refunded!.slice(6, 14)).toEqual([
      'renewal',
      'refunded',
      'No',
      'ORDER-2',
      'CAPTURE-2',
      'REFUND-2',
      '19.99',
      expect.stringMatching(/^\d{4}-/),
    ]);
    expect(complimentary!.slice(4, 10)).toEqual(['0', 'GBP', 'complimentary', 'completed', 'No', '']);
  });

  it('takes the current month by default and writes the export to the activity log', async () => {
    const response = await download('/api/admin/exports/payments', owner);
    expect(response.statusCode).toBe(200);
    const rows = csvRows(response.rawPayload);
    expect(rows.map((row) => row[9])).not.toContain('ORDER-OLD');
    const entry = await latestAudit();
    expect(entry).toMatchObject({ action: 'exported_data', entityType: 'payment', adminEmail: owner.email });
    expect(entry.summary).toMatch(/^Exported \d+ payments? from \d{4}-\d\d-01 to \d{4}-\d\d-\d\d as CSV$/);
  });

  it('writes an Excel workbook with typed cells', async () => {
    const response = await download(
      `/api/admin/exports/payments?from=${day(-10)}&to=${day(0)}&format=xlsx`,
      finance,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const rows = await xlsxRows(response.rawPayload);
    expect(rows[0]).toEqual(PAYMENT_HEADER);
    expect(rows).toHaveLength(4);
    expect(rows[1]!.slice(1, 5)).toEqual(['Zoë Brontë', 'zoe@example.com', 'Cardiology basics', 19.99]);
    // A workbook cell is typed text: no apostrophe is needed to keep it from running.
    expect(rows[2]![1]).toBe('=HYPERLINK("http://x")');
    const entry = await latestAudit();
    expect(entry.summary).toBe(`Exported 3 payments from ${day(-10)} to ${day(0)} as Excel`);
  });

  it('refuses a bad range or format, and the roles that may not', async () => {
    const cases: Array<[string, number, string | RegExp]> = [
      [`from=${day(0)}&to=${day(-1)}`, 400, 'The end of the date range must not be before its start'],
      [`from=${day(-400)}&to=${day(0)}`, 400, 'The date range must be at most 366 days'],
      ['from=2026-02-30', 400, /from must be a date such as 2026-12-01/],
      ['from=yesterday', 400, /from must be a date such as 2026-12-01/],
      ['format=pdf', 400, /Format must be csv or xlsx/],
    ];
    for (const [query, status, message] of cases) {
      const response = await download(`/api/admin/exports/payments?${query}`, owner);
      expect(response.statusCode, query).toBe(status);
      expect(response.json<{ message: string }>().message, query).toMatch(message);
    }
    for (const admin of [support, editor]) {
      const response = await download('/api/admin/exports/payments', admin);
      expect(response.statusCode).toBe(403);
    }
    const anonymous = await t.request({ method: 'GET', url: '/api/admin/exports/payments' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads every page: more rows than one page, each once', async () => {
    const now = Date.now();
    // 2,500 payments at the same instant: the keyset cursor's id breaks the ties.
    await t.ctx.db.execute(sql`
      insert into payments (id, provider, order_id, amount_pence, currency, status, kind, created_at)
      select gen_random_uuid(), 'sandbox', 'BULK-' || n, 100, 'GBP', 'completed', 'purchase', ${new Date(now - 5 * DAY).toISOString()}::timestamptz
      from generate_series(1, 2500) as n`);
    const response = await download(`/api/admin/exports/payments?from=${day(-6)}&to=${day(-4)}`, finance);
    const orders = csvRows(response.rawPayload)
      .slice(1)
      .map((row) => row[9]);
    expect(orders).toHaveLength(2500);
    expect(new Set(orders).size).toBe(2500);
  });
});

describe('results export', () => {
  let examId: string;
  beforeAll(async () => {
    const exam = await createExam(t.ctx.db, {
      title: 'Renal and heart',
      topics: ['Cardiology', 'Renal'],
      numberOfQuestions: 4,
      questionTopic: (index) => (index < 2 ? 'Cardiology' : 'Renal'),
    });
    examId = exam.id;
    await createSubscription(t, { userId: payer.id, examId });
    const stored = await questionsOf(t, examId);
    const attempt = await startSitting(t, payer, examId, { mode: 'timed' });
    // Both Cardiology questions right, one Renal question wrong and one left unanswered.
    const renal = stored.filter((question) => question.topic === 'Renal');
    const answers = Object.fromEntries(
      attempt.questions.flatMap((served) => {
        const question = stored.find((q) => q.id === served._id)!;
        if (question.id === renal[1]!.id) return [];
        const key = question.options[question.correctAnswer]!;
        const answer = question.topic === 'Cardiology' ? key : served.choices.find((c) => c !== key)!;
        return [[served._id, answer]];
      }),
    );
    await submitSitting(t, payer, examId, attempt, answers);
  });

  it('gives one row per sitting with the counts and the score by topic', async () => {
    const response = await download(`/api/admin/exports/exams/${examId}/results`, support);
    expect(response.statusCode, response.body).toBe(200);
    const rows = csvRows(response.rawPayload);
    expect(rows[0]).toEqual([...RESULT_HEADER, 'Cardiology (%)', 'Renal (%)']);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toEqual([
      'Zoë Brontë',
      'zoe@example.com',
      expect.stringMatching(/^\d{4}-\d\d-\d\d /),
      'timed',
      '50',
      '2',
      '1',
      '1',
      expect.stringMatching(/^\d+(\.\d)?$/),
      '100',
      '0',
    ]);
    const entry = await latestAudit();
    expect(entry).toMatchObject({ entityType: 'exam', entityId: examId });
    expect(entry.summary).toMatch(/^Exported 1 result of "Renal and heart" from .* as CSV$/);
  });

  it('leaves out sittings outside the range; an editor may export; unknown exams are 404', async () => {
    const response = await download(
      `/api/admin/exports/exams/${examId}/results?from=${day(-40)}&to=${day(-30)}&format=xlsx`,
      editor,
    );
    expect(response.statusCode).toBe(200);
    const rows = await xlsxRows(response.rawPayload);
    expect(rows).toEqual([[...RESULT_HEADER, 'Cardiology (%)', 'Renal (%)']]);
    for (const id of ['0190f3a2-0000-7000-8000-0000000000ff', 'not-an-id']) {
      const missing = await download(`/api/admin/exports/exams/${id}/results`, owner);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe('Exam not found');
    }
    expect((await download(`/api/admin/exports/exams/${examId}/results`, finance)).statusCode).toBe(403);
  });
});

describe('learners export', () => {
  it('lists learners without password data, with verification, status and active subscriptions', async () => {
    const response = await download('/api/admin/exports/learners', finance);
    expect(response.statusCode).toBe(200);
    const text = response.rawPayload.toString('utf8');
    expect(text).not.toMatch(/argon2|\$2[aby]\$/);
    const rows = csvRows(response.rawPayload);
    expect(rows[0]).toEqual(LEARNER_HEADER);
    const byEmail = new Map(rows.slice(1).map((row) => [row[1], row]));
    expect(byEmail.get('zoe@example.com')).toEqual([
      'Zoë Brontë',
      'zoe@example.com',
      'Yes',
      expect.stringMatching(/^\d{4}-/),
      'Active',
      '2',
    ]);
    expect(byEmail.get('sneaky@example.com')!.slice(0, 3)).toEqual([
      '\'=HYPERLINK("http://x")',
      'sneaky@example.com',
      'No',
    ]);
    expect((await latestAudit()).summary).toMatch(/^Exported \d+ learners \(all\) as CSV$/);
    expect((await download('/api/admin/exports/learners', editor)).statusCode).toBe(403);
  });

  it("leaves out an erased account's anonymous shell (decision 0069)", async () => {
    const erased = await createLearner(t, { email: 'erased@example.com' });
    await t.ctx.db.execute(sql`update users set erased_at = now() where id = ${erased.id}`);
    const response = await download('/api/admin/exports/learners', support);
    const emails = csvRows(response.rawPayload).map((row) => row[1]);
    expect(emails).toContain('zoe@example.com');
    expect(emails).not.toContain('erased@example.com');
  });

  it('filters by registration date when a range is given', async () => {
    const response = await download(`/api/admin/exports/learners?from=${day(-30)}&to=${day(-20)}`, support);
    expect(csvRows(response.rawPayload)).toEqual([LEARNER_HEADER]);
  });
});
