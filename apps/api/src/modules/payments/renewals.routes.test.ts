import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createExam,
  createLearner,
  mailSubjectsOf,
  queryRows,
  type Learner,
} from '../../../test/factories.ts';
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.ts';
import { DAY } from '../../../test/time.ts';
import { exams, subscriptions } from '../../db/schema/index.ts';
import { encryptSecret } from '../../lib/secrets.ts';
import { runRenewals, MAX_CHARGE_ATTEMPTS, REMINDER_LEAD_MS } from './renewals.service.ts';

/*
 * Auto-renew of paid subscriptions (decision 0030), against the fake PayPal server and a moved
 * clock: reminders, charges of the saved payer, retries, reconciliation after a crash, refunds, webhooks.
 */

let paypal: FakePaypal;
let t: TestApp;

beforeAll(async () => {
  paypal = await startFakePaypal();
});
afterAll(async () => {
  await paypal.close();
});
beforeEach(async () => {
  paypal.requests.length = 0;
  paypal.vaultCaptures.length = 0;
  t = await createTestApp({ NODE_ENV: 'development', PAYPAL_API_BASE: paypal.url });
  await t.ctx.settings.update({
    paypalEnabled: true,
    paypalMode: 'sandbox',
    paypalClientId: paypal.clientId,
    paypalClientSecretEnc: encryptSecret(paypal.clientSecret, t.config.appSecret),
    paypalWebhookId: paypal.webhookId,
  });
});
afterEach(async () => {
  await t.close();
});

async function status(learner: Learner, examId: string) {
  const response = await t.call(api.subscriptions.status, { params: { examId }, as: learner });
  expect(response.statusCode, response.message).toBe(200);
  const { subscription } = response.body;
  if (!subscription) throw new Error('the learner has no subscription to this exam');
  return subscription;
}

/** Buys a month with PayPal's buttons, asking for auto-renew: PayPal saves the payer. */
async function buy(learner: Learner, examId: string, autoRenew = true) {
  const created = await t.call(api.payments.createOrder, { body: { examId, autoRenew }, as: learner });
  expect(created.statusCode).toBe(201);
  const orderId = created.body.id;
  paypal.approve(orderId);
  const captured = await t.call(api.payments.capture, { params: { orderId }, as: learner });
  expect(captured.statusCode).toBe(200);
  return captured.body.subscription;
}

async function paidExam(pricePence = 999) {
  return createExam(t.ctx.db, { pricePence, title: `Cardiology ${pricePence}` });
}

/** Moves the app's clock to `at` (forward only). */
function moveTo(at: Date | number) {
  const target = typeof at === 'number' ? at : at.getTime();
  t.clock.advance(Math.max(0, target - t.clock.now().getTime()));
}

const mailSubjects = (userId: string) => mailSubjectsOf(t, userId);

async function paymentsOf(userId: string) {
  return queryRows<{
    kind: string;
    status: string;
    amount_pence: number;
    provider: string;
    request_id: string | null;
  }>(
    t.ctx.db,
    sql`select kind, status, amount_pence, provider, request_id from payments where user_id = ${userId} order by created_at, id`,
  );
}

/** The merchant-initiated charges the fake PayPal received (orders paid with a vault id). */
function chargesAtPaypal() {
  return paypal.requests.filter(
    (request) =>
      request.method === 'POST' &&
      request.path === '/v2/checkout/orders' &&
      Boolean(
        (request.body as { payment_source?: { paypal?: { vault_id?: string } } }).payment_source?.paypal
          ?.vault_id,
      ),
  );
}

describe('paid subscriptions renew with the saved PayPal payer', () => {
  it('saves the payer at the first purchase and shows the next renewal while auto-renew is on', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam(999);
    const bought = await buy(learner, exam.id);
    expect(bought).toMatchObject({ autoRenew: true, isActive: true });
    expect(bought.renewal).toEqual({
      date: bought.endDate,
      amountPence: 999,
      state: 'scheduled',
      lastError: null,
    });
    // The order asked PayPal to vault the payer on success, for merchant-initiated renewals.
    const create = paypal.requests.find((r) => r.method === 'POST' && r.path === '/v2/checkout/orders');
    expect(create?.body).toMatchObject({
      payment_source: {
        paypal: { attributes: { vault: { store_in_vault: 'ON_SUCCESS', usage_type: 'MERCHANT' } } },
      },
    });
    const method = await t.call(api.payments.method, { as: learner });
    expect(method.body).toMatchObject({ method: { provider: 'paypal', payerEmail: paypal.payerEmail } });

    // Without auto-renew the payer is not saved and nothing will renew.
    const other = await createLearner(t);
    const once = await buy(other, exam.id, false);
    expect(once).toMatchObject({ autoRenew: false, renewal: null });
    const none = await t.call(api.payments.method, { as: other });
    expect(none.body).toEqual({ method: null });
  });

  it('reminds 3 days before, charges once at the end date, moves the end date a month on and sends a receipt', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam(999);
    const bought = await buy(learner, exam.id);
    const end = new Date(bought.endDate);

    moveTo(end.getTime() - REMINDER_LEAD_MS - 60_000);
    expect((await runRenewals(t.ctx)).reminded).toBe(0);
    moveTo(end.getTime() - REMINDER_LEAD_MS + 60_000);
    expect((await runRenewals(t.ctx)).reminded).toBe(1);
    expect((await runRenewals(t.ctx)).reminded).toBe(0);
    const reminders = (await mailSubjects(learner.id)).filter((s) => s.includes('renews on'));
    expect(reminders).toHaveLength(1);
    const [reminder] = await queryRows<{ text_body: string }>(
      t.ctx.db,
      sql`select text_body from mail_outbox where user_id = ${learner.id} and subject like '%renews on%'`,
    );
    expect(reminder?.text_body).toContain('£9.99');
    expect(reminder?.text_body).toContain(`/exams/${exam.id}`);
    expect(chargesAtPaypal()).toHaveLength(0);

    moveTo(end.getTime() - 5 * 60_000);
    expect(await runRenewals(t.ctx)).toMatchObject({ renewed: 1 });
    expect(await runRenewals(t.ctx)).toMatchObject({ renewed: 0 });
    const charges = chargesAtPaypal();
    expect(charges).toHaveLength(1);
    expect(charges[0]?.headers['paypal-request-id']).toMatch(/^renewal-[0-9a-f-]+-1$/);
    expect(charges[0]?.body).toMatchObject({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'GBP', value: '9.99' },
          invoice_id: expect.stringMatching(/^renewal-/) as string,
        },
      ],
      payment_source: {
        paypal: { stored_credential: { payment_initiator: 'MERCHANT', usage: 'SUBSEQUENT' } },
      },
    });

    const renewed = await status(learner, exam.id);
    const expectedEnd = new Date(end);
    expectedEnd.setUTCMonth(expectedEnd.getUTCMonth() + 1);
    expect(new Date(renewed.endDate).getTime()).toBeGreaterThanOrEqual(expectedEnd.getTime() - 3 * DAY);
    expect(new Date(renewed.endDate).getTime()).toBeGreaterThan(end.getTime() + 27 * DAY);
    expect(renewed.renewal).toMatchObject({ state: 'scheduled', amountPence: 999 });
    expect(await paymentsOf(learner.id)).toEqual([
      expect.objectContaining({ kind: 'purchase', status: 'completed', amount_pence: 999 }),
      expect.objectContaining({
        kind: 'renewal',
        status: 'completed',
        amount_pence: 999,
        provider: 'paypal',
      }),
    ]);
    expect((await mailSubjects(learner.id)).filter((s) => s.startsWith('Receipt:'))).toHaveLength(1);

    const list = await t.call(api.payments.list, { as: learner });
    expect(list.body).toMatchObject({
      total: 2,
      payments: [{ kind: 'renewal', examTitle: exam.title }, { kind: 'purchase' }],
    });
  });

  it('charges the announced price when the price rises after the reminder, and the new one next time', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam(999);
    const bought = await buy(learner, exam.id);
    const end = new Date(bought.endDate);
    moveTo(end.getTime() - REMINDER_LEAD_MS + 60_000);
    await runRenewals(t.ctx);
    await t.ctx.db.update(exams).set({ pricePence: 1299 }).where(eq(exams.id, exam.id));
    expect((await status(learner, exam.id)).renewal?.amountPence).toBe(999);
    moveTo(end.getTime());
    await runRenewals(t.ctx);
    const next = await status(learner, exam.id);
    expect(next.renewal?.amountPence).toBe(1299);
    moveTo(new Date(next.endDate).getTime() - REMINDER_LEAD_MS + 60_000);
    await runRenewals(t.ctx);
    moveTo(new Date(next.endDate).getTime());
    await runRenewals(t.ctx);
    expect((await paymentsOf(learner.id)).map((p) => p.amount_pence)).toEqual([999, 999, 1299]);
  });

  it('charges nothing once auto-renew is off, and access ends at the end date', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    const bought = await buy(learner, exam.id);
    const end = new Date(bought.endDate);
    moveTo(end.getTime() - REMINDER_LEAD_MS + 60_000);
    await runRenewals(t.ctx);
    const off = await t.call(api.subscriptions.autoRenew, {
      params: { examId: exam.id },
      body: { autoRenew: false },
      as: learner,
    });
    expect(off.body).toMatchObject({ subscription: { autoRenew: false, renewal: null } });
    moveTo(end.getTime() + DAY);
    await runRenewals(t.ctx);
    expect(chargesAtPaypal()).toHaveLength(0);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, learner.id));
    expect(row?.endDate.getTime()).toBe(end.getTime());
    expect(await paymentsOf(learner.id)).toHaveLength(1);
  });

  it('retries a declined charge daily with a mail each time, then turns auto-renew off and ends access', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    const bought = await buy(learner, exam.id);
    const end = new Date(bought.endDate);
    const [{ vault_id: vaultId } = { vault_id: '' }] = await queryRows<{ vault_id: string }>(
      t.ctx.db,
      sql`select vault_id from payment_methods where user_id = ${learner.id}`,
    );
    paypal.vaultCharges.set(vaultId, 'decline');

    moveTo(end.getTime() - 5 * 60_000);
    expect(await runRenewals(t.ctx)).toMatchObject({ retrying: 1 });
    let current = await status(learner, exam.id);
    expect(current.isActive).toBe(true);
    expect(current.renewal).toMatchObject({ state: 'retrying', lastError: 'the payment was declined' });
    // Access continues while the charge is retried.
    moveTo(end.getTime() + DAY / 2);
    expect((await status(learner, exam.id)).isActive).toBe(true);

    // Each retry is due a day after the run that failed (plus the moments that run took), so each move
    // goes a minute further past the day than the last.
    for (let attempt = 2; attempt < MAX_CHARGE_ATTEMPTS; attempt += 1) {
      moveTo(end.getTime() + (attempt - 1) * DAY + attempt * 60_000);
      expect(await runRenewals(t.ctx)).toMatchObject({ retrying: 1 });
    }
    moveTo(end.getTime() + (MAX_CHARGE_ATTEMPTS - 1) * DAY + MAX_CHARGE_ATTEMPTS * 60_000);
    expect(await runRenewals(t.ctx)).toMatchObject({ failed: 1 });
    current = await status(learner, exam.id);
    expect(current).toMatchObject({ autoRenew: false, renewal: null });
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, learner.id));
    expect(row!.endDate.getTime()).toBeLessThanOrEqual(t.clock.now().getTime());

    expect(chargesAtPaypal()).toHaveLength(MAX_CHARGE_ATTEMPTS);
    const failed = (await paymentsOf(learner.id)).filter((p) => p.status === 'failed');
    expect(failed).toHaveLength(MAX_CHARGE_ATTEMPTS);
    expect(new Set(failed.map((p) => p.request_id)).size).toBe(MAX_CHARGE_ATTEMPTS);
    const subjects = await mailSubjects(learner.id);
    expect(subjects.filter((s) => s.startsWith('We could not renew'))).toHaveLength(MAX_CHARGE_ATTEMPTS - 1);
    expect(subjects.filter((s) => s.endsWith('was not renewed'))).toHaveLength(1);
    // Nothing more is ever charged.
    moveTo(end.getTime() + 40 * DAY);
    await runRenewals(t.ctx);
    expect(chargesAtPaypal()).toHaveLength(MAX_CHARGE_ATTEMPTS);
  });

  it('charges once when two job runners run at the same moment', async () => {
    const learners = await Promise.all([createLearner(t), createLearner(t), createLearner(t)]);
    const exam = await paidExam();
    const ends: number[] = [];
    for (const learner of learners) ends.push(new Date((await buy(learner, exam.id)).endDate).getTime());
    moveTo(Math.max(...ends));
    const runs = await Promise.all([runRenewals(t.ctx), runRenewals(t.ctx), runRenewals(t.ctx)]);
    expect(runs.reduce((sum, run) => sum + run.renewed, 0)).toBe(3);
    expect(chargesAtPaypal()).toHaveLength(3);
    for (const learner of learners) {
      expect((await paymentsOf(learner.id)).filter((p) => p.kind === 'renewal')).toHaveLength(1);
    }
  });

  it('finds a charge whose recording was cut short by a crash, and never charges it again', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    const end = new Date((await buy(learner, exam.id)).endDate);
    moveTo(end);
    await expect(
      runRenewals(t.ctx, {
        afterCharge: () => {
          throw new Error('the process died here');
        },
      }),
    ).resolves.toMatchObject({ held: 1, renewed: 0 });
    expect(chargesAtPaypal()).toHaveLength(1);
    expect((await paymentsOf(learner.id)).filter((p) => p.kind === 'renewal')).toHaveLength(0);

    // Before the lease runs out nobody touches it; after, the next run asks PayPal with the same id.
    expect(await runRenewals(t.ctx)).toMatchObject({ renewed: 0 });
    moveTo(end.getTime() + 6 * 60_000);
    expect(await runRenewals(t.ctx)).toMatchObject({ renewed: 1 });
    const charges = chargesAtPaypal();
    expect(charges).toHaveLength(2);
    expect(charges[1]?.headers['paypal-request-id']).toBe(charges[0]?.headers['paypal-request-id']);
    expect(paypal.vaultCaptures.filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    expect((await paymentsOf(learner.id)).filter((p) => p.kind === 'renewal')).toHaveLength(1);
  });

  it('holds a renewal for review when PayPal reports it paid under another request, and charges nothing more', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    const end = new Date((await buy(learner, exam.id)).endDate);
    moveTo(end);
    await runRenewals(t.ctx, {
      afterCharge: () => {
        throw new Error('crash');
      },
    });
    // As if the request id had expired at PayPal: the next try comes with another id, same invoice.
    await t.ctx.db.execute(
      sql`update subscription_renewals set request_id = request_id || '-lost' where user_id = ${learner.id}`,
    );
    moveTo(end.getTime() + 6 * 60_000);
    expect(await runRenewals(t.ctx)).toMatchObject({ held: 1, renewed: 0 });
    const [renewal] = await queryRows<{ status: string }>(
      t.ctx.db,
      sql`select status from subscription_renewals where user_id = ${learner.id}`,
    );
    expect(renewal?.status).toBe('review');
    expect(paypal.vaultCaptures.filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
    moveTo(end.getTime() + DAY);
    await runRenewals(t.ctx);
    expect(paypal.vaultCaptures.filter((c) => c.status === 'COMPLETED')).toHaveLength(1);
  });

  it('renews a test subscription with a test payment, no PayPal involved', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam(499);
    const subscribed = await t.call(api.subscriptions.subscribe, {
      body: {
        examId: exam.id,
        autoRenew: true,
        paymentData: { paymentId: `manual-${Date.now()}`, status: 'COMPLETED' },
      },
      as: learner,
    });
    expect(subscribed.statusCode).toBe(201);
    const end = new Date(subscribed.body.subscription.endDate);
    moveTo(end);
    expect(await runRenewals(t.ctx)).toMatchObject({ renewed: 1 });
    expect(chargesAtPaypal()).toHaveLength(0);
    expect(await paymentsOf(learner.id)).toEqual([
      expect.objectContaining({ kind: 'purchase', provider: 'sandbox' }),
      expect.objectContaining({
        kind: 'renewal',
        provider: 'sandbox',
        status: 'completed',
        amount_pence: 499,
      }),
    ]);
    const list = await t.call(api.payments.list, { as: learner });
    expect(list.body.payments.every((p) => p.test)).toBe(true);
  });
});

describe('the auto-renew switch', () => {
  it('needs a saved PayPal payer for a paid exam, which the learner can save without paying', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    await buy(learner, exam.id, false);
    const refused = await t.call(api.subscriptions.autoRenew, {
      params: { examId: exam.id },
      body: { autoRenew: true },
      as: learner,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYMENT_METHOD_REQUIRED' });
    expect((await status(learner, exam.id)).autoRenew).toBe(false);

    const setup = await t.call(api.payments.createSetupToken, { as: learner });
    expect(setup.statusCode).toBe(201);
    const tokenId = setup.body.id;
    // Not approved yet: PayPal refuses, and the learner is told.
    const early = await t.call(api.payments.saveMethod, { body: { setupTokenId: tokenId }, as: learner });
    expect(early.statusCode).toBe(422);
    // Another learner cannot use this learner's token.
    const intruder = await createLearner(t);
    paypal.setupTokens.set(tokenId, 'APPROVED');
    const stolen = await t.call(api.payments.saveMethod, { body: { setupTokenId: tokenId }, as: intruder });
    expect(stolen.statusCode).toBe(404);
    // A used token counts as used even though PayPal refused it: a new approval starts again.
    const second = await t.call(api.payments.createSetupToken, { as: learner });
    const secondId = second.body.id;
    paypal.setupTokens.set(secondId, 'APPROVED');
    const saved = await t.call(api.payments.saveMethod, { body: { setupTokenId: secondId }, as: learner });
    expect(saved.statusCode).toBe(201);
    expect(saved.body).toMatchObject({ method: { provider: 'paypal', payerEmail: paypal.payerEmail } });
    const on = await t.call(api.subscriptions.autoRenew, {
      params: { examId: exam.id },
      body: { autoRenew: true },
      as: learner,
    });
    expect(on.statusCode).toBe(200);
    expect(on.body).toMatchObject({ subscription: { autoRenew: true, renewal: { state: 'scheduled' } } });

    // Removing the payer turns auto-renew off.
    const removed = await t.call(api.payments.removeMethod, { as: learner });
    expect(removed.statusCode).toBe(200);
    expect((await status(learner, exam.id)).autoRenew).toBe(false);
    expect((await t.call(api.payments.removeMethod, { as: learner })).statusCode).toBe(404);
  });
});

/** Delivers a webhook event as PayPal would (signed for the configured webhook unless `webhookId`). */
function deliver(event: Record<string, unknown>, webhookId?: string) {
  return t.call(api.payments.webhook, {
    body: JSON.stringify(event),
    as: { headers: { ...paypal.signWebhook(event, webhookId), 'content-type': 'application/json' } },
  });
}

function refundEvent(captureId: string, id = `WH-${Math.random().toString(36).slice(2)}`) {
  return {
    id,
    event_version: '1.0',
    create_time: new Date().toISOString(),
    resource_type: 'refund',
    event_type: 'PAYMENT.CAPTURE.REFUNDED',
    summary: 'A GBP 9.99 GBP capture payment was refunded',
    resource: {
      id: `RF-${id}`,
      status: 'COMPLETED',
      amount: { currency_code: 'GBP', value: '9.99' },
      links: [
        { href: `https://api.paypal.com/v2/payments/refunds/RF-${id}`, rel: 'self', method: 'GET' },
        { href: `https://api.paypal.com/v2/payments/captures/${captureId}`, rel: 'up', method: 'GET' },
      ],
    },
  };
}

async function captureIdOf(userId: string): Promise<string> {
  const [row] = await queryRows<{ capture_id: string }>(
    t.ctx.db,
    sql`select capture_id from payments where user_id = ${userId} and capture_id is not null order by created_at desc limit 1`,
  );
  return row!.capture_id;
}

describe('PayPal webhook', () => {
  it('ends the access a payment refunded on PayPal bought; a replay changes nothing', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    await buy(learner, exam.id);
    const event = refundEvent(await captureIdOf(learner.id));
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.body).toEqual({ received: true });
    expect(await status(learner, exam.id)).toMatchObject({ isActive: false, autoRenew: false });
    expect(await paymentsOf(learner.id)).toEqual([expect.objectContaining({ status: 'refunded' })]);
    const mails = await mailSubjects(learner.id);
    expect(mails.filter((s) => s.startsWith('Refund for'))).toHaveLength(1);

    const replay = await deliver(event);
    expect(replay.statusCode).toBe(200);
    expect((await mailSubjects(learner.id)).filter((s) => s.startsWith('Refund for'))).toHaveLength(1);
  });

  it('refuses forged, unsigned and malformed events and changes nothing', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    await buy(learner, exam.id);
    const event = refundEvent(await captureIdOf(learner.id));
    // Signed for another webhook (or by someone without PayPal's key): PayPal says FAILURE.
    expect((await deliver(event, 'WH-SOMEONE-ELSE')).statusCode).toBe(400);
    // Tampered after signing.
    const headers = paypal.signWebhook(event);
    const tampered = await t.call(api.payments.webhook, {
      body: JSON.stringify({ ...event, id: 'WH-OTHER' }),
      as: { headers: { ...headers, 'content-type': 'application/json' } },
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.call(api.payments.webhook, {
      body: JSON.stringify(event),
      as: { headers: { 'content-type': 'application/json' } },
    });
    expect(unsigned.statusCode).toBe(400);
    expect(unsigned.body).toEqual({ message: 'This request does not carry PayPal signature headers.' });
    const junk = await t.call(api.payments.webhook, {
      body: JSON.stringify({ hello: 'world' }),
      as: { headers: { ...headers, 'content-type': 'application/json' } },
    });
    expect(junk.statusCode).toBe(400);
    expect(await status(learner, exam.id)).toMatchObject({ isActive: true, autoRenew: true });
    expect(await paymentsOf(learner.id)).toEqual([expect.objectContaining({ status: 'completed' })]);

    // Without a webhook id set, events cannot be verified: 503, so PayPal sends them again later.
    await t.ctx.settings.update({ paypalWebhookId: '' });
    expect((await deliver(event)).statusCode).toBe(503);
  });

  it('turns auto-renew off when the learner removes the saved payer on PayPal', async () => {
    const learner = await createLearner(t);
    const exam = await paidExam();
    await buy(learner, exam.id);
    const [{ vault_id: vaultId } = { vault_id: '' }] = await queryRows<{ vault_id: string }>(
      t.ctx.db,
      sql`select vault_id from payment_methods where user_id = ${learner.id}`,
    );
    const response = await deliver({
      id: 'WH-VAULT-DELETED-1',
      event_type: 'VAULT.PAYMENT-TOKEN.DELETED',
      resource_type: 'payment_token',
      resource: { id: vaultId },
    });
    expect(response.statusCode).toBe(200);
    expect(await status(learner, exam.id)).toMatchObject({ isActive: true, autoRenew: false, renewal: null });
    expect((await t.call(api.payments.method, { as: learner })).body).toEqual({
      method: null,
    });
    expect(await mailSubjects(learner.id)).toContain('Your PayPal account is no longer saved for renewals');
  });
});

describe('administrators and payments', () => {
  it('lists payments with filters and refunds one through PayPal, ending its access, once', async () => {
    const { createAdmin } = await import('../../../test/factories.ts');
    const admin = await createAdmin(t);
    const headers = { authorization: `Admin ${admin.token}` };
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const exam = await paidExam(999);
    await buy(learner, exam.id);
    await buy(other, exam.id, false);

    const all = await t.call(api.adminPayments.list, { as: { headers } });
    expect(all.body.total).toBe(2);
    const mine = await t.call(api.adminPayments.list, {
      query: { search: learner.email },
      as: { headers },
    });
    const listed = mine.body;
    expect(listed.payments).toHaveLength(1);
    expect(listed.payments[0]).toMatchObject({ userEmail: learner.email, refundable: true });
    expect(
      // A status the types refuse: sent untyped.
      (await t.send(api.adminPayments.list, { query: { status: 'bogus' }, as: { headers } })).statusCode,
    ).toBe(400);
    // Learners cannot read this list or refund.
    expect((await t.call(api.adminPayments.list, { as: learner })).statusCode).toBe(401);

    const paymentId = listed.payments[0]!._id;
    const missingReason = await t.call(api.adminPayments.refund, {
      params: { id: paymentId },
      body: { reason: ' ' },
      as: { headers },
    });
    expect(missingReason.statusCode).toBe(400);
    const refunded = await t.call(api.adminPayments.refund, {
      params: { id: paymentId },
      body: { reason: 'Asked for a refund by e-mail' },
      as: { headers },
    });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.body).toMatchObject({
      message: 'The payment has been refunded, and the access it paid for has ended.',
      payment: { status: 'refunded', refundReason: 'Asked for a refund by e-mail', refundable: false },
    });
    expect(paypal.refunds.has(listed.payments[0]!.captureId!)).toBe(true);
    expect(await status(learner, exam.id)).toMatchObject({ isActive: false, autoRenew: false });
    const again = await t.call(api.adminPayments.refund, {
      params: { id: paymentId },
      body: { reason: 'twice' },
      as: { headers },
    });
    expect(again.statusCode).toBe(409);
    const audit = await t.call(api.audit.list, {
      query: { entityType: 'payment' },
      as: { headers },
    });
    expect(audit.body.entries).toEqual([expect.objectContaining({ action: 'refunded' })]);

    // The learner page shows the account and its subscriptions.
    const detail = await t.call(api.adminUsers.detail, {
      params: { id: learner.id },
      as: { headers },
    });
    expect(detail.body).toMatchObject({
      user: { email: learner.email },
      subscriptions: [{ examId: exam.id }],
    });
    expect(
      (await t.call(api.adminUsers.detail, { params: { id: exam.id }, as: { headers } })).statusCode,
    ).toBe(404);

    // The dashboard counts the revenue that renews monthly and the renewals due within a week.
    const stats = await t.call(api.stats.read, { as: { headers } });
    expect(stats.body).toMatchObject({ monthlyRecurringRevenuePence: 0, renewalsDueThisWeek: 0 });
    const third = await createLearner(t);
    const bought = await buy(third, exam.id);
    moveTo(new Date(bought.endDate).getTime() - 2 * DAY);
    const later = await t.call(api.stats.read, { as: { headers } });
    expect(later.body).toMatchObject({ monthlyRecurringRevenuePence: 999, renewalsDueThisWeek: 1 });
  });

  it('a learner sees only their own payments', async () => {
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const exam = await paidExam();
    await buy(other, exam.id);
    const list = await t.call(api.payments.list, { as: learner });
    expect(list.body).toMatchObject({ payments: [], total: 0 });
    expect((await t.call(api.payments.list)).statusCode).toBe(401);
    const [row] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, other.id));
    expect(row?.autoRenew).toBe(true);
  });
});
