import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import type { ExamPublic, Subscription } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';
import { buildExamPublic } from '../../../test/factories.ts';

/*
 * PayPal's JS SDK cannot load here (no network), so the React wrapper is replaced: the script's state is
 * set per test (loaded, or failed to load), and PayPalButtons is a plain button that runs the callbacks
 * our code gives it the way PayPal would (make the order or the vault setup token, then approve it).
 * What is tested is our side: the calls to our API, the texts, and what the page does after.
 */
const sdk = vi.hoisted(() => ({
  state: { isInitial: false, isPending: false, isResolved: true, isRejected: false },
}));

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  usePayPalScriptReducer: () => [sdk.state],
  PayPalButtons: (props: PayPalButtonsComponentProps) => (
    <button type="button" disabled={props.disabled} onClick={() => void runPayPal(props)}>
      PayPal
    </button>
  ),
}));

async function runPayPal(props: PayPalButtonsComponentProps): Promise<void> {
  try {
    if (props.createVaultSetupToken) {
      const vaultSetupToken = await props.createVaultSetupToken();
      // PayPal gives the approved setup token back to onApprove, with an empty order id.
      await props.onApprove?.({ orderID: '', vaultSetupToken }, {} as never);
    } else if (props.createOrder) {
      const orderID = await props.createOrder({ paymentSource: 'paypal' }, { order: {} } as never);
      await props.onApprove?.({ orderID }, {} as never);
    }
  } catch (err) {
    props.onError?.(err as Record<string, unknown>);
  }
}

const paidExam: ExamPublic = buildExamPublic({
  _id: 'exam-paid',
  title: 'Paid Exam',
  description: 'A paid exam',
});

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: 'sub-1',
    examId: 'exam-paid',
    exam: { _id: 'exam-paid', title: 'Paid Exam', description: 'A paid exam', available: true },
    autoRenew: false,
    isFree: false,
    startDate: '2025-03-05T12:00:00.000Z',
    endDate: new Date(2025, 3, 5, 12).toISOString(),
    isActive: true,
    cancelledAt: null,
    paymentData: { paymentId: 'ORDER-1', status: 'COMPLETED' },
    renewal: null,
    ...overrides,
  };
}

const renewing = () =>
  subscription({
    autoRenew: true,
    renewal: {
      date: new Date(2025, 3, 5, 12).toISOString(),
      amountPence: 499,
      state: 'scheduled',
      lastError: null,
    },
  });

const paypalOn = () => json({ clientId: 'client-id', mode: 'sandbox', sandbox: false, enabled: true });
const paypalOff = () => json({ clientId: '', mode: 'sandbox', sandbox: false, enabled: false });
const methodRequired = () =>
  json(
    {
      message:
        'To renew automatically, save a PayPal account for renewals first. Nothing is charged until the renewal date.',
      code: 'PAYMENT_METHOD_REQUIRED',
    },
    409,
  );
const switchedOn = () => json({ message: 'Auto-renewal updated successfully', subscription: renewing() });

function render(handlers: Record<string, (r: RecordedRequest) => Response>, onPaid = vi.fn()) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/subscriptions/status/exam-paid': () => json({ isActive: true, subscription: subscription() }),
    ...handlers,
  });
  renderPage(<SubscriptionPanel exam={paidExam} onPaidSubscription={onPaid} />, {
    url: '/exams/exam-paid',
    path: '/exams/:id',
  });
  return { requests, onPaid, user: userEvent.setup() };
}

const autoRenewPuts = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'PUT' && r.path === '/api/subscriptions/exam-paid/auto-renew');

beforeEach(() => {
  sdk.state = { isInitial: false, isPending: false, isResolved: true, isRejected: false };
});

describe('switching auto-renew on with nothing saved to renew with (409 PAYMENT_METHOD_REQUIRED)', () => {
  it('saves PayPal without paying (setup token, approval, payment token), then switches auto-renew on', async () => {
    let puts = 0;
    const { user, requests } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': () => (++puts === 1 ? methodRequired() : switchedOn()),
      'GET /api/settings/payment': paypalOn,
      'POST /api/payments/paypal/setup-tokens': () => json({ id: 'SETUP-1' }, 201),
      'POST /api/payments/paypal/payment-tokens': () =>
        json(
          {
            method: { provider: 'paypal', payerEmail: 'ada@example.com', createdAt: '2025-03-06T10:00:00Z' },
          },
          201,
        ),
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));

    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    expect(
      within(dialog).getByText(
        'Auto-renew pays for each new month with a PayPal account saved for renewals. Nothing is charged now: £4.99 is charged on each renewal date, the first on April 5, 2025, and we e-mail you 3 days before.',
      ),
    ).toBeTruthy();
    // The refusal is the dialog's reason, not an error on the page.
    expect(screen.queryByText(/save a PayPal account for renewals first/)).toBeNull();
    expect(screen.getByText('Disabled')).toBeTruthy();

    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));

    expect(await screen.findByText('Auto-renewal updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('Renews on April 5, 2025 for £4.99')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/payments/paypal/payment-tokens')?.body).toEqual({
      setupTokenId: 'SETUP-1',
    });
    expect(autoRenewPuts(requests).map((r) => r.body)).toEqual([{ autoRenew: true }, { autoRenew: true }]);
    const order = requests.map((r) => `${r.method} ${r.path}`).filter((line) => !line.startsWith('GET'));
    expect(order).toEqual([
      'PUT /api/subscriptions/exam-paid/auto-renew',
      'POST /api/payments/paypal/setup-tokens',
      'POST /api/payments/paypal/payment-tokens',
      'PUT /api/subscriptions/exam-paid/auto-renew',
    ]);
  });

  it("keeps the SDK's failure to load, and Cancel leaves auto-renew off without an error", async () => {
    sdk.state = { isInitial: false, isPending: false, isResolved: false, isRejected: true };
    const { user, requests } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': methodRequired,
      'GET /api/settings/payment': paypalOn,
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    expect(await within(dialog).findByText('Failed to load PayPal. Please try again later.')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'PayPal' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('Auto-renew is off: access until April 5, 2025.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(requests.some((r) => r.path.startsWith('/api/payments/paypal'))).toBe(false);
    expect(autoRenewPuts(requests)).toHaveLength(1);
  });

  it('says renewals cannot be set up when PayPal is not configured', async () => {
    const { user } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': methodRequired,
      'GET /api/settings/payment': paypalOff,
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    expect(
      await within(dialog).findByText(
        'Renewals cannot be set up at the moment: PayPal is not available. Your access continues until April 5, 2025.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'PayPal' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Disabled')).toBeTruthy();
  });

  it("shows the server's message when the setup token cannot be made, and saves nothing", async () => {
    const { user, requests } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': methodRequired,
      'GET /api/settings/payment': paypalOn,
      'POST /api/payments/paypal/setup-tokens': () =>
        json({ message: 'PayPal could not process the request. Please try again.' }, 502),
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));
    expect(
      await within(dialog).findByText('PayPal could not process the request. Please try again.'),
    ).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/payments/paypal/payment-tokens')).toBe(false);
    expect(autoRenewPuts(requests)).toHaveLength(1);
  });

  it('shows why an approval could not be saved, and lets the learner try again', async () => {
    let saves = 0;
    let puts = 0;
    const { user } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': () => (++puts === 1 ? methodRequired() : switchedOn()),
      'GET /api/settings/payment': paypalOn,
      'POST /api/payments/paypal/setup-tokens': () => json({ id: `SETUP-${saves + 1}` }, 201),
      'POST /api/payments/paypal/payment-tokens': () =>
        ++saves === 1
          ? json(
              {
                message:
                  'PayPal has not confirmed your approval yet. Please approve in the PayPal window, then try again.',
              },
              422,
            )
          : json(
              { method: { provider: 'paypal', payerEmail: null, createdAt: '2025-03-06T10:00:00Z' } },
              201,
            ),
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));
    expect(await within(dialog).findByText(/PayPal has not confirmed your approval yet/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText('Auto-renewal updated successfully')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
  });

  it("shows the server's refusal instead of the dialog again if the retry is still refused", async () => {
    const { user, requests } = render({
      'PUT /api/subscriptions/exam-paid/auto-renew': methodRequired,
      'GET /api/settings/payment': paypalOn,
      'POST /api/payments/paypal/setup-tokens': () => json({ id: 'SETUP-1' }, 201),
      'POST /api/payments/paypal/payment-tokens': () =>
        json({ method: { provider: 'paypal', payerEmail: null, createdAt: '2025-03-06T10:00:00Z' } }, 201),
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save PayPal for renewals' });
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));
    expect(await screen.findByText(/save a PayPal account for renewals first/)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(autoRenewPuts(requests)).toHaveLength(2);
    expect(screen.getByText('Disabled')).toBeTruthy();
  });

  it('switches on at once for a test subscription (the server renews it with test payments)', async () => {
    const { user, requests } = render({
      'GET /api/subscriptions/status/exam-paid': () =>
        json({
          isActive: true,
          subscription: subscription({ paymentData: { paymentId: 'manual-1', status: 'COMPLETED' } }),
        }),
      'PUT /api/subscriptions/exam-paid/auto-renew': switchedOn,
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    expect(await screen.findByText('Auto-renewal updated successfully')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByText('Renews on April 5, 2025 for £4.99')).toBeTruthy();
    expect(
      requests.some((r) => r.path.startsWith('/api/payments') || r.path === '/api/settings/payment'),
    ).toBe(false);
  });
});

describe('the PayPal checkout of the subscribe dialog', () => {
  function checkout(onPaid = vi.fn()) {
    let subscribed = false;
    return render(
      {
        'GET /api/subscriptions/status/exam-paid': () =>
          json({ isActive: subscribed, subscription: subscribed ? renewing() : null }),
        'GET /api/settings/payment': paypalOn,
        'POST /api/payments/paypal/orders': () => json({ id: 'ORDER-9', status: 'CREATED' }, 201),
        'POST /api/payments/paypal/orders/ORDER-9/capture': () => {
          subscribed = true;
          return json({ id: 'ORDER-9', status: 'COMPLETED', subscription: renewing() });
        },
        'POST /api/subscriptions': () =>
          json({ message: 'Successfully subscribed to the exam!', subscription: renewing() }, 201),
      },
      onPaid,
    );
  }

  it('asks PayPal to save the payer for renewals when the box stays ticked', async () => {
    const { user, requests, onPaid } = checkout();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Exam' });
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(requests.find((r) => r.path === '/api/payments/paypal/orders')?.body).toEqual({
      examId: 'exam-paid',
      autoRenew: true,
    });
    expect(requests.find((r) => r.method === 'POST' && r.path === '/api/subscriptions')?.body).toMatchObject({
      examId: 'exam-paid',
      autoRenew: true,
      paymentData: { paymentId: 'ORDER-9', status: 'COMPLETED' },
    });
    window.sessionStorage.clear();
  });

  it('pays for one month only when the box is unticked', async () => {
    const { user, requests, onPaid } = checkout();
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
    const dialog = await screen.findByRole('dialog', { name: 'Subscribe to Exam' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Renew automatically every month' }));
    await user.click(await within(dialog).findByRole('button', { name: 'PayPal' }));

    await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
    expect(requests.find((r) => r.path === '/api/payments/paypal/orders')?.body).toEqual({
      examId: 'exam-paid',
      autoRenew: false,
    });
    window.sessionStorage.clear();
  });
});
