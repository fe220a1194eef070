import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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
  role: 'owner',
  createdAt: '2025-03-05T10:00:00.000Z',
  lastLogin: null,
  isCurrent: true,
  ...overrides,
});

describe('AdminsPage', () => {
  it("shows each role by its name, and 'N/A' and 'Never' for missing values", async () => {
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
              role: 'finance',
              isCurrent: false,
            }),
          ],
        }),
    });
    renderPage(<AdminsPage />, { url: '/admin/admins' });

    const root = await screen.findByRole('row', { name: /root@example\.com/ });
    expect(within(root).getByRole('cell', { name: 'Owner' })).toBeTruthy();
    expect(within(root).queryByText('owner')).toBeNull();
    const other = screen.getByRole('row', { name: /other@example\.com/ });
    expect(within(other).getByRole('cell', { name: 'Finance' })).toBeTruthy();
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

  it('changes a role from its dialog and adds an administrator with the chosen role (decision 0067)', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const colleague = account({
      _id: '0190f3a2-0000-7000-8000-00000000000c',
      email: 'ed@example.com',
      name: 'Ed',
      role: 'editor',
      isCurrent: false,
    });
    let admins = [account({}), colleague];
    const requests = stubFetch({
      'GET /api/admin/auth/admins': () => json({ admins }),
      'PUT /api/admin/auth/admins/0190f3a2-0000-7000-8000-00000000000c/role': (request) => {
        const { role } = request.body as { role: AdminAccount['role'] };
        admins = [admins[0]!, { ...colleague, role }];
        return json({ message: 'Role changed', admin: { ...colleague, role } });
      },
      'POST /api/admin/auth/admins': (request) => {
        const body = request.body as { email: string; role: AdminAccount['role'] };
        return json(
          {
            message: 'Admin created successfully',
            admin: account({
              _id: '0190f3a2-0000-7000-8000-00000000000d',
              email: body.email,
              role: body.role,
              isCurrent: false,
            }),
          },
          201,
        );
      },
    });
    renderPage(<AdminsPage />, { url: '/admin/admins' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Change role of ed@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Role' });
    expect(within(dialog).getByText(/Exams, questions, imports, AI/)).toBeTruthy();
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Finance' }));
    expect(within(dialog).getByText('Payments, refunds and exports; learners read-only')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save Role' }));
    expect(await screen.findByText('Role changed')).toBeTruthy();
    const row = await screen.findByRole('row', { name: /ed@example\.com/ });
    await waitFor(() => expect(within(row).getByRole('cell', { name: 'Finance' })).toBeTruthy());
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ role: 'finance' });

    await user.click(screen.getByRole('button', { name: 'Add Admin' }));
    const add = await screen.findByRole('dialog', { name: 'Add Admin' });
    // A new colleague is an Editor unless another role is picked.
    expect(within(add).getByRole('combobox', { name: 'Role' }).textContent).toBe('Editor');
    await user.type(within(add).getByLabelText(/^Email/), 'sue@example.com');
    await user.type(within(add).getByLabelText(/^Password/), 'Support-Pass-123');
    await user.type(within(add).getByLabelText(/^Confirm Password/), 'Support-Pass-123');
    await user.click(within(add).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Support' }));
    await user.click(within(add).getByRole('button', { name: 'Create Admin' }));
    await waitFor(() =>
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({
        email: 'sue@example.com',
        role: 'support',
      }),
    );
  });
});
