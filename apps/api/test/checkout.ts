import { sql } from 'drizzle-orm';
import { beforeEach, expect } from 'vitest';
import { api, type RouteBody } from '@mlp/contract';
import { encryptSecret } from '../src/lib/secrets.ts';
import type { Learner } from './factories.ts';
import { createExam, createLearner, queryRows } from './factories.ts';
import { useFakePaypal, useTestApp } from './fixtures.ts';

/**
 * What the payments and subscriptions tests share: the app (in development, so sandbox payments are
 * allowed) on a fake PayPal, PayPal configured and well-behaved at the start of every test, and a
 * learner's steps through checkout. Call it once at the top of a test file.
 */
export function useCheckout() {
  const paypal = useFakePaypal();
  const t = useTestApp(() => ({ NODE_ENV: 'development', PAYPAL_API_BASE: paypal.url }));

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

  /** `POST /api/subscriptions`, whatever it answers. */
  function subscribe(learner: Learner, body: RouteBody<typeof api.subscriptions.subscribe>) {
    return t.call(api.subscriptions.subscribe, { body, as: learner });
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

  /** `POST /api/payments/paypal/orders`, whatever it answers. */
  function requestOrder(learner: Learner, examId: string) {
    return t.call(api.payments.createOrder, { body: { examId }, as: learner });
  }

  /** A PayPal order for the exam, created as checkout starts it; returns its id. */
  async function createOrder(learner: Learner, examId: string): Promise<string> {
    const created = await requestOrder(learner, examId);
    expect(created.statusCode).toBe(201);
    return created.body.id;
  }

  function capture(learner: Learner, orderId: string) {
    return t.call(api.payments.capture, { params: { orderId }, as: learner });
  }

  /** A new learner's order for a new exam at £4.99, approved on PayPal and not captured yet. */
  async function approvedOrder() {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const orderId = await createOrder(learner, exam.id);
    approve(orderId);
    return { learner, exam, orderId };
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

  return {
    t,
    paypal,
    configurePaypal,
    subscribe,
    countFor,
    approve,
    requestOrder,
    createOrder,
    capture,
    capturedAtPaypal,
    approvedOrder,
  };
}
