import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRole, AdminUserDetail } from '@mlp/contract';
import { stubDownload } from '../../../test/download.ts';
import { adminMe, fileAnswer, json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { buildAdminUserDetail } from '../../../test/factories.ts';

const USER_ID = '0190f3a2-0000-7000-8000-0000000000c3';
const ERASED = 'The account has been erased and the learner has been sent a last email to confirm it.';

const detail: AdminUserDetail = buildAdminUserDetail({
  _id: USER_ID,
  email: 'cara@example.com',
  name: 'Cara Jones',
});

function render(role: AdminRole, routes: Parameters<typeof stubFetch>[0] = {}) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch({
    'GET /api/admin/auth/me': () => adminMe(role),
    [`GET /api/admin/users/${USER_ID}`]: () => json(detail),
    ...routes,
  });
  renderPage(<UserDetailPage userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });
  return { requests, user: userEvent.setup() };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('data rights on a learner page (decision 0069)', () => {
  it('downloads the data file and erases the account after a reason and the typed address', async () => {
    const { clicked } = stubDownload('blob:data');
    const { requests, user } = render('support', {
      [`GET /api/admin/users/${USER_ID}/data`]: () => fileAnswer('{}', 'my-data-2026-12-06.json'),
      [`POST /api/admin/users/${USER_ID}/erase`]: () => json({ message: ERASED }),
    });
    await user.click(await screen.findByRole('button', { name: 'Download data' }));
    expect(await screen.findByText('The data file is downloading.')).toBeTruthy();
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe('my-data-2026-12-06.json');

    await user.click(screen.getByRole('button', { name: 'Erase account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Erase account' });
    await user.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters).')).toBeTruthy();
    await user.click(within(dialog).getByLabelText(/Reason/));
    await user.paste('Letter of 1 December 2026');
    await user.click(within(dialog).getByLabelText(/e-mail address to confirm/));
    await user.paste('someone@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    expect(
      await within(dialog).findByText("Type the learner's e-mail address exactly to confirm."),
    ).toBeTruthy();
    expect(requests.some((request) => request.path.endsWith('/erase'))).toBe(false);

    await user.clear(within(dialog).getByLabelText(/e-mail address to confirm/));
    await user.paste('Cara@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Erase account' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/users'));
    const sent = requests.find((request) => request.path.endsWith('/erase'));
    expect(sent?.body).toEqual({ reason: 'Letter of 1 December 2026', confirmation: 'Cara@example.com' });
  });

  it('is not offered to editors or finance', async () => {
    render('finance');
    expect(await screen.findByRole('heading', { name: 'Cara Jones' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download data' })).toBeNull();
  });
});
