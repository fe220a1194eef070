import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Payment, PaymentMethod } from '@mlp/contract';
import { json, publicSettings, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { PaymentsSection } from './payments-section.tsx';

function payment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay-1',
    kind: 'purchase',
    status: 'completed',
    test: false,
    amountPence: 499,
    currency: 'GBP',
    createdAt: new Date(2025, 2, 5, 14, 5).toISOString(),
    examId: 'exam-1',
    examTitle: 'Adult Nursing Fundamentals',
    orderId: '5O190127TN364715T',
    periodEnd: new Date(2025, 3, 5, 14, 5).toISOString(),
    failureReason: null,
    refundedAt: null,
    ...overrides,
  };
}

const savedMethod: PaymentMethod = {
  provider: 'paypal',
  payerEmail: 'ada@paypal.example',
  createdAt: new Date(2025, 2, 6, 10).toISOString(),
};

const page = (payments: Payment[], pageNumber = 1, pages = 1) =>
  json({ payments, page: pageNumber, pages, total: payments.length });

function render(handlers: Record<string, (r: RecordedRequest) => Response | Promise<Response>>) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' }),
    'GET /api/settings/public': () => publicSettings(),
    'GET /api/payments/method': () => json({ method: null }),
    'GET /api/payments': () => page([]),
    ...handlers,
  });
  renderPage(<PaymentsSection />, { url: '/settings' });
  return { requests, user: userEvent.setup() };
}

describe('Settings → Payments: the PayPal account saved for renewals', () => {
  it('shows the saved account and removes it after a confirmation that says auto-renew turns off', async () => {
    let saved = true;
    const { user, requests } = render({
      'GET /api/payments/method': () => json({ method: saved ? savedMethod : null }),
      'DELETE /api/payments/method': () => {
        saved = false;
        return json({
          message: 'Your PayPal account is no longer saved for renewals. Auto-renew of paid exams is off.',
        });
      },
    });
    expect(await screen.findByText('PayPal · ada@paypal.example')).toBeTruthy();
    expect(screen.getByText('Saved on March 6, 2025')).toBeTruthy();

    // Cancel changes nothing.
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    let dialog = await screen.findByRole('dialog', { name: 'Remove PayPal account' });
    expect(within(dialog).getByText(/auto-renew of your paid exams turns off/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    dialog = await screen.findByRole('dialog', { name: 'Remove PayPal account' });
    expect(
      within(dialog).getByText(
        'Your PayPal account will no longer be saved for renewals, so auto-renew of your paid exams turns off and nothing more will be charged. Your access continues until the end of the months you have paid for.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(
      await screen.findByText(
        'Your PayPal account is no longer saved for renewals. Auto-renew of paid exams is off.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('No PayPal account is saved for renewals.')).toBeTruthy();
    expect(screen.queryByText('PayPal · ada@paypal.example')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.filter((r) => r.method === 'DELETE' && r.path === '/api/payments/method')).toHaveLength(
      1,
    );
  });

  it('keeps the dialog open with the error when removing fails', async () => {
    const { user } = render({
      'GET /api/payments/method': () => json({ method: savedMethod }),
      'DELETE /api/payments/method': () => new Response(null, { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove PayPal account' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('Error removing your PayPal account')).toBeTruthy();
    expect(screen.getByText('PayPal · ada@paypal.example')).toBeTruthy();
  });

  it("says when no account is saved, and shows 'PayPal' when PayPal gave no address", async () => {
    render({});
    expect(await screen.findByText('No PayPal account is saved for renewals.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove' })).toBeNull();
    window.localStorage.clear();

    render({ 'GET /api/payments/method': () => json({ method: { ...savedMethod, payerEmail: null } }) });
    expect(await screen.findByText('PayPal')).toBeTruthy();
  });

  it("loads again with 'Try again' after a failure", async () => {
    let fail = true;
    const { requests } = render({
      'GET /api/payments/method': () => (fail ? new Response(null, { status: 500 }) : json({ method: null })),
    });
    expect(await screen.findByText('Error fetching your saved PayPal account')).toBeTruthy();
    fail = false;
    await expectTryAgainRefetches(requests, '/api/payments/method');
    expect(await screen.findByText('No PayPal account is saved for renewals.')).toBeTruthy();
  });
});

describe('Settings → Payments: payment history', () => {
  it('lists each payment with date, exam, kind, amount, status and a receipt for the paid ones', async () => {
    render({
      'GET /api/payments': () =>
        page([
          payment({
            _id: 'p-renewal',
            kind: 'renewal',
            createdAt: new Date(2025, 3, 5, 9).toISOString(),
            orderId: 'RENEWAL-1',
          }),
          payment({
            _id: 'p-failed',
            kind: 'renewal',
            status: 'failed',
            orderId: null,
            periodEnd: null,
            examTitle: 'Pharmacology',
            failureReason: 'INSTRUMENT_DECLINED',
            createdAt: new Date(2025, 3, 1, 9).toISOString(),
          }),
          payment({
            _id: 'p-refunded',
            status: 'refunded',
            refundedAt: new Date(2025, 2, 20).toISOString(),
            examTitle: null,
          }),
          payment({ _id: 'p-test', test: true, orderId: 'manual-abc', amountPence: 999 }),
        ]),
    });
    const list = await screen.findByRole('list', { name: 'Payments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(4);

    expect(within(rows[0]!).getByText('Adult Nursing Fundamentals')).toBeTruthy();
    expect(within(rows[0]!).getByText('April 5, 2025 · Renewal')).toBeTruthy();
    expect(within(rows[0]!).getByText('£4.99')).toBeTruthy();
    expect(within(rows[0]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[0]!).getByRole('button', { name: 'Receipt' })).toBeTruthy();

    expect(within(rows[1]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Reason: INSTRUMENT_DECLINED')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('button', { name: 'Receipt' })).toBeNull();

    expect(within(rows[2]!).getByText('Unknown Exam')).toBeTruthy();
    expect(within(rows[2]!).getByText('March 5, 2025 · Purchase')).toBeTruthy();
    expect(within(rows[2]!).getByText('Refunded')).toBeTruthy();
    expect(within(rows[2]!).getByText('Refunded on March 20, 2025')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Receipt' })).toBeTruthy();

    expect(within(rows[3]!).getByText('Test')).toBeTruthy();
    expect(within(rows[3]!).getByText('£9.99')).toBeTruthy();
    expect(within(rows[0]!).queryByText('Test')).toBeNull();
    // The receipt button names its row for screen readers.
    const receipt = within(rows[0]!).getByRole('button', { name: 'Receipt' });
    expect(document.getElementById(receipt.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Adult Nursing Fundamentals',
    );
  });

  it('pages through the payments 10 at a time', async () => {
    const { user, requests } = render({
      'GET /api/payments': (request) =>
        new URLSearchParams(request.search).get('page') === '2'
          ? page([payment({ _id: 'p-old', examTitle: 'Older exam' })], 2, 2)
          : page([payment({ _id: 'p-new', examTitle: 'Newer exam' })], 1, 2),
    });
    expect(await screen.findByText('Newer exam')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Payments pages' });
    await user.click(within(pager).getByRole('button', { name: 'Go to page 2' }));
    expect(await screen.findByText('Older exam')).toBeTruthy();
    expect(screen.queryByText('Newer exam')).toBeNull();
    expect(requests.filter((r) => r.path === '/api/payments').map((r) => r.search)).toEqual([
      '?page=1&limit=10',
      '?page=2&limit=10',
    ]);
  });

  it('shows no pager for a single page, and says when there are no payments', async () => {
    render({});
    expect(await screen.findByText('You have not made any payments yet.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Payments pages' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Payments' })).toBeNull();
  });

  it('shows a skeleton while loading', async () => {
    let release: (response: Response) => void = () => undefined;
    render({ 'GET /api/payments': () => new Promise<Response>((resolve) => (release = resolve)) });
    expect(await screen.findByRole('status', { name: 'Loading payments' })).toBeTruthy();
    release(page([payment()]));
    expect(await screen.findByText('Adult Nursing Fundamentals')).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading payments' })).toBeNull();
  });

  it("says the list failed to load (not that it is empty) and loads it again with 'Try again'", async () => {
    let fail = true;
    const { requests } = render({
      'GET /api/payments': () => (fail ? new Response(null, { status: 500 }) : page([payment()])),
    });
    expect(await screen.findByText('Error fetching payments')).toBeTruthy();
    expect(screen.queryByText('You have not made any payments yet.')).toBeNull();
    fail = false;
    await expectTryAgainRefetches(requests, '/api/payments');
    expect(await screen.findByText('Adult Nursing Fundamentals')).toBeTruthy();
    expect(screen.queryByText('Error fetching payments')).toBeNull();
  });
});

describe('receipts', () => {
  it('shows a printable receipt: site, learner, exam, amount, date, period and PayPal reference', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = render({ 'GET /api/payments': () => page([payment()]) });
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });

    expect(within(dialog).getByText('MedLearn')).toBeTruthy();
    const line = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(await within(dialog).findByText('Ada Lovelace (ada@example.com)')).toBeTruthy();
    expect(line('Exam')).toBe('Adult Nursing Fundamentals');
    expect(line('Payment')).toBe('Purchase: one month of access');
    expect(line('Amount')).toBe('£4.99 (GBP)');
    expect(line('Date')).toBe('March 5, 2025 at 2:05 PM');
    expect(line('Access until')).toBe('April 5, 2025');
    expect(line('PayPal reference')).toBe('5O190127TN364715T');
    expect(within(dialog).queryByText('Test payment — no money was taken.')).toBeNull();

    // The print stylesheet shows only the receipt.
    const styles = [...document.querySelectorAll('style')].map((style) => style.textContent).join('\n');
    expect(styles).toMatch(/@media print/);
    expect(styles).toContain('body>*:not(.receipt-print-root)');

    await user.click(within(dialog).getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("says 'Test payment — no money was taken.' on a test payment's receipt, and shows a refund", async () => {
    const { user } = render({
      'GET /api/payments': () =>
        page([
          payment({
            kind: 'renewal',
            test: true,
            status: 'refunded',
            orderId: 'renewal-test-1',
            refundedAt: new Date(2025, 3, 7).toISOString(),
          }),
        ]),
    });
    await user.click(await screen.findByRole('button', { name: 'Receipt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Receipt' });
    expect(within(dialog).getByText('Test payment — no money was taken.')).toBeTruthy();
    const line = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(line('Reference')).toBe('renewal-test-1');
    expect(within(dialog).queryByText('PayPal reference')).toBeNull();
    expect(line('Payment')).toBe('Renewal: one more month of access');
    expect(line('Refunded')).toBe('Refunded on April 7, 2025');
  });
});
