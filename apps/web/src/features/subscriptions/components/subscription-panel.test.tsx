import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamPublic, Subscription } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { SubscriptionPanel } from './subscription-panel.tsx';
import { buildExamPublic } from '../../../test/factories.ts';

const freeExam: ExamPublic = buildExamPublic({
  _id: 'exam-free',
  title: 'Free Exam',
  description: 'A free exam',
  price: 0,
});
const paidExam: ExamPublic = { ...freeExam, _id: 'exam-paid', title: 'Paid Exam', price: 4.99 };

function subscription(overrides: Partial<Subscription> = {}): Subscription {
  return {
    _id: 'sub-1',
    examId: 'exam-free',
    exam: { _id: 'exam-free', title: 'Free Exam', description: 'A free exam', available: true },
    autoRenew: false,
    isFree: true,
    startDate: '2025-03-05T12:00:00.000Z',
    endDate: new Date(2025, 3, 5, 12).toISOString(),
    isActive: true,
    cancelledAt: null,
    paymentData: null,
    renewal: null,
    ...overrides,
  };
}

const me = () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' });
const signIn = () => window.localStorage.setItem('token', 'learner-token');

function render(
  exam: ExamPublic,
  handlers: Record<string, (r: RecordedRequest) => Response>,
  onPaid = vi.fn(),
) {
  const requests = stubFetch({ 'GET /api/users/me': me, ...handlers });
  renderPage(<SubscriptionPanel exam={exam} onPaidSubscription={onPaid} />, {
    url: `/exams/${exam._id}`,
    path: '/exams/:id',
  });
  return { requests, onPaid, user: userEvent.setup() };
}

describe('SubscriptionPanel', () => {
  it('sends a visitor to /login, remembering the exam', async () => {
    const { user, requests } = render(freeExam, {});
    await user.click(screen.getByRole('button', { name: 'Subscribe to Exam' }));
    expect((await screen.findByTestId('location')).textContent).toBe('/login');
    expect(requests.some((r) => r.path.startsWith('/api/subscriptions'))).toBe(false);
  });

  it('subscribes to a free exam with isFree true and autoRenew true (decision 0017)', async () => {
    signIn();
    let active = false;
    const { user, requests } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () =>
        json({ isActive: active, subscription: active ? subscription() : null }),
      'POST /api/subscriptions': () => {
        active = true;
        return json({ message: 'Successfully subscribed to the exam!', subscription: subscription() }, 201);
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
    expect(await screen.findByText('Successfully subscribed to the exam!')).toBeTruthy();
    expect(screen.getByText('Active until April 5, 2025')).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      examId: 'exam-free',
      isFree: true,
      autoRenew: true,
    });
    expect(screen.getByRole('link', { name: 'Start Exam' }).getAttribute('href')).toBe(
      '/exams/exam-free/take',
    );
  });

  it("shows the server's message, or 'Failed to subscribe to the exam. Please try again.'", async () => {
    signIn();
    const { user } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () => json({ isActive: false, subscription: null }),
      'POST /api/subscriptions': () => new Response(null, { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
    expect(await screen.findByText('Failed to subscribe to the exam. Please try again.')).toBeTruthy();
  });

  it('toggles auto-renew and shows Enabled', async () => {
    signIn();
    const { user, requests } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () => json({ isActive: true, subscription: subscription() }),
      'PUT /api/subscriptions/exam-free/auto-renew': () =>
        json({
          message: 'Auto-renewal updated successfully',
          subscription: subscription({ autoRenew: true }),
        }),
    });
    const toggle = await screen.findByRole('switch', { name: 'Auto-renew' });
    expect(screen.getByText('Disabled')).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('Auto-renewal updated successfully')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ autoRenew: true });
  });

  it("shows 'Failed to update auto-renewal. Please try again.' and keeps the old value", async () => {
    signIn();
    const { user } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () => json({ isActive: true, subscription: subscription() }),
      'PUT /api/subscriptions/exam-free/auto-renew': () => new Response(null, { status: 500 }),
    });
    await user.click(await screen.findByRole('switch', { name: 'Auto-renew' }));
    expect(await screen.findByText('Failed to update auto-renewal. Please try again.')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
  });

  it('cancels after confirming; access stays until the end date', async () => {
    signIn();
    const { user, requests } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () =>
        json({ isActive: true, subscription: subscription({ autoRenew: true }) }),
      'PUT /api/subscriptions/cancel/sub-1': () =>
        json({
          message: 'Cancelled',
          subscription: subscription({ autoRenew: false, cancelledAt: '2025-03-10T09:00:00.000Z' }),
        }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    expect(
      within(dialog).getByText(
        'Are you sure you want to cancel your subscription? You will still have access until April 5, 2025.',
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'No, Keep Subscription' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));

    expect(await screen.findByText('Cancelled — access until April 5, 2025')).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
    expect(screen.getByText('Active until April 5, 2025')).toBeTruthy();
    expect(requests.filter((r) => r.path === '/api/subscriptions/cancel/sub-1')).toHaveLength(1);
  });

  it('shows a cancelled subscription as cancelled when the page opens again (decision 0017)', async () => {
    signIn();
    render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () =>
        json({
          isActive: true,
          subscription: subscription({ autoRenew: false, cancelledAt: '2025-03-10T09:00:00.000Z' }),
        }),
    });
    expect(await screen.findByText('Cancelled — access until April 5, 2025')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Start Exam' })).toBeTruthy();
    expect(screen.getByText('Disabled')).toBeTruthy();
  });

  it("shows 'Error cancelling subscription' when cancelling fails", async () => {
    signIn();
    const { user } = render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () => json({ isActive: true, subscription: subscription() }),
      'PUT /api/subscriptions/cancel/sub-1': () => new Response(null, { status: 500 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, Cancel Subscription' }));
    expect(await within(dialog).findByText('Error cancelling subscription')).toBeTruthy();
  });

  it('offers renewal after a subscription has expired', async () => {
    signIn();
    render(freeExam, {
      'GET /api/subscriptions/status/exam-free': () =>
        json({ isActive: false, subscription: subscription({ isActive: false }) }),
    });
    expect(await screen.findByText(/Your subscription ended on April 5, 2025/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Subscribe to Exam' })).toBeTruthy();
  });

  describe('the next renewal (decision 0034)', () => {
    const paidSubscription = (overrides: Partial<Subscription>) =>
      subscription({
        examId: 'exam-paid',
        isFree: false,
        autoRenew: true,
        endDate: new Date(2025, 3, 5, 12).toISOString(),
        ...overrides,
      });

    /** The next renewal: scheduled for £4.99 on April 5, 2025; override what the test is about. */
    const renewal = (overrides: Partial<NonNullable<Subscription['renewal']>> = {}) => ({
      date: new Date(2025, 3, 5, 12).toISOString(),
      amountPence: 499,
      state: 'scheduled' as const,
      lastError: null,
      ...overrides,
    });

    async function showStatus(exam: ExamPublic, current: Subscription) {
      signIn();
      render(exam, {
        [`GET /api/subscriptions/status/${exam._id}`]: () => json({ isActive: true, subscription: current }),
      });
      expect(await screen.findByText('Active until April 5, 2025')).toBeTruthy();
    }

    it("says when and for how much a paid subscription renews: 'Renews on {date} for £X'", async () => {
      await showStatus(
        paidExam,
        paidSubscription({
          renewal: renewal(),
        }),
      );
      expect(screen.getByText('Renews on April 5, 2025 for £4.99')).toBeTruthy();
      expect(screen.getByText('Enabled')).toBeTruthy();
    });

    it("says 'Renews free on {date}' for a free exam", async () => {
      await showStatus(
        freeExam,
        subscription({
          autoRenew: true,
          renewal: renewal({ amountPence: 0 }),
        }),
      );
      expect(screen.getByText('Renews free on April 5, 2025')).toBeTruthy();
    });

    it('explains a renewal payment that failed and when it is tried again', async () => {
      await showStatus(
        paidExam,
        paidSubscription({
          renewal: renewal({
            date: new Date(2025, 3, 6, 12).toISOString(),
            state: 'retrying',
            lastError: 'INSTRUMENT_DECLINED',
          }),
        }),
      );
      expect(
        screen.getByText(
          'Your last renewal payment did not go through (INSTRUMENT_DECLINED). We will try again on April 6, 2025; your access continues meanwhile.',
        ),
      ).toBeTruthy();
    });

    it('says a renewal payment is in progress, or being checked', async () => {
      await showStatus(
        paidExam,
        paidSubscription({
          renewal: renewal({ date: new Date(2025, 3, 5).toISOString(), state: 'processing' }),
        }),
      );
      expect(screen.getByText('Renewal payment in progress.')).toBeTruthy();
      cleanup();

      await showStatus(
        paidExam,
        paidSubscription({
          renewal: renewal({ date: new Date(2025, 3, 5).toISOString(), state: 'review', lastError: 'x' }),
        }),
      );
      expect(
        screen.getByText('Your renewal payment is being checked. Nothing more will be charged.'),
      ).toBeTruthy();
    });

    it("says 'Auto-renew is off: access until {date}.' when it is off but not cancelled", async () => {
      await showStatus(paidExam, paidSubscription({ autoRenew: false, renewal: null }));
      expect(screen.getByText('Auto-renew is off: access until April 5, 2025.')).toBeTruthy();
      expect(screen.getByText('Disabled')).toBeTruthy();
      expect(screen.queryByText(/^Renews/)).toBeNull();
    });
  });

  describe('paid exam', () => {
    const status = () => json({ isActive: false, subscription: null });
    /** Not subscribed; PayPal off, in sandbox mode (the test payment is offered) unless `mode` says otherwise. */
    const notSubscribed = (mode: 'sandbox' | 'production' = 'sandbox') => ({
      'GET /api/subscriptions/status/exam-paid': status,
      'GET /api/settings/payment': () =>
        json({ clientId: '', mode, sandbox: mode === 'sandbox', enabled: false }),
    });
    const subscribed = () =>
      json({ message: 'Successfully subscribed to the exam!', subscription: subscription() }, 201);

    /** A signed-in learner, not subscribed, opens the paid exam's Subscribe dialog (the test payment offered). */
    async function openPaidDialog() {
      signIn();
      const rendered = render(paidExam, {
        ...notSubscribed(),
        'POST /api/subscriptions': subscribed,
      });
      await rendered.user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
      return { ...rendered, dialog: await screen.findByRole('dialog', { name: 'Subscribe to Exam' }) };
    }

    it('pays with the sandbox test payment, then reloads the page', async () => {
      const { user, requests, onPaid, dialog } = await openPaidDialog();
      expect(within(dialog).getByText('£4.99')).toBeTruthy();
      expect(within(dialog).getByText('PayPal payments are not available at the moment.')).toBeTruthy();
      expect(within(dialog).getByText('OR')).toBeTruthy();
      // Decision 0034: renewing every month is offered, and on unless the learner unticks it.
      const renew = within(dialog).getByRole('checkbox', { name: 'Renew automatically every month' });
      expect((renew as HTMLInputElement).checked).toBe(true);
      expect(renew.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(renew.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
        '£4.99 each month until you turn it off. We e-mail you 3 days before each renewal.',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Complete Test Payment' }));

      await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
      const body = requests.find((r) => r.method === 'POST')?.body as Record<string, unknown>;
      expect(body).toMatchObject({ examId: 'exam-paid', autoRenew: true, isFree: false });
      expect(body.paymentData).toMatchObject({ status: 'COMPLETED' });
      expect((body.paymentData as { paymentId: string }).paymentId).toMatch(/^manual-/);
      // The success message survives the reload.
      expect(window.sessionStorage.getItem('mlp:subscription-notice')).toContain('Successfully subscribed');
      window.sessionStorage.clear();
    });

    it('sends autoRenew false with the test payment when the box is unticked', async () => {
      const { user, requests, onPaid, dialog } = await openPaidDialog();
      await user.click(within(dialog).getByRole('checkbox', { name: 'Renew automatically every month' }));
      await user.click(within(dialog).getByRole('button', { name: 'Complete Test Payment' }));

      await waitFor(() => expect(onPaid).toHaveBeenCalledTimes(1));
      expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
        examId: 'exam-paid',
        autoRenew: false,
        isFree: false,
      });
      window.sessionStorage.clear();
    });

    it('has no test payment outside sandbox mode', async () => {
      signIn();
      const { user } = render(paidExam, {
        ...notSubscribed('production'),
      });
      await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
      const dialog = await screen.findByRole('dialog');
      expect(
        await within(dialog).findByText('PayPal payments are not available at the moment.'),
      ).toBeTruthy();
      expect(within(dialog).queryByRole('button', { name: 'Complete Test Payment' })).toBeNull();
    });

    it("shows the server's payment error", async () => {
      signIn();
      const { user, onPaid } = render(paidExam, {
        ...notSubscribed(),
        'POST /api/subscriptions': () =>
          json({ message: 'Payment processing error: No payment data received' }, 400),
      });
      await user.click(await screen.findByRole('button', { name: 'Subscribe to Exam' }));
      await user.click(await screen.findByRole('button', { name: 'Complete Test Payment' }));
      expect(await screen.findByText('Payment processing error: No payment data received')).toBeTruthy();
      expect(onPaid).not.toHaveBeenCalled();
    });
  });
});
