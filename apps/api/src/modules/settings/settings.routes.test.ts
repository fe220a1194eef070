import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';

const t = useTestApp();

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
      communityEnabled: true,
    });
  });
});
