import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { encryptSecret } from '../../lib/secrets.ts';

let t: TestApp;
const paypal = { clientId: 'public-client-id', clientSecret: 'private-client-secret-4417' };

beforeAll(async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(async () => {
  await t.close();
});

describe('public settings', () => {
  it('serves the default public settings', async () => {
    const response = await t.request({ method: 'GET', url: '/api/settings/public' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      siteName: 'Medical Learning Platform',
      siteDescription: 'Your comprehensive platform for medical education and professional development',
      contactEmail: 'support@example.com',
      maintenanceMode: false,
      registrationEnabled: true,
    });
  });

  it('publishes payment settings without the secret', async () => {
    await t.ctx.settings.update({
      paypalEnabled: true,
      paypalMode: 'sandbox',
      paypalClientId: paypal.clientId,
      paypalClientSecretEnc: encryptSecret(paypal.clientSecret, t.config.appSecret),
    });
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
