import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { silentFailure } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { AdminDashboard } from './admin-dashboard.tsx';

describe('the dashboard when its counters fail to load (issue 15.13)', () => {
  it('shows no counters of 0 under the error, and the counters after a retry', async () => {
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
