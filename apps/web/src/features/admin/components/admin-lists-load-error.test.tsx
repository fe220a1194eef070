import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { AdminsPage } from './admins/admins-page.tsx';
import { ArticlesPage } from './articles/articles-page.tsx';
import { AdminDashboard } from './dashboard/admin-dashboard.tsx';
import { ExamsPage } from './exams/exams-page.tsx';
import { UsersPage } from './users/users-page.tsx';

/*
 * Issue 15.13: a list that failed to load says so, with a 'Try again' button, and shows nothing that
 * reads like an empty list under it (no 'No … found', no empty table, no '0–0 of 0' pager).
 */
const failing = () => json({ message: 'Database unavailable' }, 500);
const silentFailure = () => new Response(null, { status: 500 });

const cases: Array<{
  name: string;
  page: ReactElement;
  url: string;
  path: string;
  fallback: string;
  empty: RegExp;
  loaded: Record<string, unknown>;
  row: string;
}> = [
  {
    name: 'users',
    page: <UsersPage />,
    url: '/admin/users',
    path: '/api/admin/users',
    fallback: 'Error fetching users',
    empty: /No users found/,
    loaded: {
      users: [
        {
          _id: 'u1',
          email: 'ada@example.com',
          name: 'Ada',
          createdAt: '2025-03-05T10:00:00.000Z',
          verified: true,
        },
      ],
      page: 1,
      pages: 1,
      total: 1,
    },
    row: 'ada@example.com',
  },
  {
    name: 'exams',
    page: <ExamsPage />,
    url: '/admin/exams',
    path: '/api/admin/exams',
    fallback: 'Failed to load exams',
    empty: /No exams found/,
    loaded: {
      exams: [
        {
          _id: 'e1',
          title: 'Cardiology basics',
          description: '',
          category: 'medical',
          price: 0,
          numberOfQuestions: 1,
          isActive: false,
          tags: [],
          questionCount: 0,
          pendingCount: 0,
          createdAt: '2025-03-05T10:00:00.000Z',
        },
      ],
    },
    row: 'Cardiology basics',
  },
  {
    name: 'articles',
    page: <ArticlesPage />,
    url: '/admin/articles',
    path: '/api/admin/articles',
    fallback: 'Error fetching articles',
    empty: /No articles found/,
    loaded: {
      articles: [
        {
          _id: 'a1',
          title: 'Sepsis six',
          summary: '',
          preview: '',
          category: 'medical',
          status: 'draft',
          createdAt: '2025-03-05T10:00:00.000Z',
        },
      ],
      page: 1,
      pages: 1,
      total: 1,
    },
    row: 'Sepsis six',
  },
  {
    name: 'admins',
    page: <AdminsPage />,
    url: '/admin/admins',
    path: '/api/admin/auth/admins',
    fallback: 'Failed to load admins',
    empty: /No administrators found/,
    loaded: {
      admins: [
        {
          _id: 'ad1',
          email: 'root@example.com',
          name: 'Root',
          role: 'admin',
          createdAt: '2025-03-05T10:00:00.000Z',
          lastLogin: null,
          isCurrent: true,
        },
      ],
    },
    row: 'root@example.com',
  },
];

describe('admin lists that fail to load', () => {
  for (const list of cases) {
    it(`${list.name}: the error and 'Try again', never an empty list; a retry loads it`, async () => {
      window.localStorage.setItem('adminToken', 'admin-token');
      let fail = true;
      const requests = stubFetch({
        [`GET ${list.path}`]: () => (fail ? silentFailure() : json(list.loaded)),
      });
      renderPage(list.page, { url: list.url });

      expect(await screen.findByText(list.fallback)).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
      expect(screen.queryByText(list.empty)).toBeNull();
      expect(screen.queryByRole('table')).toBeNull();
      expect(screen.queryByText(/0–0 of 0/)).toBeNull();

      fail = false;
      await expectTryAgainRefetches(requests, list.path);
      expect(await screen.findByText(list.row)).toBeTruthy();
      expect(screen.queryByText(list.fallback)).toBeNull();
    });
  }

  it("shows the server's message when it gives one", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({ 'GET /api/admin/exams': failing });
    renderPage(<ExamsPage />, { url: '/admin/exams' });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.queryByText('No exams found')).toBeNull();
  });

  it('dashboard: no counters of 0 under the error, and the counters after a retry', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let fail = true;
    const requests = stubFetch({
      'GET /api/admin/stats': () =>
        fail
          ? silentFailure()
          : json({ totalUsers: 12, totalExams: 3, totalArticles: 4, activeSubscriptions: 5 }),
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
