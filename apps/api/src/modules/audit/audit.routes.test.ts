import type { AuditEntry, AuditResponse } from '@mlp/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientAddress } from '../../../test/app.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { buildSiteSettings, createLearner } from '../../../test/factories.ts';
import { auditLog } from '../../db/schema/index.ts';

const t = useTestApp({ NODE_ENV: 'development' });

let root: { authorization: string };
let second: { authorization: string };
let secondId: string;
const SECRET = 'paypal-secret-never-shown-4821';

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: object, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: headers as Record<string, string>,
    remoteAddress: clientAddress(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function audit(query: string, headers = root): Promise<AuditResponse> {
  const response = await call('GET', `/api/admin/audit${query}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuditResponse>();
}

beforeAll(async () => {
  // The first administrator registers through the API: its creation is the log's first entry.
  const registered = await call(
    'POST',
    '/api/admin/auth/register',
    {},
    { name: 'Root Admin', email: 'root.admin@example.com', password: 'Admin-Pass-2026' },
  );
  expect(registered.statusCode).toBe(201);
  root = { authorization: `Admin ${registered.json<{ token: string }>().token}` };
  const created = await call('POST', '/api/admin/auth/admins', root, {
    email: 'second.audit@example.com',
    password: 'Second-Admin-88',
    role: 'owner',
  });
  secondId = created.json<{ admin: { _id: string } }>().admin._id;
  const login = await call(
    'POST',
    '/api/admin/auth/login',
    {},
    {
      email: 'second.audit@example.com',
      password: 'Second-Admin-88',
    },
  );
  second = { authorization: `Admin ${login.json<{ token: string }>().token}` };

  // An exam edited by the root administrator, an article and the settings by the second.
  const exam = await call('POST', '/api/admin/exams', root, {
    title: 'Cardio',
    category: 'medical',
    description: 'Hearts',
    numberOfQuestions: 10,
    monthlySubscriptionFee: 4.99,
  });
  const examId = exam.json<{ exam: { _id: string } }>().exam._id;
  const edited = await call('PUT', `/api/admin/exams/${examId}`, root, {
    title: 'Cardiology',
    description: 'Hearts',
    category: 'medical',
    numberOfQuestions: 10,
    price: 5.5,
    isActive: false,
    tags: ['ecg'],
  });
  expect(edited.statusCode).toBe(200);

  const article = await call('POST', '/api/admin/articles', second, {
    title: 'Sepsis six',
    summary: 'The bundle',
    category: 'medical',
    content: '<p>Give oxygen.</p>',
    status: 'draft',
  });
  const articleId = article.json<{ article: { _id: string } }>().article._id;
  await call('PUT', `/api/admin/articles/${articleId}`, second, {
    title: 'Sepsis six',
    summary: 'The bundle',
    category: 'medical',
    content: '<p>Give oxygen and fluids.</p>',
    status: 'published',
  });
  const settings = await call(
    'PUT',
    '/api/admin/settings',
    second,
    buildSiteSettings({
      maintenanceMode: true,
      paypal: { clientId: 'client-1', clientSecret: SECRET, mode: 'sandbox', enabled: true },
    }),
  );
  expect(settings.statusCode).toBe(200);
});

describe('GET /api/admin/audit', () => {
  it('needs the administrator token', async () => {
    const response = await call('GET', '/api/admin/audit', {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) as string });
  });

  it('reads every entry as a sentence, newest first, with who did it', async () => {
    const { entries, total, page, pages } = await audit('?limit=25');
    expect(entries.map((entry) => entry.summary)).toEqual([
      'Changed the site settings (maintenance mode on, PayPal on)',
      'Edited the article "Sepsis six"',
      'Created the article "Sepsis six" as a draft',
      'Edited the exam "Cardiology"',
      'Created the exam "Cardio"',
      'Added the administrator second.audit@example.com as Owner',
      'Created the first administrator account, root.admin@example.com',
    ]);
    expect({ total, page, pages }).toEqual({ total: 7, page: 1, pages: 1 });
    expect(entries[0]).toMatchObject({ adminEmail: 'second.audit@example.com', adminId: secondId });
  });

  it('shows what an exam, article or settings edit changed, never the PayPal secret', async () => {
    const response = await call('GET', '/api/admin/audit?limit=25', root);
    expect(response.body).not.toContain(SECRET);
    const { entries } = response.json<AuditResponse>();
    const bySummary = (start: string) => entries.find((entry) => entry.summary.startsWith(start))!;

    expect(bySummary('Edited the exam').changes).toEqual([
      { field: 'Title', before: 'Cardio', after: 'Cardiology' },
      { field: 'Price', before: '£4.99', after: '£5.50' },
      { field: 'Tags', before: '(none)', after: 'ecg' },
    ]);
    expect(bySummary('Edited the article').changes).toEqual([
      { field: 'Status', before: 'Draft', after: 'Published' },
      { field: 'Article content', before: null, after: null },
    ]);
    expect(bySummary('Changed the site settings').changes).toEqual([
      { field: 'Site name', before: 'Medical Learning Platform', after: 'MedPrep' },
      {
        field: 'Site description',
        before: 'Your comprehensive platform for medical education and professional development',
        after: '(empty)',
      },
      { field: 'Contact email', before: 'support@example.com', after: 'help@medprep.example' },
      { field: 'Maintenance mode', before: 'Off', after: 'On' },
      { field: 'PayPal', before: 'Off', after: 'On' },
      { field: 'PayPal client ID', before: '(empty)', after: 'client-1' },
      { field: 'PayPal client secret', before: null, after: null },
    ]);
    // Not in the stored details either.
    const stored = await t.ctx.db.execute(sql`select details::text as d from audit_log`);
    for (const row of (stored as { rows: Array<{ d: string | null }> }).rows)
      expect(row.d ?? '').not.toContain(SECRET);
  });

  it('pages on the server, 1-based, with rows per page', async () => {
    const first = await audit('?page=1&limit=5');
    const next = await audit('?page=2&limit=5');
    expect({ total: first.total, pages: first.pages, count: first.entries.length }).toEqual({
      total: 7,
      pages: 2,
      count: 5,
    });
    expect(next.entries).toHaveLength(2);
    const ids = [...first.entries, ...next.entries].map((entry) => entry._id);
    expect(new Set(ids).size).toBe(7);
    expect((await audit('?page=3&limit=5')).entries).toEqual([]);
  });

  it('filters by action, entity type and administrator', async () => {
    const summaries = (response: AuditResponse) => response.entries.map((entry: AuditEntry) => entry.summary);
    expect(summaries(await audit('?entityType=article'))).toEqual([
      'Edited the article "Sepsis six"',
      'Created the article "Sepsis six" as a draft',
    ]);
    expect(summaries(await audit('?action=updated&entityType=exam'))).toEqual([
      'Edited the exam "Cardiology"',
    ]);
    const bySecond = await audit(`?adminId=${secondId}`);
    expect(bySecond.total).toBe(3);
    expect(new Set(bySecond.entries.map((entry) => entry.adminEmail))).toEqual(
      new Set(['second.audit@example.com']),
    );
  });

  it('filters by a time range, from inclusive to exclusive', async () => {
    // Spread the entries over three days so the range is unambiguous.
    await t.ctx.db.execute(
      sql`update ${auditLog} set created_at = '2026-11-20T12:00:00Z' where entity_type = 'administrator'`,
    );
    await t.ctx.db.execute(
      sql`update ${auditLog} set created_at = '2026-11-21T12:00:00Z' where entity_type = 'exam'`,
    );
    const day = await audit(
      `?from=${encodeURIComponent('2026-11-21T00:00:00Z')}&to=${encodeURIComponent('2026-11-22T00:00:00Z')}`,
    );
    expect(day.entries.map((entry) => entry.entityType)).toEqual(['exam', 'exam']);
    const since = await audit(`?from=${encodeURIComponent('2026-11-21T12:00:00Z')}`);
    expect(since.total).toBe(5);
    const before = await audit(`?to=${encodeURIComponent('2026-11-21T12:00:00Z')}`);
    expect(before.total).toBe(2);
  });

  it('refuses bad filters with 400 and a message', async () => {
    for (const [query, message] of [
      ['?action=hacked', 'Unknown action'],
      ['?entityType=planet', 'Unknown entity type'],
      ['?adminId=not-a-uuid', 'Invalid id'],
      ['?from=yesterday', 'from must be a date and time such as 2026-11-23T00:00:00Z'],
      [
        `?from=${encodeURIComponent('2026-11-22T00:00:00Z')}&to=${encodeURIComponent('2026-11-21T00:00:00Z')}`,
        'The start of the date range must be before its end',
      ],
      ['?limit=101', 'limit must be 100 or less'],
      ['?page=0', 'page must be 1 or more'],
    ] as const) {
      const response = await call('GET', `/api/admin/audit${query}`, root);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toBe(message);
    }
  });

  it('records administrator actions, newest first', async () => {
    // After the entries above: deleting a learner is the newest entry.
    const learner = await createLearner(t);
    expect((await call('DELETE', `/api/admin/users/${learner.id}`, root)).statusCode).toBe(200);
    const audit = await call('GET', '/api/admin/audit?limit=5', root);
    const entries = audit.json<{ entries: Array<{ action: string; entityType: string; summary: string }> }>()
      .entries;
    expect(entries.length).toBe(5);
    expect(entries[0]).toMatchObject({ action: 'deleted', entityType: 'user' });
  });
});
