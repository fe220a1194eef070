import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { silentFailure } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { UserDetailPage } from './user-detail-page.tsx';
import { buildAdminUserDetail, buildSubscription } from '../../../test/factories.ts';

const USER_ID = '0190f3a2-0000-7000-8000-0000000000a1';
const march5 = new Date(2026, 2, 5, 12).toISOString();

const detail: AdminUserDetail = buildAdminUserDetail(
  { _id: USER_ID },
  {
    results: [
      {
        _id: 'r1',
        examTitle: 'Cardiology review',
        kind: 'exam',
        score: 72.5,
        completedAt: new Date(2026, 1, 20, 9, 30).toISOString(),
      },
    ],
    devices: [
      {
        _id: 'd1',
        deviceName: 'Ada’s phone',
        lastUsedAt: new Date(2026, 1, 21).toISOString(),
        signedIn: true,
      },
    ],
    subscriptions: [
      buildSubscription(),
      buildSubscription({
        _id: 's2',
        examId: 'e2',
        exam: { _id: 'e2', title: 'Pharmacology', description: '', available: true },
        autoRenew: false,
        isActive: false,
        endDate: new Date(2026, 0, 10).toISOString(),
        cancelledAt: new Date(2025, 11, 20).toISOString(),
        renewal: null,
      }),
      buildSubscription({
        _id: 's3',
        examId: 'e3',
        exam: null,
        renewal: { date: march5, amountPence: 499, state: 'retrying', lastError: 'The card was declined' },
      }),
    ],
  },
);

const renderDetail = () =>
  renderPage(<UserDetailPage userId={USER_ID} payments={<p>The learner’s payments</p>} />, {
    url: `/admin/users/${USER_ID}`,
  });

describe('UserDetailPage', () => {
  it('shows the account, each subscription with its renewal, and the payments', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({ [`GET /api/admin/users/${USER_ID}`]: () => json(detail) });
    renderDetail();

    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' }).getAttribute('href')).toBe('/admin/users');
    const account = screen.getByRole('region', { name: 'Account' });
    expect(within(account).getByText('ada@example.com')).toBeTruthy();
    expect(within(account).getByText('January 15, 2025')).toBeTruthy();
    // The label and the chip.
    expect(within(account).getAllByText('Verified')).toHaveLength(2);

    const rows = within(screen.getByRole('table', { name: 'Subscriptions' })).getAllByRole('row');
    const [, active, cancelled, retrying] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(active).getByRole('link', { name: 'Cardiology review' }).getAttribute('href')).toBe(
      '/admin/exams/e1/edit',
    );
    expect(within(active).getByText('Active')).toBeTruthy();
    expect(within(active).getByText('March 5, 2026')).toBeTruthy();
    expect(within(active).getByText('On')).toBeTruthy();
    expect(within(active).getByText('Renews March 5, 2026 for £9.99')).toBeTruthy();

    expect(within(cancelled).getByText('Expired')).toBeTruthy();
    expect(within(cancelled).getByText('January 10, 2026')).toBeTruthy();
    expect(within(cancelled).getByText('Off')).toBeTruthy();
    expect(within(cancelled).getByText('Cancelled')).toBeTruthy();

    expect(within(retrying).getByText('Unknown Exam')).toBeTruthy();
    expect(
      within(retrying).getByText('Retrying: The card was declined (next try March 5, 2026 for £4.99)'),
    ).toBeTruthy();

    const payments = screen.getByRole('region', { name: 'Payments' });
    expect(within(payments).getByText('The learner’s payments')).toBeTruthy();
  });

  it("says 'User not found' for an unknown or deleted learner, with the way back", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({ [`GET /api/admin/users/${USER_ID}`]: () => json({ message: 'User not found' }, 404) });
    renderDetail();

    expect(await screen.findByRole('heading', { name: 'User not found', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Users' })).toBeTruthy();
    expect(screen.queryByText('The learner’s payments')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it("shows any other failure with 'Try again', which loads the learner", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let fail = true;
    const requests = stubFetch({
      [`GET /api/admin/users/${USER_ID}`]: () => (fail ? silentFailure() : json(detail)),
    });
    renderDetail();

    expect(await screen.findByText('Error fetching user')).toBeTruthy();
    expect(screen.queryByText('The learner’s payments')).toBeNull();
    fail = false;
    await expectTryAgainRefetches(requests, `/api/admin/users/${USER_ID}`);
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace', level: 1 })).toBeTruthy();
  });

  it('lists results and devices, and suspends the learner after asking why, with the server message', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let suspended = false;
    const requests = stubFetch({
      [`GET /api/admin/users/${USER_ID}`]: () => json({ ...detail, user: { ...detail.user, suspended } }),
      [`PUT /api/admin/users/${USER_ID}/suspension`]: () => {
        suspended = true;
        return json({
          message: 'The learner has been suspended and signed out on every device.',
          user: { ...detail.user, suspended: true },
        });
      },
    });
    const user = userEvent.setup();
    renderDetail();

    const results = await screen.findByRole('table', { name: 'Latest results' });
    expect(within(results).getByText('73%')).toBeTruthy();
    const devices = screen.getByRole('table', { name: 'Devices' });
    expect(within(devices).getByText('Signed in')).toBeTruthy();
    // Verified: no resend button.
    expect(screen.queryByRole('button', { name: 'Resend verification' })).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this learner?' });
    // No reason: the contract's words, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('Please give a reason (at least 3 characters)')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  Shared their account ');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(
      await screen.findByText('The learner has been suspended and signed out on every device.'),
    ).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      suspended: true,
      reason: 'Shared their account',
    });
    expect(await screen.findByRole('button', { name: 'Restore access' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Account' })).getByText('Suspended')).toBeTruthy();
  });
});
