import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useCheckout } from '../../../test/checkout.ts';
import { createExam, createLearner, queryRows } from '../../../test/factories.ts';

const checkout = useCheckout();
const { t, paypal, configurePaypal, subscribe, countFor, approve, requestOrder } = checkout;
const { createOrder, capture, capturedAtPaypal, approvedOrder } = checkout;

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
    const created = await requestOrder(learner, exam.id);
    expect(created.statusCode).toBe(201);
    const orderId = created.body.id;
    const order = paypal.orders.get(orderId)!;
    expect(order.purchase_units[0]?.amount).toEqual({ currency_code: 'GBP', value: '9.99' });
    const createRequest = paypal.requests.find(
      (r) => r.method === 'POST' && r.path === '/v2/checkout/orders',
    );
    expect(createRequest?.headers['paypal-request-id']).toBeTruthy();

    approve(orderId);
    const [first, retried] = await Promise.all([capture(learner, orderId), capture(learner, orderId)]);
    expect(first.statusCode).toBe(200);
    expect(retried.statusCode).toBe(200);
    expect(first.body).toMatchObject({
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
    const orderId = (await requestOrder(learner, exam.id)).body.id;
    approve(orderId);
    paypal.captureBehaviour = 'decline';
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.message).toMatch(/declined/);
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
    const { learner, orderId } = await approvedOrder();
    paypal.orders.get(orderId)!.purchase_units[0]!.amount = amount;
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(422);
    expect(response.message).toMatch(message);
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
    expect(response.body).toMatchObject({ status: 'COMPLETED', subscription: { isActive: true } });
    const [payment] = await queryRows<{ amount_pence: number }>(
      t.ctx.db,
      sql`select amount_pence from payments where order_id = ${orderId}`,
    );
    expect(payment?.amount_pence).toBe(499);
    expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'captured' });
  });

  it('captures nothing for an exam withdrawn before the capture', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(404);
    expect(paypal.orders.get(orderId)?.status).toBe('APPROVED');
    expect(await countFor('payments', learner.id)).toBe(0);
  });

  it('refunds money captured for an exam withdrawn before access was granted, and records it', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    const captureId = capturedAtPaypal(orderId);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(409);
    expect(response.message).toMatch(/refunded in full/);
    expect(paypal.refunds.has(captureId)).toBe(true);
    expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'refunded', payment_id: null });
    expect(await countFor('subscriptions', learner.id)).toBe(0);
    // The refunded order can never be used afterwards, even once the exam is back.
    await t.ctx.db.execute(sql`update exams set is_active = true where id = ${exam.id}`);
    const again = await subscribe(learner, { examId: exam.id, paymentData: { paymentId: orderId } });
    expect(again.statusCode).toBe(409);
    expect(again.body).toEqual({ message: 'This payment has been refunded, so it cannot be used again.' });
  });

  it('records a refund that did not go through and says so', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    capturedAtPaypal(orderId);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    paypal.refundsFail = true;
    try {
      const response = await capture(learner, orderId);
      expect(response.statusCode).toBe(502);
      expect(response.message).toMatch(/contact us/);
      expect(await paypalOrderRow(orderId)).toMatchObject({ status: 'refund_failed' });
    } finally {
      paypal.refundsFail = false;
    }
  });

  it('answers a capture that lost a race to another capture as the first one did', async () => {
    const { learner, orderId } = await approvedOrder();
    paypal.captureBehaviour = 'lose-race';
    const response = await capture(learner, orderId);
    expect(response.statusCode).toBe(200);
    expect(response.body).toMatchObject({ status: 'COMPLETED', subscription: { isActive: true } });
    expect(await countFor('payments', learner.id)).toBe(1);
  });

  it("refuses an order that is not completed, and hides another learner's order from capture", async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = (await requestOrder(learner, exam.id)).body.id;
    const early = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    });
    expect(early.statusCode).toBe(422);
    approve(orderId);
    const foreign = await capture(stranger, orderId);
    expect(foreign.statusCode).toBe(404);
    expect(paypal.orders.get(orderId)?.status).toBe('APPROVED');
  });

  it('answers 503 and grants nothing while PayPal is down or not configured', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    paypal.down = true;
    const down = await requestOrder(learner, exam.id);
    expect([502, 503]).toContain(down.statusCode);
    const verify = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: orderId, status: 'COMPLETED' },
    });
    expect([502, 503]).toContain(verify.statusCode);
    paypal.down = false;
    await configurePaypal('sandbox', false);
    const disabled = await requestOrder(learner, exam.id);
    expect(disabled.statusCode).toBe(503);
    expect(await countFor('subscriptions', learner.id)).toBe(0);
  });
});

describe('payment settings', () => {
  it('publishes payment settings without the secret', async () => {
    const response = await t.call(api.settings.payment);
    expect(response.body).toEqual({
      clientId: paypal.clientId,
      mode: 'sandbox',
      sandbox: true,
      enabled: true,
    });
    expect(JSON.stringify(response.body)).not.toContain(paypal.clientSecret);
  });
});
