import { api } from '@mlp/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';

const t = useTestApp();

describe('public settings', () => {
  it('serves the default public settings', async () => {
    const response = await t.call(api.settings.public);
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      siteName: 'Medical Learning Platform',
      siteDescription: 'Your comprehensive platform for medical education and professional development',
      contactEmail: 'support@example.com',
      maintenanceMode: false,
      registrationEnabled: true,
      communityEnabled: true,
    });
  });
});
