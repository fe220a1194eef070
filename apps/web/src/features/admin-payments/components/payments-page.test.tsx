import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminPayment, AdminPaymentsResponse } from '@mlp/contract';
import { signInAdmin } from '../../../test/admin-session.ts';
import { stubDownload } from '../../../test/download.ts';
import { adminMe, fileAnswer, json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { thisMonth } from '../../../components/dialogs/export-dialog.tsx';
import { expectListLoadErrorThenRetry } from '../../../test/list-load-error.tsx';
import { renderPage } from '../../../test/render.tsx';
import { REFUND_WARNING } from '../payment-text.ts';
import { LearnerPayments, PaymentsPage } from './payments-page.tsx';

const USER_ID = '0190f3a2-0000-7000-8000-0000000000a1';

function payment(overrides: Partial<AdminPayment> = {}): AdminPayment {
  return {
    _id: '0190f3a2-0000-7000-8000-000000000001',
    kind: 'purchase',
    status: 'completed',
    test: false,
    amountPence: 999,
    currency: 'GBP',
    createdAt: new Date(2026, 2, 5, 14, 5).toISOString(),
    examId: 'e1',
    examTitle: 'Cardiology review',
    orderId: '5O190127TN364715T',
    periodEnd: new Date(2026, 3, 5).toISOString(),
    failureReason: null,
    refundedAt: null,
    userId: USER_ID,
    userEmail: 'ada@example.com',
    userName: 'Ada Lovelace',
    provider: 'paypal',
    captureId: '3C679366HH908993F',
    refundId: null,
    refundReason: null,
    refundable: true,
    ...overrides,
  };
}

const page = (payments: AdminPayment[], extra: Partial<AdminPaymentsResponse> = {}) =>
  json({ payments, page: 1, pages: 1, total: payments.length, ...extra } satisfies AdminPaymentsResponse);

const searchOf = (request: RecordedRequest | undefined) => new URLSearchParams(request?.search ?? '');
const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/api/admin/payments');

/** The page signed in, on the first of three pages of payments (23); `last` is the last list request's query. */
async function openThreePages() {
  signInAdmin();
  const requests = stubFetch({
    'GET /api/admin/payments': () =>
      page(
        Array.from({ length: 10 }, (_, i) => payment({ _id: `p${i}` })),
        { pages: 3, total: 23 },
      ),
  });
  renderPage(<PaymentsPage />, { url: '/admin/payments' });
  const user = userEvent.setup();
  const last = () => searchOf(listRequests(requests).at(-1));
  await screen.findByText('1–10 of 23');
  return { user, last };
}

describe('PaymentsPage', () => {
  it('shows each payment: date, learner, exam, kind, amount, status and PayPal ids; Refund only when refundable', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/payments': () =>
        page([
          payment(),
          payment({
            _id: 'p2',
            kind: 'renewal',
            status: 'failed',
            orderId: null,
            captureId: null,
            failureReason: 'The card was declined',
            refundable: false,
          }),
          payment({
            _id: 'p3',
            status: 'refunded',
            test: true,
            provider: 'sandbox',
            orderId: 'manual-1700000000000',
            captureId: null,
            refundedAt: new Date(2026, 2, 6).toISOString(),
            refundReason: 'Asked for it',
            refundable: false,
            userId: null,
            userEmail: null,
            userName: null,
            examTitle: null,
          }),
        ]),
    });
    renderPage(<PaymentsPage />, { url: '/admin/payments' });

    expect(await screen.findByRole('heading', { name: 'Payments', level: 1 })).toBeTruthy();
    await screen.findByText('The card was declined');
    const rows = screen.getAllByRole('row');
    // The header, then one row per payment.
    expect(rows).toHaveLength(4);
    const [, completed, failed, refunded] = rows as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];

    expect(within(completed).getByText('March 5, 2026')).toBeTruthy();
    expect(within(completed).getByText('2:05 PM')).toBeTruthy();
    expect(within(completed).getByRole('link', { name: 'Ada Lovelace' }).getAttribute('href')).toBe(
      `/admin/users/${USER_ID}`,
    );
    expect(within(completed).getByText('ada@example.com')).toBeTruthy();
    expect(within(completed).getByText('Cardiology review')).toBeTruthy();
    expect(within(completed).getByText('Purchase')).toBeTruthy();
    expect(within(completed).getByText('£9.99')).toBeTruthy();
    expect(within(completed).getByText('Completed')).toBeTruthy();
    expect(within(completed).getByText('5O190127TN364715T')).toBeTruthy();
    expect(within(completed).getByText('3C679366HH908993F')).toBeTruthy();
    expect(
      within(completed).getByRole('button', { name: /^Refund £9\.99 paid by ada@example\.com/ }),
    ).toBeTruthy();

    expect(within(failed).getByText('Renewal')).toBeTruthy();
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByText('The card was declined')).toBeTruthy();
    expect(within(failed).queryByRole('button', { name: /Refund/ })).toBeNull();

    expect(within(refunded).getByText('Refunded')).toBeTruthy();
    expect(within(refunded).getByText('Test')).toBeTruthy();
    expect(within(refunded).getByText('Refunded March 6, 2026: Asked for it')).toBeTruthy();
    expect(within(refunded).getByText('Deleted account')).toBeTruthy();
    expect(within(refunded).getByText('Deleted exam')).toBeTruthy();
    expect(within(refunded).getByText('manual-1700000000000')).toBeTruthy();
    expect(within(refunded).queryByRole('button', { name: /Refund/ })).toBeNull();
  });

  it('sends the status, kind and search as the query, back to the first page on each change', async () => {
    const { user, last } = await openThreePages();
    expect(Object.fromEntries(last())).toEqual({ page: '1', limit: '10' });

    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(last().get('page')).toBe('2'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    expect(
      within(await screen.findByRole('listbox'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All', 'Completed', 'Failed', 'Refunded', 'Test']);
    await user.click(screen.getByRole('option', { name: 'Test' }));
    await waitFor(() =>
      expect(Object.fromEntries(last())).toEqual({ page: '1', limit: '10', status: 'test' }),
    );

    await user.click(screen.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Renewal' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'ada');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(Object.fromEntries(last())).toEqual({
        page: '1',
        limit: '10',
        status: 'test',
        kind: 'renewal',
        search: 'ada',
      }),
    );
  });

  it('sends the days as a time range, keeps the rows per page, and clears every filter', async () => {
    const { user, last } = await openThreePages();
    await user.type(screen.getByRole('searchbox', { name: 'Search payments' }), 'Cardiology{Enter}');
    await waitFor(() => expect(last().get('search')).toBe('Cardiology'));
    await user.type(screen.getByLabelText('From'), '2026-03-01');
    await user.type(screen.getByLabelText('To'), '2026-03-31');
    await waitFor(() =>
      expect(Object.fromEntries(last())).toMatchObject({
        from: new Date(2026, 2, 1).toISOString(),
        to: new Date(2026, 3, 1).toISOString(),
      }),
    );

    await user.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    await user.click(await screen.findByRole('option', { name: '25' }));
    await waitFor(() => expect(last().get('limit')).toBe('25'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(last())).toEqual({ page: '1', limit: '25' }));
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search payments' }).value).toBe('');
  });

  it('says when the end date comes before the start date, without asking the server', async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/payments': () => page([]) });
    renderPage(<PaymentsPage />, { url: '/admin/payments' });
    const user = userEvent.setup();

    expect(await screen.findByText('No payments found')).toBeTruthy();
    await user.type(screen.getByLabelText('From'), '2026-03-10');
    await user.type(screen.getByLabelText('To'), '2026-03-01');
    expect(await screen.findByText('The end date must be on or after the start date')).toBeTruthy();
    expect(listRequests(requests).some((request) => request.search.includes('to='))).toBe(false);
  });

  it('asks for a reason before refunding, then refunds, shows the server’s message and reloads', async () => {
    signInAdmin();
    let refunded = false;
    const requests = stubFetch({
      'GET /api/admin/payments': () =>
        page([
          refunded
            ? payment({ status: 'refunded', refundable: false, refundReason: 'Charged twice' })
            : payment(),
        ]),
      [`POST /api/admin/payments/${payment()._id}/refund`]: () => {
        refunded = true;
        return json({
          message: 'The payment has been refunded, and the access it paid for has ended.',
          payment: payment({ status: 'refunded', refundable: false }),
        });
      },
    });
    renderPage(<PaymentsPage />, { url: '/admin/payments' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Refund £9\.99/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    expect(within(dialog).getByText('£9.99')).toBeTruthy();
    expect(within(dialog).getByText('Ada Lovelace (ada@example.com)')).toBeTruthy();
    expect(within(dialog).getByText('Cardiology review')).toBeTruthy();
    expect(within(dialog).getByText(REFUND_WARNING)).toBeTruthy();

    // No reason: the contract's message, and nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Please give a reason for the refund')).toBeTruthy();
    await user.type(within(dialog).getByLabelText(/^Reason/), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    const before = listRequests(requests).length;
    await user.clear(within(dialog).getByLabelText(/^Reason/));
    await user.type(within(dialog).getByLabelText(/^Reason/), ' Charged twice ');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(
      await screen.findByText('The payment has been refunded, and the access it paid for has ended.'),
    ).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Charged twice' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Refund payment' })).toBeNull());
    await waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(before));
    expect(await screen.findByText('Refunded')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Refund £9\.99/ })).toBeNull();
  });

  it('keeps the dialog open with the server’s message when PayPal refuses the refund', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/payments': () => page([payment()]),
      [`POST /api/admin/payments/${payment()._id}/refund`]: () =>
        json({ message: 'PayPal did not refund this payment: the capture is too old' }, 502),
    });
    renderPage(<PaymentsPage />, { url: '/admin/payments' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: /^Refund £9\.99/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund payment' });
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Charged twice');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));

    expect(
      await within(dialog).findByText('PayPal did not refund this payment: the capture is too old'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Refund payment' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Refund' }).hasAttribute('disabled')).toBe(false);
  });

  it("shows a failed load with 'Try again', never an empty list; a retry loads it", () =>
    expectListLoadErrorThenRetry({
      page: <PaymentsPage />,
      url: '/admin/payments',
      path: '/api/admin/payments',
      fallback: 'Error fetching payments',
      empty: /No payments found/,
      loaded: { payments: [payment()], page: 1, pages: 1, total: 1 },
      row: 'Cardiology review',
    }));
});

describe('LearnerPayments', () => {
  it("lists one learner's payments, without the learner column", async () => {
    signInAdmin();
    const requests = stubFetch({ 'GET /api/admin/payments': () => page([payment()]) });
    renderPage(<LearnerPayments userId={USER_ID} />, { url: `/admin/users/${USER_ID}` });

    expect(await screen.findByText('Cardiology review')).toBeTruthy();
    expect(Object.fromEntries(searchOf(listRequests(requests).at(-1)))).toEqual({
      page: '1',
      limit: '10',
      userId: USER_ID,
    });
    expect(screen.queryByRole('columnheader', { name: 'Learner' })).toBeNull();
    expect(screen.getByRole('button', { name: /^Refund £9\.99/ })).toBeTruthy();
  });
});

describe('PaymentsPage export (decision 0068)', () => {
  it("downloads the chosen days as a file with the administrator's session, and shows a refusal", async () => {
    signInAdmin();
    let refuse = false;
    const requests = stubFetch({
      'GET /api/admin/auth/me': () => adminMe('finance'),
      'GET /api/admin/payments': () => page([]),
      'GET /api/admin/exports/payments': () =>
        refuse
          ? json({ message: 'The date range must be at most 366 days' }, 400)
          : fileAnswer(
              '\uFEFFDate,Learner name\r\n',
              'payments-2026-11-01-to-2026-11-30.xlsx',
              'text/csv; charset=utf-8',
            ),
    });
    const { created, clicked } = stubDownload('blob:payments');
    const user = userEvent.setup();
    renderPage(<PaymentsPage />);

    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export payments' });
    // The current month is chosen to start with.
    expect(within(dialog).getByLabelText<HTMLInputElement>('From').value).toBe(thisMonth().from);
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '2026-12-01');
    await user.clear(within(dialog).getByLabelText('To'));
    await user.type(within(dialog).getByLabelText('To'), '2026-11-30');
    expect(within(dialog).getByText('The end date must be on or after the start date')).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Download' }).disabled).toBe(true);
    await user.clear(within(dialog).getByLabelText('From'));
    await user.type(within(dialog).getByLabelText('From'), '2026-11-01');
    await user.click(within(dialog).getByRole('radio', { name: 'Excel workbook (.xlsx)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const call = requests.find((request) => request.path === '/api/admin/exports/payments');
    expect(call?.headers.get('Authorization')).toBe('Admin admin-token');
    expect(Object.fromEntries(searchOf(call))).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      format: 'xlsx',
    });
    expect(created).toHaveBeenCalledTimes(1);
    expect(clicked).toHaveBeenCalledTimes(1);

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByText('The date range must be at most 366 days')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Export payments' })).toBeTruthy();
  });

  it('is hidden from a role that may not export payments', async () => {
    signInAdmin();
    stubFetch({
      'GET /api/admin/auth/me': () => adminMe('support'),
      'GET /api/admin/payments': () => page([]),
    });
    renderPage(<PaymentsPage />);
    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Export' })).toBeNull());
  });
});
