import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
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
});
