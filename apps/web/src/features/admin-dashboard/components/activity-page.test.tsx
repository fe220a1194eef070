import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry, AuditResponse } from '@mlp/contract';
import { signInAdmin } from '../../../test/admin-session.ts';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { buildAdminStats, buildSiteSettings } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { TEST_PAYMENTS_ON } from '../../../components/admin/test-payments-warning.tsx';
import { AdminDashboard } from './admin-dashboard.tsx';
import { ActivityPage } from './activity-page.tsx';

const entry = (n: number, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: `0190f3a2-0000-7000-8000-${String(n).padStart(12, '0')}`,
  adminId: '0190f3a2-0000-7000-8000-0000000000aa',
  adminEmail: 'root@example.com',
  action: 'created',
  entityType: 'exam',
  entityId: null,
  summary: `Created the exam "Exam ${n}"`,
  changes: [],
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const ADMINS = {
  admins: [
    {
      _id: '0190f3a2-0000-7000-8000-0000000000aa',
      email: 'root@example.com',
      name: 'Root',
      role: 'owner',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastLogin: null,
      isCurrent: true,
    },
    {
      _id: '0190f3a2-0000-7000-8000-0000000000bb',
      email: 'second@example.com',
      name: 'Second',
      role: 'owner',
      createdAt: '2026-11-01T10:00:00.000Z',
      lastLogin: null,
      isCurrent: false,
    },
  ],
};

const searchOf = (request: RecordedRequest | undefined) => new URLSearchParams(request?.search);

describe('ActivityPage (/admin/activity)', () => {
  it('lists entries in words with what changed, who and when', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/audit': () =>
        json({
          entries: [
            entry(2, {
              action: 'updated',
              summary: 'Edited the exam "Cardiology"',
              changes: [
                { field: 'Price', before: '£4.99', after: '£5.50' },
                { field: 'Status', before: 'Draft', after: 'Published' },
              ],
            }),
            entry(1, {
              entityType: 'settings',
              action: 'updated',
              adminEmail: 'second@example.com',
              summary: 'Changed the site settings (maintenance mode on)',
              changes: [{ field: 'PayPal client secret', before: null, after: null }],
            }),
          ],
          page: 1,
          pages: 1,
          total: 2,
        } satisfies AuditResponse),
      'GET /api/admin/auth/admins': () => json(ADMINS),
    });
    renderPage(<ActivityPage />, { url: '/admin/activity' });

    const edited = await screen.findByRole('row', { name: /Edited the exam "Cardiology"/ });
    expect(within(edited).getByText('Price: £4.99 → £5.50')).toBeTruthy();
    expect(within(edited).getByText('Status: Draft → Published')).toBeTruthy();
    expect(within(edited).getByRole('cell', { name: 'root@example.com' })).toBeTruthy();
    const settings = screen.getByRole('row', { name: /Changed the site settings \(maintenance mode on\)/ });
    expect(within(settings).getByText('PayPal client secret changed')).toBeTruthy();
    expect(within(settings).getByRole('cell', { name: 'second@example.com' })).toBeTruthy();
    expect(screen.getByText('1–2 of 2')).toBeTruthy();
  });

  it('pages and filters on the server, back to the first page on each new filter', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/audit': () =>
        json({
          entries: Array.from({ length: 10 }, (_, i) => entry(i + 1)),
          page: 1,
          pages: 3,
          total: 23,
        } satisfies AuditResponse),
      'GET /api/admin/auth/admins': () => json(ADMINS),
    });
    renderPage(<ActivityPage />, { url: '/admin/activity' });
    const user = userEvent.setup();
    const lastAudit = () => requests.filter((request) => request.path === '/api/admin/audit').at(-1);

    await screen.findByText('1–10 of 23');
    expect(Object.fromEntries(searchOf(lastAudit()))).toEqual({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(searchOf(lastAudit()).get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Articles' }));
    await waitFor(() =>
      expect(Object.fromEntries(searchOf(lastAudit()))).toEqual({
        page: '1',
        limit: '10',
        entityType: 'article',
      }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Approved a question' }));
    await user.click(screen.getByRole('combobox', { name: 'Administrator' }));
    await user.click(await screen.findByRole('option', { name: 'second@example.com' }));
    await waitFor(() =>
      expect(Object.fromEntries(searchOf(lastAudit()))).toMatchObject({
        action: 'approved_question',
        adminId: '0190f3a2-0000-7000-8000-0000000000bb',
      }),
    );

    await user.type(screen.getByLabelText('From'), '2026-11-20');
    await user.type(screen.getByLabelText('To'), '2026-11-21');
    await waitFor(() =>
      expect(Object.fromEntries(searchOf(lastAudit()))).toMatchObject({
        from: new Date(2026, 10, 20).toISOString(),
        to: new Date(2026, 10, 22).toISOString(),
      }),
    );

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(searchOf(lastAudit()).get('limit')).toBe('25'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() =>
      expect(Object.fromEntries(searchOf(lastAudit()))).toEqual({ page: '1', limit: '25' }),
    );
  });

  it('says when the end date comes before the start date, without asking the server', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/audit': () =>
        json({ entries: [], page: 1, pages: 1, total: 0 } satisfies AuditResponse),
      'GET /api/admin/auth/admins': () => json(ADMINS),
    });
    renderPage(<ActivityPage />, { url: '/admin/activity' });
    const user = userEvent.setup();

    expect(await screen.findByText('No activity yet')).toBeTruthy();
    await user.type(screen.getByLabelText('From'), '2026-11-22');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(requests.some((request) => request.search.includes('to='))).toBe(false);
  });

  it('shows a failed load with Try again, not an empty log', async () => {
    signInAdmin();
    let fail = true;
    const requests = stubFetch({
      'GET /api/admin/audit': () =>
        fail
          ? new Response(null, { status: 500 })
          : json({ entries: [entry(1)], page: 1, pages: 1, total: 1 } satisfies AuditResponse),
      'GET /api/admin/auth/admins': () => json(ADMINS),
    });
    renderPage(<ActivityPage />, { url: '/admin/activity' });

    expect(await screen.findByText('Error fetching activity')).toBeTruthy();
    expect(screen.queryByText('No activity yet')).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    fail = false;
    await expectTryAgainRefetches(requests, '/api/admin/audit');
    expect(await screen.findByText('Created the exam "Exam 1"')).toBeTruthy();
  });
});

describe("AdminDashboard's recent activity", () => {
  it('shows the five latest entries and links to the whole log', async () => {
    signInAdmin();
    const requests = stubFetch({
      'GET /api/admin/stats': () =>
        json(buildAdminStats({ totalUsers: 1, totalExams: 2, totalArticles: 3, activeSubscriptions: 4 })),
      'GET /api/admin/audit': () =>
        json({ entries: [entry(1)], page: 1, pages: 1, total: 1 } satisfies AuditResponse),
    });
    renderPage(<AdminDashboard />, { url: '/admin' });

    expect(await screen.findByText('Created the exam "Exam 1"')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View all activity' }).getAttribute('href')).toBe(
      '/admin/activity',
    );
    const audit = requests.find((request) => request.path === '/api/admin/audit');
    expect(Object.fromEntries(searchOf(audit))).toEqual({ page: '1', limit: '5' });
  });
});

describe("AdminDashboard's test-payment warning (decision 0019)", () => {
  it('says test payments are on only while the saved settings allow them', async () => {
    signInAdmin();
    let active = true;
    stubFetch({
      'GET /api/admin/stats': () =>
        json(buildAdminStats({ totalUsers: 1, totalExams: 2, totalArticles: 3, activeSubscriptions: 4 })),
      'GET /api/admin/audit': () =>
        json({ entries: [], page: 1, pages: 0, total: 0 } satisfies AuditResponse),
      'GET /api/admin/settings': () => json(buildSiteSettings({ testPaymentsActive: active })),
    });
    const { unmount } = renderPage(<AdminDashboard />, { url: '/admin' });
    expect(await screen.findByText(TEST_PAYMENTS_ON, { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Payment settings' }).getAttribute('href')).toBe(
      '/admin/settings',
    );
    unmount();
    active = false;
    renderPage(<AdminDashboard />, { url: '/admin' });
    expect(await screen.findByText('Total Users')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(TEST_PAYMENTS_ON, { exact: false })).toBeNull();
  });
});
