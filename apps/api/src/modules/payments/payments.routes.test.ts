import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createExam, createLearner, type Learner, queryRows } from '../../../test/factories.ts';
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.ts';
import { encryptSecret } from '../../lib/secrets.ts';

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

async function createOrder(learner: Learner, examId: string): Promise<string> {
  const created = await t.request({
    method: 'POST',
    url: '/api/payments/paypal/orders',
    headers: learner.headers,
    payload: { examId },
  });
  expect(created.statusCode).toBe(201);
  return created.json<{ id: string }>().id;
}

function capture(learner: Learner, orderId: string) {
  return t.request({
    method: 'POST',
    url: `/api/payments/paypal/orders/${orderId}/capture`,
    headers: learner.headers,
  });
}

/** PayPal's state after a capture this server never heard the answer of (a crash, a lost response). */
function capturedAtPaypal(orderId: string): string {
  const order = paypal.orders.get(orderId)!;
  const captureId = `CAP${orderId}`;
  order.status = 'COMPLETED';
  for (const unit of order.purchase_units) {
    unit.payments = { captures: [{ id: captureId, status: 'COMPLETED', amount: unit.amount }] };
  }
  return captureId;
}

async function paypalOrderRow(orderId: string) {
  const [row] = await queryRows<{ status: string; refund_id: string | null; payment_id: string | null }>(
    t.ctx.db,
    sql`select status, refund_id, payment_id from paypal_orders where order_id = ${orderId}`,
  );
  return row;
}

describe('PayPal orders: create, capture and refund', () => {
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
    ['an amount that does not match the recorded price', { currency_code: 'GBP', value: '1.00' }, /price/],
    ['another currency', { currency_code: 'USD', value: '4.99' }, /GBP/],
  ])('refuses an order changed to %s before capturing anything', async (_label, amount, message) => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    paypal.orders.get(orderId)!.purchase_units[0]!.amount = amount;
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect(paypal.orders.get(orderId)?.status).toBe('APPROVED');
    expect(await countFor('subscriptions', learner.id)).toBe(0);
    expect(await countFor('payments', learner.id)).toBe(0);
  });

  it('honours the price an order was created at when the price changes before the capture', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    await t.ctx.db.execute(sql`update exams set price_pence = 799 where id = ${exam.id}`);
    approve(orderId);
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMPLETED', subscription: { isActive: true } });
    const [payment] = await queryRows<{ amount_pence: number }>(
      t.ctx.db,
      sql`select amount_pence from payments where order_id = ${orderId}`,
    );
    expect(payment?.amount_pence).toBe(499);
    expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'captured' });
  });

  it('captures nothing for an exam withdrawn before the capture', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(404);
    expect(paypal.orders.get(orderId)?.status).toBe('APPROVED');
    expect(await countFor('payments', learner.id)).toBe(0);
  });

  it('refunds money captured for an exam withdrawn before access was granted, and records it', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    const captureId = capturedAtPaypal(orderId);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toMatch(/refunded in full/);
    expect(paypal.refunds.has(captureId)).toBe(true);
    expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'refunded', payment_id: null });
    expect(await countFor('subscriptions', learner.id)).toBe(0);
    // The refunded order can never be used afterwards, even once the exam is back.
    await t.ctx.db.execute(sql`update exams set is_active = true where id = ${exam.id}`);
    const again = await subscribe(learner, { examId: exam.id, paymentData: { paymentId: orderId } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This payment has been refunded, so it cannot be used again.' });
  });

  it('records a refund that did not go through and says so', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    capturedAtPaypal(orderId);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    paypal.refundsFail = true;
    try {
      const response = await capture(learner, orderId);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toMatch(/contact us/);
      expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'refund_failed' });
    } finally {
      paypal.refundsFail = false;
    }
  });

  it('answers a capture that lost a race to another capture as the first one did', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    paypal.captureBehaviour = 'lose-race';
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'COMPLETED', subscription: { isActive: true } });
    expect(await countFor('payments', learner.id)).toBe(1);
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

  it('answers 503 and grants nothing while PayPal is down or not configured', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
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
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
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
});

describe('payment settings', () => {
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
