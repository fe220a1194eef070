import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { createTestApp } from '../../../test/app.ts';
import { useCheckout } from '../../../test/checkout.ts';
import { createExam, createLearner, type Learner } from '../../../test/factories.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { renewDueFreeSubscriptions } from './subscriptions.repository.ts';

const checkout = useCheckout();
const { t, paypal, configurePaypal, subscribe, countFor } = checkout;
const { createOrder, capture, capturedAtPaypal, approvedOrder } = checkout;

describe('free subscriptions', () => {
  it('subscribes free for a month with auto-renew on, and answers a repeat with the same subscription', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    const response = await subscribe(learner, { examId: exam.id, isFree: true, autoRenew: false });
    expect(response.statusCode).toBe(201);
    const { message, subscription } = response.body;
    expect(message).toBe('Successfully subscribed to the exam!');
    expect(subscription).toMatchObject({
      isFree: true,
      autoRenew: true,
      isActive: true,
      exam: { title: exam.title, available: true },
    });
    const days = (new Date(subscription.endDate).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    // A double click or a retried request (decision 0017): the same answer, not an error.
    const [again, alsoAgain] = await Promise.all([
      subscribe(learner, { examId: exam.id }),
      subscribe(learner, { examId: exam.id }),
    ]);
    expect(again.statusCode).toBe(201);
    expect(alsoAgain.statusCode).toBe(201);
    expect(again.body).toEqual(response.body);
    expect(await countFor('subscriptions', learner.id)).toBe(1);
    const status = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(status.body).toMatchObject({ isActive: true, subscription: { examId: exam.id } });
  });

  it('renews an expired subscription from now, and renews ended free ones with auto-renew on', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    await subscribe(learner, { examId: exam.id });
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    const expired = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(expired.body).toMatchObject({ isActive: false });
    expect((await subscribe(learner, { examId: exam.id })).statusCode).toBe(201);

    await t.ctx.db
      .update(subscriptions)
      .set({ autoRenew: true, endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    expect(await renewDueFreeSubscriptions(t.ctx.db, new Date())).toBeGreaterThanOrEqual(1);
    const renewed = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(renewed.body).toMatchObject({ isActive: true });
  });

  it('needs a learner session and a published exam', async () => {
    const exam = await createExam(t.ctx.db);
    expect((await t.call(api.subscriptions.subscribe, { body: { examId: exam.id } })).statusCode).toBe(401);
    const learner = await createLearner(t);
    const draft = await createExam(t.ctx.db, { isActive: false });
    expect((await subscribe(learner, { examId: draft.id })).statusCode).toBe(404);
    expect((await subscribe(learner, { examId: 'nope' })).statusCode).toBe(400);
    // A body without an exam: the types refuse it, so it goes untyped.
    expect((await t.send(api.subscriptions.subscribe, { body: {}, as: learner })).statusCode).toBe(400);
  });
});

describe('paid subscriptions', () => {
  it('refuses a paid exam without payment data', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const response = await subscribe(learner, { examId: exam.id, isFree: true });
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ message: 'Payment processing error: No payment data received' });
    expect(await countFor('subscriptions', learner.id)).toBe(0);
  });

  it('accepts the sandbox test payment only in sandbox mode, and only once', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const paymentId = `manual-${Date.now()}`;
    const ok = await subscribe(learner, { examId: exam.id, paymentData: { paymentId, status: 'COMPLETED' } });
    expect(ok.statusCode).toBe(201);
    expect(ok.body).toMatchObject({
      subscription: { isFree: false, paymentData: { paymentId, status: 'COMPLETED' } },
    });

    // A double click sends a second demo payment: nothing more is recorded, and the answer is the same.
    const second = await subscribe(learner, {
      examId: exam.id,
      paymentData: { paymentId: `${paymentId}-again`, status: 'COMPLETED' },
    });
    expect(second.statusCode).toBe(201);
    expect(second.body).toEqual(ok.body);

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

  it('refuses an order this server did not create for the learner', async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 499 });
    const amount = { currency_code: 'GBP', value: '4.99' };
    const made = paypal.seedOrder({
      status: 'COMPLETED',
      purchase_units: [{ reference_id: exam.id, custom_id: `${learner.id}:${exam.id}`, amount }],
    });
    const strangers = await createOrder(stranger, exam.id);
    for (const orderId of [made.id, strangers]) {
      const response = await subscribe(learner, {
        examId: exam.id,
        paymentData: { paymentId: orderId, status: 'COMPLETED' },
      });
      expect(response.statusCode).toBe(422);
      expect(response.body).toEqual({
        message: 'This payment was not made for this exam by this account.',
      });
      expect((await capture(learner, orderId)).statusCode).toBe(404);
    }
    expect(await countFor('subscriptions', learner.id)).toBe(0);
    expect(await countFor('payments', learner.id)).toBe(0);
  });

  it('grants an order captured at PayPal whose answer was lost, on the retry', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    capturedAtPaypal(orderId);
    const response = await subscribe(learner, { examId: exam.id, paymentData: { paymentId: orderId } });
    expect(response.statusCode).toBe(201);
    expect(await countFor('payments', learner.id)).toBe(1);
    expect(paypal.requests.some((r) => r.path.endsWith(`${orderId}/capture`))).toBe(false);
  });

  it('refuses a replayed order id after the subscription it paid for has ended', async () => {
    const { learner, exam, orderId } = await approvedOrder();
    expect((await capture(learner, orderId)).statusCode).toBe(200);
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    for (const replay of [
      await subscribe(learner, { examId: exam.id, paymentData: { paymentId: orderId } }),
      await capture(learner, orderId),
    ]) {
      expect(replay.statusCode).toBe(409);
      expect(replay.body).toEqual({ message: 'This payment has already been used.' });
    }
    expect(await countFor('payments', learner.id)).toBe(1);
  });

  it('takes the demo payment in production only when an administrator has turned test payments on', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-at-least-32-characters',
      PAYPAL_API_BASE: paypal.url,
    });
    try {
      const learner = await createLearner(production);
      const exam = await createExam(production.ctx.db, { pricePence: 499 });
      const settings = await production.call(api.settings.payment);
      expect(settings.body).toMatchObject({ mode: 'sandbox', sandbox: false });
      const demo = () =>
        production.call(api.subscriptions.subscribe, {
          body: {
            examId: exam.id,
            paymentData: { paymentId: `manual-${Date.now()}`, status: 'COMPLETED' },
          },
          as: learner,
        });
      const refused = await demo();
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toEqual({ message: 'Test payments are not accepted on this site.' });
      await production.ctx.settings.update({ testPaymentsEnabled: true });
      expect((await production.call(api.settings.payment)).body).toMatchObject({
        sandbox: true,
      });
      expect((await demo()).statusCode).toBe(201);
    } finally {
      await production.close();
    }
  });
});

/** The learner turns auto-renew of their subscription to the exam on or off. */
const setAutoRenew = (learner: Learner, examId: string, autoRenew: boolean) =>
  t.call(api.subscriptions.autoRenew, { params: { examId }, body: { autoRenew }, as: learner });

/** The learner cancels a subscription. */
const cancel = (learner: Learner, subscriptionId: string) =>
  t.call(api.subscriptions.cancel, { params: { subscriptionId }, as: learner });

describe('managing subscriptions', () => {
  it('toggles auto-renew and cancels only the caller’s own subscriptions, keeping access until the end', async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    const created = (await subscribe(learner, { examId: exam.id })).body.subscription;

    const on = await setAutoRenew(learner, exam.id, true);
    expect(on.body).toMatchObject({
      message: 'Auto-renewal updated successfully',
      subscription: { autoRenew: true },
    });
    const foreignToggle = await setAutoRenew(stranger, exam.id, false);
    expect(foreignToggle.statusCode).toBe(404);
    // A body the types refuse: sent untyped.
    const badBody = await t.send(api.subscriptions.autoRenew, {
      params: { examId: exam.id },
      body: { autoRenew: 'yes' },
      as: learner,
    });
    expect(badBody.statusCode).toBe(400);

    const foreignCancel = await cancel(stranger, created._id);
    expect(foreignCancel.statusCode).toBe(404);
    const cancelled = await cancel(learner, created._id);
    expect(cancelled.body).toMatchObject({ subscription: { autoRenew: false, isActive: true } });
    const cancelledAt = cancelled.body.subscription.cancelledAt;
    expect(Date.parse(cancelledAt!)).toBeGreaterThan(Date.now() - 60_000);

    // Cancelled stays cancelled after a reload (decision 0017), and a second cancel keeps the first time.
    const reloaded = await t.call(api.subscriptions.status, { params: { examId: exam.id }, as: learner });
    expect(reloaded.body).toMatchObject({
      isActive: true,
      subscription: { cancelledAt, autoRenew: false },
    });
    const listed = await t.call(api.subscriptions.list, { as: learner });
    expect(listed.body).toMatchObject({ subscriptions: [{ cancelledAt }] });
    const twice = await cancel(learner, created._id);
    expect(twice.body).toMatchObject({ subscription: { cancelledAt } });

    // Turning auto-renew back on undoes the cancellation.
    const resumed = await setAutoRenew(learner, exam.id, true);
    expect(resumed.body).toMatchObject({ subscription: { autoRenew: true, cancelledAt: null } });
  });

  it('marks a subscription whose exam was unpublished as not available', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { pricePence: 0 });
    await subscribe(learner, { examId: exam.id });
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    const listed = await t.call(api.subscriptions.list, { as: learner });
    expect(listed.body).toMatchObject({
      subscriptions: [{ isActive: true, exam: { title: exam.title, available: false } }],
    });
  });

  it('pages the learner’s subscriptions with the exam joined in, active first', async () => {
    const learner = await createLearner(t);
    for (let i = 0; i < 3; i += 1) {
      const exam = await createExam(t.ctx.db, { title: `Paged ${i}` });
      await subscribe(learner, { examId: exam.id });
    }
    const page = await t.call(api.subscriptions.list, { query: { page: 1, limit: 2 }, as: learner });
    const body = page.body;
    expect(body).toMatchObject({ pages: 2, total: 3, activeCount: 3 });
    expect(body.subscriptions).toHaveLength(2);
    expect(body.subscriptions[0]?.exam?.title).toMatch(/^Paged/);
    expect((await t.call(api.subscriptions.list, { query: { limit: 500 }, as: learner })).statusCode).toBe(
      400,
    );
  });
});
