import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserDetail } from '@mlp/contract';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { UserDetailPage } from './user-detail-page.tsx';
import { buildAdminUserDetail, buildExamPublic } from '../../../test/factories.ts';

const USER_ID = '0190f3a2-0000-7000-8000-0000000000b2';

const detail: AdminUserDetail = buildAdminUserDetail({
  _id: USER_ID,
  email: 'bea@example.com',
  name: 'Bea Smtih',
  verified: false,
});

const exam = (id: string, title: string) =>
  buildExamPublic({
    _id: id,
    title,
    description: '',
    price: 19.99,
    numberOfQuestions: 10,
    createdAt: new Date(2025, 0, 1).toISOString(),
  });

describe('the support desk on a learner page (decision 0072)', () => {
  it('gives access to an exam until a day, with a reason, and says so', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      [`GET /api/admin/users/${USER_ID}`]: () => json(detail),
      'GET /api/exams/published': (request) => {
        const search = new URLSearchParams(request.search).get('search') ?? '';
        const all = [exam('e1', 'Cardiology review'), exam('e2', 'Pharmacology finals')];
        const exams = all.filter((item) => item.title.toLowerCase().includes(search.toLowerCase()));
        return json({ exams, page: 1, pages: 1, totalExams: exams.length, categories: ['medical'] });
      },
      [`POST /api/admin/users/${USER_ID}/grants`]: () =>
        json({ message: 'Access to Pharmacology finals given until 31 January 2027.' }, 201),
    });
    renderPage(<UserDetailPage userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Give access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give access' });
    await user.type(within(dialog).getByRole('combobox', { name: /Exam/ }), 'pharma');
    await user.click(await screen.findByRole('option', { name: 'Pharmacology finals' }));
    const until = within(dialog).getByLabelText(/Last day of access/);
    await user.clear(until);
    await user.type(until, '2027-01-31');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Paid by bank transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Give access' }));

    expect(
      await screen.findByText('Access to Pharmacology finals given until 31 January 2027.'),
    ).toBeTruthy();
    const sent = requests.find((request) => request.method === 'POST');
    expect(sent?.body).toEqual({ examId: 'e2', until: '2027-01-31', reason: 'Paid by bank transfer' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Give access' })).toBeNull());
  });

  it("shows the server's refusal in the dialog and keeps what was typed", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      [`GET /api/admin/users/${USER_ID}`]: () => json(detail),
      [`PUT /api/admin/users/${USER_ID}/name`]: () =>
        json({ message: 'Name must be at most 100 characters' }, 400),
      [`POST /api/admin/users/${USER_ID}/verification`]: () =>
        json({
          message: "The learner's email address is now marked as verified.",
          user: { ...detail.user, verified: true },
        }),
    });
    renderPage(<UserDetailPage userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Change name' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change name' });
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveProperty('value', 'Bea Smtih');
    await user.clear(name);
    await user.type(name, 'Bea Smith');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Typo');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(await within(dialog).findByText('Name must be at most 100 characters')).toBeTruthy();
    expect(within(dialog).getByLabelText<HTMLInputElement>(/^Name/).value).toBe('Bea Smith');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Change name' })).toBeNull());

    // Unverified: Mark verified is offered.
    await user.click(await screen.findByRole('button', { name: 'Mark verified' }));
    const verify = await screen.findByRole('dialog', { name: 'Mark email as verified' });
    await user.type(within(verify).getByLabelText(/Reason/), 'Confirmed by phone');
    await user.click(within(verify).getByRole('button', { name: 'Mark verified' }));
    expect(await screen.findByText("The learner's email address is now marked as verified.")).toBeTruthy();
  });

  it('is not there for Finance, who reads the learner only', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('finance'),
      [`GET /api/admin/users/${USER_ID}`]: () => json(detail),
    });
    renderPage(<UserDetailPage userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });
    expect(await screen.findByRole('heading', { name: 'Bea Smtih' })).toBeTruthy();
    await waitFor(() => expect(requests.some((request) => request.path === '/api/admin/auth/me')).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Support' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Give access' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Suspend' })).toBeNull();
  });

  it('starts an email change with a reason and says the learner must confirm it', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      [`GET /api/admin/users/${USER_ID}`]: () => json(detail),
      [`POST /api/admin/users/${USER_ID}/email`]: () =>
        json({
          message:
            'A confirmation link has been sent to the new address. The address changes when the learner opens it.',
        }),
    });
    renderPage(<UserDetailPage userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change email' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change email' });
    await user.type(within(dialog).getByLabelText(/New email address/), ' bea@work.example ');
    await user.type(within(dialog).getByLabelText(/Reason/), 'New job');
    await user.click(within(dialog).getByRole('button', { name: 'Send confirmation link' }));
    expect(await screen.findByText(/A confirmation link has been sent to the new address/)).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      email: 'bea@work.example',
      reason: 'New job',
    });
  });
});
