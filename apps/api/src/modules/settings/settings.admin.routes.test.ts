import { api, PAYPAL_CREDENTIALS_REQUIRED } from '@mlp/contract';
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type CallResult } from '../../../test/app.ts';
import { buildSiteSettings, createAdmin, LEARNER_PASSWORD } from '../../../test/factories.ts';
import { useAdmin, useFakePaypal, useTestApp } from '../../../test/fixtures.ts';
import { siteSettings } from '../../db/schema/index.ts';

const paypal = useFakePaypal();
const t = useTestApp(() => ({ NODE_ENV: 'development', PAYPAL_API_BASE: paypal.url }));
const admin = useAdmin(t);

/**
 * Saves the site settings: valid ones (PayPal off) with `overrides` over them, untyped, as some tests
 * save what the form must refuse.
 */
function saveSettings(overrides: Record<string, unknown> = {}) {
  return t.send(api.adminSettings.save, { body: buildSiteSettings(overrides), as: admin });
}

/** PayPal switched on in sandbox mode with the fake's credentials. */
/** A visitor registers as a learner with this address (the site's registration switch decides). */
function register(email: string) {
  return t.call(api.users.register, { body: { name: 'Late', email, password: LEARNER_PASSWORD } });
}

function fakePaypalOn() {
  return { clientId: paypal.clientId, clientSecret: paypal.clientSecret, mode: 'sandbox', enabled: true };
}

/** Tests the PayPal connection, with the credentials typed in the form when `typed` is given. */
function testPaypal(typed?: Record<string, unknown>) {
  return t.send(api.adminSettings.testPaypal, { body: typed, as: admin });
}

/** A connection test PayPal accepted, in `mode`. */
function expectConnected(response: CallResult<unknown>, mode: 'sandbox' | 'production') {
  expect(response.statusCode).toBe(200);
  expect(response.body).toEqual({ mode, message: `PayPal connection successful! Mode: ${mode}` });
}

/** The Basic credentials of the last token request the fake PayPal received. */
function lastTokenCredentials(): string {
  const tokenRequests = paypal.requests.filter((request) => request.path === '/v1/oauth2/token');
  const header = tokenRequests.at(-1)?.headers.authorization ?? '';
  return Buffer.from(header.replace(/^Basic /, ''), 'base64').toString('utf8');
}

beforeEach(async () => {
  // Every test starts from the defaults: PayPal off, no credentials stored.
  await t.ctx.db.delete(siteSettings);
  t.ctx.settings.invalidate();
  paypal.requests.length = 0;
});

describe('site settings', () => {
  const base = { siteDescription: 'Practice for real exams' };

  it('starts with the spec defaults', async () => {
    const settings = await t.call(api.adminSettings.read, { as: admin });
    expect(settings.body).toMatchObject({
      siteName: 'Medical Learning Platform',
      maintenanceMode: false,
      registrationEnabled: true,
      examCreationEnabled: true,
      paypal: { clientId: '', mode: 'sandbox', enabled: false, hasClientSecret: false },
    });
  });

  it('saves settings, never returns the secret, and keeps it when a save omits it', async () => {
    const saved = await saveSettings({ ...base, paypal: fakePaypalOn() });
    expect(saved.statusCode).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(paypal.clientSecret);
    expect(saved.body).toMatchObject({
      siteName: 'MedPrep',
      paypal: { hasClientSecret: true, enabled: true },
    });
    const stored = await t.ctx.db.execute(sql`select paypal_client_secret_enc as s from site_settings`);
    expect((stored as { rows: Array<{ s: string }> }).rows[0]?.s).not.toContain(paypal.clientSecret);

    const again = await saveSettings({
      ...base,
      paypal: { clientId: paypal.clientId, mode: 'sandbox', enabled: true },
    });
    expect(again.body).toMatchObject({ paypal: { hasClientSecret: true } });
    const read = await t.call(api.adminSettings.read, { as: admin });
    expect(JSON.stringify(read.body)).not.toContain(paypal.clientSecret);
    expect((await t.call(api.settings.public)).body).toMatchObject({
      siteName: 'MedPrep',
    });
  });

  it('tests the PayPal connection with the saved credentials', async () => {
    await saveSettings({ ...base, paypal: fakePaypalOn() });
    const good = await testPaypal();
    expectConnected(good, 'sandbox');
    await saveSettings({
      ...base,
      paypal: { clientId: paypal.clientId, clientSecret: 'wrong-secret', mode: 'sandbox', enabled: true },
    });
    const bad = await testPaypal();
    expect(bad.statusCode).toBe(502);
    expect(bad.message).toContain('Client Authentication failed');
    await saveSettings(base);
    const disabled = await testPaypal();
    expect(disabled.statusCode).toBe(400);
  });

  it('validates settings', async () => {
    const noName = await saveSettings({ ...base, siteName: ' ' });
    expect(noName.statusCode).toBe(400);
    expect(noName.message).toBe('Site name is required');
    const badMode = await saveSettings({ ...base, paypal: { clientId: '', mode: 'live', enabled: false } });
    expect(badMode.statusCode).toBe(400);
    const badEmail = await saveSettings({ ...base, contactEmail: 'nope' });
    expect(badEmail.statusCode).toBe(400);
  });

  it('turns maintenance mode and the registration switch on and off at once', async () => {
    await saveSettings({ ...base, maintenanceMode: true });
    const blocked = await t.call(api.users.login, {
      body: {
        email: 'a@example.com',
        password: 'x',
        deviceId: 'device-12345',
        deviceName: 'x',
      },
    });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.body).toEqual({
      message: 'The site is currently undergoing maintenance. Please check back soon.',
    });
    expect((await t.call(api.settings.public)).body).toMatchObject({
      maintenanceMode: true,
    });
    expect((await t.call(api.stats.read, { as: admin })).statusCode).toBe(200);

    await saveSettings({ ...base, registrationEnabled: false });
    const closed = await register('closed@example.com');
    expect(closed.statusCode).toBe(403);
    expect(closed.body).toEqual({ message: 'Registration is currently closed. Please try again later.' });

    await saveSettings(base);
    const open = await register('open@example.com');
    expect(open.statusCode).toBe(201);
  });

  it('switches the community and the holding of first comments, kept when a save omits them', async () => {
    expect((await t.call(api.adminSettings.read, { as: admin })).body).toMatchObject({
      community: { enabled: true, holdFirstComments: false },
    });
    const saved = await saveSettings({ ...base, community: { enabled: false, holdFirstComments: true } });
    expect(saved.body).toMatchObject({ community: { enabled: false, holdFirstComments: true } });
    expect((await t.call(api.settings.public)).body).toMatchObject({
      communityEnabled: false,
    });
    // A form from before the switches existed keeps them.
    const kept = await saveSettings(base);
    expect(kept.body).toMatchObject({ community: { enabled: false, holdFirstComments: true } });
    const activity = await t.call(api.audit.list, { query: { limit: 5 }, as: admin });
    expect(JSON.stringify(activity.body)).toContain(
      'community discussions off, first comments held for approval',
    );
    await saveSettings({ ...base, community: { enabled: true, holdFirstComments: false } });
  });
});

describe('POST /api/admin/settings/test-paypal with the credentials typed in the form', () => {
  it('needs the administrator token', async () => {
    const response = await t.call(api.adminSettings.testPaypal, { body: {} });
    expect(response.statusCode).toBe(401);
    expect(response.body).toEqual({ message: expect.any(String) as string });
  });

  it('tries typed credentials before anything is saved or enabled', async () => {
    const response = await testPaypal({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      mode: 'production',
    });
    expectConnected(response, 'production');
    expect(lastTokenCredentials()).toBe(`${paypal.clientId}:${paypal.clientSecret}`);
    // Testing saves nothing.
    const saved = (await t.call(api.adminSettings.read, { as: admin })).body;
    expect(saved.paypal).toMatchObject({ clientId: '', enabled: false, hasClientSecret: false });
  });

  it('reports a typed secret PayPal refuses, even while correct credentials are saved', async () => {
    const saved = await saveSettings({ paypal: fakePaypalOn() });
    expect(saved.statusCode).toBe(200);
    const response = await testPaypal({
      clientId: paypal.clientId,
      clientSecret: 'typed-but-wrong',
      mode: 'sandbox',
    });
    expect(response.statusCode).toBe(502);
    expect(response.message).toBe('PayPal refused the credentials: Client Authentication failed');
    expect(lastTokenCredentials()).toBe(`${paypal.clientId}:typed-but-wrong`);
  });

  it('uses the stored secret when none is typed, with the typed client ID and mode', async () => {
    await saveSettings({ paypal: { ...fakePaypalOn(), clientId: 'old-client-id' } });
    const response = await testPaypal({
      clientId: paypal.clientId,
      clientSecret: '',
      mode: 'production',
    });
    expectConnected(response, 'production');
    expect(lastTokenCredentials()).toBe(`${paypal.clientId}:${paypal.clientSecret}`);
  });

  it('refuses with 400 when no client ID or no secret is typed or stored', async () => {
    const noSecret = await testPaypal({
      clientId: paypal.clientId,
      mode: 'sandbox',
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.body).toEqual({
      message: 'Enter a PayPal client ID and client secret to test the connection',
    });
    const noClientId = await testPaypal({
      clientId: '',
      clientSecret: paypal.clientSecret,
    });
    expect(noClientId.statusCode).toBe(400);
    expect(paypal.requests).toHaveLength(0);
  });

  it('validates the typed values', async () => {
    const badMode = await testPaypal({ clientId: 'x', mode: 'live' });
    expect(badMode.statusCode).toBe(400);
    expect(badMode.message).toBe('Mode must be sandbox or production');
    const longSecret = await testPaypal({
      clientId: 'x',
      clientSecret: 'x'.repeat(201),
    });
    expect(longSecret.statusCode).toBe(400);
    expect(longSecret.message).toBe('Client secret is too long');
    expect(paypal.requests).toHaveLength(0);
  });

  it('without a body, still tests the saved settings (PayPal must be enabled)', async () => {
    const disabled = await testPaypal();
    expect(disabled.statusCode).toBe(400);
    expect(disabled.body).toEqual({
      message: 'Enable PayPal and save the settings before testing the connection',
    });
    await saveSettings({ paypal: fakePaypalOn() });
    const saved = await testPaypal();
    expectConnected(saved, 'sandbox');
  });
});

describe('PUT /api/admin/settings: enabling PayPal needs a client ID and a client secret', () => {
  it('needs the administrator token', async () => {
    const response = await t.send(api.adminSettings.save, { body: buildSiteSettings() });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to enable PayPal without a client ID or a secret, and changes nothing', async () => {
    const noClientId = await saveSettings({
      paypal: { clientId: '', clientSecret: paypal.clientSecret, mode: 'sandbox', enabled: true },
    });
    expect(noClientId.statusCode).toBe(400);
    expect(noClientId.body).toEqual({ message: PAYPAL_CREDENTIALS_REQUIRED });

    const noSecret = await saveSettings({
      paypal: { clientId: paypal.clientId, mode: 'sandbox', enabled: true },
    });
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.body).toEqual({ message: PAYPAL_CREDENTIALS_REQUIRED });

    const stored = (await t.call(api.adminSettings.read, { as: admin })).body;
    expect(stored.siteName).toBe('Medical Learning Platform');
    expect(stored.paypal).toMatchObject({ enabled: false, clientId: '', hasClientSecret: false });
  });

  it('enables PayPal with a typed secret, and later with the stored one', async () => {
    const typed = await saveSettings({ paypal: fakePaypalOn() });
    expect(typed.statusCode).toBe(200);
    const again = await saveSettings({
      paypal: { clientId: paypal.clientId, mode: 'production', enabled: true },
    });
    expect(again.statusCode).toBe(200);
    expect(again.body).toMatchObject({
      paypal: { enabled: true, mode: 'production', hasClientSecret: true },
    });
  });

  it('still saves PayPal switched off without credentials', async () => {
    const off = await saveSettings({ paypal: { clientId: '', mode: 'sandbox', enabled: false } });
    expect(off.statusCode).toBe(200);
  });
});

describe('test payments (decision 0019)', () => {
  it('are on in sandbox mode outside production, and kept or changed by a save', async () => {
    const read = await t.call(api.adminSettings.read, { as: admin });
    expect(read.body).toMatchObject({ paypal: { testPayments: false }, testPaymentsActive: true });
    const production = await saveSettings({ paypal: { clientId: '', mode: 'production', enabled: false } });
    expect(production.body).toMatchObject({ testPaymentsActive: false });
    const allowed = await saveSettings({
      paypal: { clientId: '', mode: 'sandbox', enabled: false, testPayments: true },
    });
    expect(allowed.body).toMatchObject({ paypal: { testPayments: true }, testPaymentsActive: true });
    // Omitted keeps the stored choice (older clients send no such field).
    const kept = await saveSettings({ paypal: { clientId: '', mode: 'sandbox', enabled: false } });
    expect(kept.body).toMatchObject({ paypal: { testPayments: true } });
  });

  it('in production are off until an administrator turns them on, which the activity log records', async () => {
    const live = await createTestApp({
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-at-least-32-characters',
    });
    try {
      const liveAdmin = await createAdmin(live);
      const put = (testPayments: boolean) =>
        live.send(api.adminSettings.save, {
          body: buildSiteSettings({
            paypal: { clientId: '', mode: 'sandbox', enabled: false, testPayments },
          }),
          as: liveAdmin,
        });
      expect((await live.call(api.adminSettings.read, { as: liveAdmin })).body).toMatchObject({
        paypal: { mode: 'sandbox', testPayments: false },
        testPaymentsActive: false,
      });
      expect((await put(true)).body).toMatchObject({ testPaymentsActive: true });
      expect((await live.call(api.settings.payment)).body).toMatchObject({
        sandbox: true,
      });
      const activity = await live.call(api.audit.list, { as: liveAdmin });
      expect(JSON.stringify(activity.body)).toMatch(/Test payments/i);
      expect((await put(false)).body).toMatchObject({ testPaymentsActive: false });
    } finally {
      await live.close();
    }
  });
});
