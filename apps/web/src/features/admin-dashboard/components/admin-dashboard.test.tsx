import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminStats } from '../../../test/factories.ts';
import { silentFailure } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { AdminDashboard } from './admin-dashboard.tsx';

describe('the dashboard when its counters fail to load (decision 0024)', () => {
  it('shows no counters of 0 under the error, and the counters after a retry', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let fail = true;
    const requests = stubFetch({
      'GET /api/admin/stats': () =>
        fail
          ? silentFailure()
          : json(
              buildAdminStats({ totalUsers: 12, totalExams: 3, totalArticles: 4, activeSubscriptions: 5 }),
            ),
      'GET /api/admin/audit': () => json({ entries: [], page: 1, pages: 0, total: 0 }),
    });
    renderPage(<AdminDashboard />, { url: '/admin' });

    expect(await screen.findByText('Error fetching dashboard statistics')).toBeTruthy();
    expect(screen.queryByText('Total Users')).toBeNull();
    expect(screen.queryByText('0')).toBeNull();

    fail = false;
    await expectTryAgainRefetches(requests, '/api/admin/stats');
    expect(await screen.findByText('Total Users')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('12')).toBeTruthy());
  });
});

describe('the dashboard counters', () => {
  it('shows the four counters, then monthly recurring revenue in pounds and the renewals due this week', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/stats': () =>
        json(
          buildAdminStats({
            totalUsers: 1_204,
            totalExams: 3,
            totalArticles: 4,
            activeSubscriptions: 5,
            monthlyRecurringRevenuePence: 123_450,
            renewalsDueThisWeek: 7,
          }),
        ),
      'GET /api/admin/audit': () => json({ entries: [], page: 1, pages: 0, total: 0 }),
    });
    renderPage(<AdminDashboard />, { url: '/admin' });

    const counter = (label: string) =>
      screen.getByRole('heading', { name: label, level: 2 }).closest<HTMLElement>('.MuiPaper-root')!;
    await screen.findByText('£1,234.50');
    expect(
      screen
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent)
        .slice(0, 6),
    ).toEqual([
      'Total Users',
      'Total Exams',
      'Total Articles',
      'Active Subscriptions',
      'Monthly Recurring Revenue',
      'Renewals Due This Week',
    ]);
    expect(within(counter('Total Users')).getByText('1,204')).toBeTruthy();
    expect(within(counter('Monthly Recurring Revenue')).getByText('£1,234.50')).toBeTruthy();
    expect(within(counter('Renewals Due This Week')).getByText('7')).toBeTruthy();
  });
});

describe('the dashboard by role (decision 0067)', () => {
  it('shows Support the counts without the money or the activity log, and never asks for the log', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      'GET /api/admin/stats': () =>
        json(
          buildAdminStats({
            totalUsers: 12,
            monthlyRecurringRevenuePence: null,
            renewalsDueThisWeek: null,
          }),
        ),
    });
    renderPage(<AdminDashboard />, { url: '/admin' });
    expect(await screen.findByText('Total Users')).toBeTruthy();
    expect(await screen.findByText('12')).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/admin/auth/me')).toBe(true));
    expect(screen.queryByText('Monthly Recurring Revenue')).toBeNull();
    expect(screen.queryByText('Renewals Due This Week')).toBeNull();
    expect(screen.queryByText('Recent Activity')).toBeNull();
    expect(requests.some((request) => request.path === '/api/admin/audit')).toBe(false);
    expect(requests.some((request) => request.path === '/api/admin/settings')).toBe(false);
  });
});
