import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminAccount } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { AdminsPage } from './admins-page.tsx';

const account = (overrides: Partial<AdminAccount>): AdminAccount => ({
  _id: '0190f3a2-0000-7000-8000-00000000000a',
  email: 'root@example.com',
  name: 'Root',
  role: 'admin',
  createdAt: '2025-03-05T10:00:00.000Z',
  lastLogin: null,
  isCurrent: true,
  ...overrides,
});

describe('AdminsPage', () => {
  it("shows the stored role 'admin' as 'Admin', and 'N/A' and 'Never' for missing values", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/auth/admins': () =>
        json({
          admins: [
            account({}),
            account({
              _id: '0190f3a2-0000-7000-8000-00000000000b',
              email: 'other@example.com',
              name: '',
              role: '',
              isCurrent: false,
            }),
          ],
        }),
    });
    renderPage(<AdminsPage />, { url: '/admin/admins' });

    const root = await screen.findByRole('row', { name: /root@example\.com/ });
    expect(within(root).getByRole('cell', { name: 'Admin' })).toBeTruthy();
    expect(within(root).queryByText('admin')).toBeNull();
    const other = screen.getByRole('row', { name: /other@example\.com/ });
    expect(within(other).getByRole('cell', { name: 'Admin' })).toBeTruthy();
    expect(within(other).getByRole('cell', { name: 'N/A' })).toBeTruthy();
    expect(within(other).getByRole('cell', { name: 'Never' })).toBeTruthy();
  });

  it("shows a load error and 'Try again', never an empty list; a retry loads it (decision 0024)", () =>
    expectListLoadErrorThenRetry({
      page: <AdminsPage />,
      url: '/admin/admins',
      path: '/api/admin/auth/admins',
      fallback: 'Failed to load admins',
      empty: /No administrators found/,
      loaded: { admins: [account({})] },
      row: 'root@example.com',
    }));
});
