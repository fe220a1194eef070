import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createExam, queryRows } from '../../../test/factories.ts';
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.ts';
import { createLearner, type Learner } from '../../../test/learners.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import { renewDueFreeSubscriptions } from './subscriptions.repository.ts';

let t: TestApp;
let paypal: FakePaypal;

beforeAll(async () => {
  paypal = await startFakePaypal();
  t = await createTestApp({ NODE_ENV: 'development', PAYPAL_API_BASE: paypal.url });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

async function configurePaypal(mode: 'sandbox' | 'production' = 'sandbox', enabled = true) {
  await t.ctx.settings.update({
    paypalEnabled: enabled,
    paypalMode: mode,
    paypalClientId: paypal.clientId,
    paypalClientSecretEnc: encryptSecret(paypal.clientSecret, t.config.appSecret),
  });
}

beforeEach(async () => {
  paypal.down = false;
  paypal.captureBehaviour = 'complete';
  await configurePaypal();
});

function subscribe(learner: Learner, payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/subscriptions', headers: learner.headers, payload });
}

async function countFor(table: 'payments' | 'subscriptions', userId: string): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${userId}`,
  );
  return rows[0]?.n ?? 0;
}

/** The learner's browser approving the order on PayPal (the fake's APPROVED state). */
function approve(orderId: string) {
  const order = paypal.orders.get(orderId);
  if (!order) throw new Error('no such order');
  order.status = 'APPROVED';
}

describe('free subscriptions', () => {
  it('subscribes free for a month with auto-renew off, and refuses a second active subscription', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    const response = await subscribe(learner, { examId: exam.id, isFree: true, autoRenew: false });
    expect(response.statusCode).toBe(201);
    const { message, subscription } = response.json<{
      message: string;
      subscription: {
        isFree: boolean;
        autoRenew: boolean;
        endDate: string;
        isActive: boolean;
        exam: { title: string };
      };
    }>();
    expect(message).toBe('Successfully subscribed to the exam!');
    expect(subscription).toMatchObject({
      isFree: true,
      autoRenew: false,
      isActive: true,
      exam: { title: exam.title },
    });
    const days = (new Date(subscription.endDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await subscribe(learner, { examId: exam.id })).statusCode).toBe(409);
    const status = await t.request({
      method: 'GET',
      url: `/api/subscriptions/status/${exam.id}`,
      headers: learner.headers,
    });
    expect(status.json()).toMatchObject({ isActive: true, subscription: { examId: exam.id } });
  });

  it('renews an expired subscription from now, and renews ended free ones with auto-renew on', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    await subscribe(learner, { examId: exam.id });
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    const expired = await t.request({
      method: 'GET',
      url: `/api/subscriptions/status/${exam.id}`,
      headers: learner.headers,
    });
    expect(expired.json()).toMatchObject({ isActive: false });
    expect((await subscribe(learner, { examId: exam.id })).statusCode).toBe(201);

    await t.ctx.db
      .update(subscriptions)
      .set({ autoRenew: true, endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    expect(await renewDueFreeSubscriptions(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const renewed = await t.request({
      method: 'GET',
      url: `/api/subscriptions/status/${exam.id}`,
      headers: learner.headers,
    });
    expect(renewed.json()).toMatchObject({ isActive: true });
  });

  it('needs a learner session and a published exam', async () => {
    const exam = await createExam(t.ctx.db);
    expect(
      (await t.request({ method: 'POST', url: '/api/subscriptions', payload: { examId: exam.id } }))
        .statusCode,
    ).toBe(401);
    const learner = await createLearner(t);
    const draft = await createExam(t.ctx.db, { isActive: false });
    expect((await subscribe(learner, { examId: draft.id })).statusCode).toBe(404);
    expect((await subscribe(learner, { examId: 'nope' })).statusCode).toBe(400);
    expect((await subscribe(learner, {})).statusCode).toBe(400);
  });
});

describe('paid subscriptions', () => {
  it('refuses a paid exam without payment data', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const response = await subscribe(learner, { examId: exam.id, isFree: true });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'Payment processing error: No payment data received' });
    expect(await countFor('subscriptions', learner.id)).toBe(0);
  });

  it('accepts the sandbox test payment only in sandbox mode, and only once', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const paymentId = `manual-${Date.now()}`;
    const ok = await subscribe(learner, { examId: exam.id, paymentData: { paymentId, status: 'COMPLETED' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      subscription: { isFree: false, paymentData: { paymentId, status: 'COMPLETED' } },
    });

    const other = await createExam(t.ctx.db, { pricePence: 499 });
    const replay = await subscribe(learner, {
      examId: other.id,
      paymentData: { paymentId, status: 'COMPLETED' },
    });
    expect(replay.statusCode).toBe(409);

    await configurePaypal('production');
    const refused = await subscribe(learner, {
      examId: other.id,
      paymentData: { paymentId: `manual-${Date.now()}-x`, status: 'COMPLETED' },
    });
    expect(refused.statusCode).toBe(403);
    expect(await countFor('payments', learner.id)).toBe(1);
  });

  it('creates a PayPal order in GBP at the stored price, captures it, and subscribes exactly once', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 999 });
    const created = await t.request({
      method: 'POST',
      url: '/api/payments/paypal/orders',
      headers: learner.headers,
      payload: { examId: exam.id },
    });
    expect(created.statusCode).toBe(201);
    const orderId = created.json<{ id: string }>().id;
    const order = paypal.orders.get(orderId)!;
    expect(order.purchase_units[0]?.amount).toEqual({ currency_code: 'GBP', value: '9.99' });
    const createRequest = paypal.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
    );
    expect(createRequest?.headers['paypal-request-id']).toBeTruthy();

    approve(orderId);
    const [first, retried] = await Promise.all([
      t.request({
        method: 'POST',
        url: `/api/payments/paypal/orders/${orderId}/capture`,
        headers: learner.headers,
      }),
      t.request({
        method: 'POST',
        url: `/api/payments/paypal/orders/${orderId}/capture`,
        headers: learner.headers,
      }),
    ]);
    expect(first.statusCode).toBe(200);
    expect(retried.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'COMPLETED',
      subscription: { isActive: true, isFree: false },
    });

    // The browser's follow-up subscribe call with the same payment is an idempotent no-op.
    const follow = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    });
    expect(follow.statusCode).toBe(201);
    expect(await countFor('payments', learner.id)).toBe(1);
    expect(await countFor('subscriptions', learner.id)).toBe(1);
  });

  it('grants nothing when PayPal declines the payment', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = (
      await t.request({
        method: 'POST',
        url: '/api/payments/paypal/orders',
        headers: learner.headers,
        payload: { examId: exam.id },
      })
    ).json<{ id: string }>().id;
    approve(orderId);
    paypal.captureBehaviour = 'decline';
    const response = await t.request({
      method: 'POST',
      url: `/api/payments/paypal/orders/${orderId}/capture`,
      headers: learner.headers,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(/declined/);
    const subscribeAnyway = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    });
    expect(subscribeAnyway.statusCode).toBe(422);
    expect(await countFor('subscriptions', learner.id)).toBe(0);
  });

  it.each([
    ['an amount that does not match the price', { currency_code: 'GBP', value: '1.00' }, 'own', /price/],
    ['another currency', { currency_code: 'USD', value: '4.99' }, 'own', /GBP/],
    [
      "another learner's order",
      { currency_code: 'GBP', value: '4.99' },
      'other',
      /not made for this exam by this account/,
    ],
  ])('refuses %s', async (_label, amount, owner, message) => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const payer = owner === 'own' ? learner : stranger;
    const order = paypal.seedOrder({
      status: 'COMPLETED',
      purchase_units: [{ reference_id: exam.id, custom_id: `${payer.id}:${exam.id}`, amount }],
    });
    const response = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: order.id, status: 'COMPLETED' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(await countFor('subscriptions', learner.id)).toBe(0);
    expect(await countFor('payments', learner.id)).toBe(0);
  });

  it("refuses an order that is not completed, and hides another learner's order from capture", async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = (
      await t.request({
        method: 'POST',
        url: '/api/payments/paypal/orders',
        headers: learner.headers,
        payload: { examId: exam.id },
      })
    ).json<{ id: string }>().id;
    const early = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    });
    expect(early.statusCode).toBe(422);
    approve(orderId);
    const foreign = await t.request({
      method: 'POST',
      url: `/api/payments/paypal/orders/${orderId}/capture`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    expect(paypal.orders.get(orderId)?.status).toBe('APPROVED');
  });

  it('refuses a replayed order id after the subscription it paid for has ended', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const order = paypal.seedOrder({
      status: 'COMPLETED',
      purchase_units: [
        {
          reference_id: exam.id,
          custom_id: `${learner.id}:${exam.id}`,
          amount: { currency_code: 'GBP', value: '4.99' },
        },
      ],
    });
    expect(
      (await subscribe(learner, { examId: exam.id, paymentData: { paymentId: order.id } })).statusCode,
    ).toBe(201);
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000), lastPaymentId: null })
      .where(eq(subscriptions.userId, learner.id));
    const replay = await subscribe(learner, { examId: exam.id, paymentData: { paymentId: order.id } });
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toEqual({ message: 'This payment has already been used.' });
    expect(await countFor('payments', learner.id)).toBe(1);
  });

  it('answers 503 and grants nothing while PayPal is down or not configured', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    paypal.down = true;
    const down = await t.request({
      method: 'POST',
      url: '/api/payments/paypal/orders',
      headers: learner.headers,
      payload: { examId: exam.id },
    });
    expect([502, 503]).toContain(down.statusCode);
    const verify = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: 'ABCDEF123', status: 'COMPLETED' },
    });
    expect([502, 503]).toContain(verify.statusCode);
    paypal.down = false;
    await configurePaypal('sandbox', false);
    const disabled = await t.request({
      method: 'POST',
      url: '/api/payments/paypal/orders',
      headers: learner.headers,
      payload: { examId: exam.id },
    });
    expect(disabled.statusCode).toBe(503);
    expect(await countFor('subscriptions', learner.id)).toBe(0);
  });

  it('publishes payment settings without the secret', async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings/payment' });
    expect(response.json()).toEqual({
      clientId: paypal.clientId,
      mode: 'sandbox',
      sandbox: true,
      enabled: true,
    });
    expect(response.body).not.toContain(paypal.clientSecret);
  });
});

describe('managing subscriptions', () => {
  it('toggles auto-renew and cancels only the caller’s own subscriptions, keeping access until the end', async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    const created = (await subscribe(learner, { examId: exam.id })).json<{ subscription: { _id: string } }>()
      .subscription;

    const on = await t.request({
      method: 'PUT',
      url: `/api/subscriptions/${exam.id}/auto-renew`,
      headers: learner.headers,
      payload: { autoRenew: true },
    });
    expect(on.json()).toMatchObject({
      message: 'Auto-renewal updated successfully',
      subscription: { autoRenew: true },
    });
    const foreignToggle = await t.request({
      method: 'PUT',
      url: `/api/subscriptions/${exam.id}/auto-renew`,
      headers: stranger.headers,
      payload: { autoRenew: false },
    });
    expect(foreignToggle.statusCode).toBe(404);
    const badBody = await t.request({
      method: 'PUT',
      url: `/api/subscriptions/${exam.id}/auto-renew`,
      headers: learner.headers,
      payload: { autoRenew: 'yes' },
    });
    expect(badBody.statusCode).toBe(400);

    const foreignCancel = await t.request({
      method: 'PUT',
      url: `/api/subscriptions/cancel/${created._id}`,
      headers: stranger.headers,
    });
    expect(foreignCancel.statusCode).toBe(404);
    const cancelled = await t.request({
      method: 'PUT',
      url: `/api/subscriptions/cancel/${created._id}`,
      headers: learner.headers,
    });
    expect(cancelled.json()).toMatchObject({ subscription: { autoRenew: false, isActive: true } });
  });

  it('pages the learner’s subscriptions with the exam joined in, active first', async () => {
    const learner = await createLearner(t);
    for (let i = 0; i < 3; i += 1) {
      const exam = await createExam(t.ctx.db, { title: `Paged ${i}` });
      await subscribe(learner, { examId: exam.id });
    }
    const page = await t.request({
      method: 'GET',
      url: '/api/subscriptions/user?page=1&limit=2',
      headers: learner.headers,
    });
    const body = page.json<{
      subscriptions: Array<{ exam: { title: string } }>;
      pages: number;
      total: number;
      activeCount: number;
    }>();
    expect(body).toMatchObject({ pages: 2, total: 3, activeCount: 3 });
    expect(body.subscriptions).toHaveLength(2);
    expect(body.subscriptions[0]?.exam.title).toMatch(/^Paged/);
    expect(
      (await t.request({ method: 'GET', url: '/api/subscriptions/user?limit=500', headers: learner.headers }))
        .statusCode,
    ).toBe(400);
  });
});
