import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@mlp/contract';
import { json, stubFetch } from '../../../../test/fetch-stub.ts';
import { renderPage } from '../../../../test/render.tsx';
import { SAVE_BEFORE_TEST_HINT } from './settings-rules.ts';
import { SettingsPage } from './settings-page.tsx';

const settings: SiteSettings = {
  siteName: 'Medical Learning Platform',
  siteDescription: 'Learn',
  contactEmail: 'support@example.com',
  maintenanceMode: false,
  registrationEnabled: true,
  examCreationEnabled: true,
  paypal: { clientId: '', mode: 'sandbox', enabled: false, hasClientSecret: false },
};

describe('SettingsPage', () => {
  it('saves the whole form, then allows testing the saved PayPal credentials', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let stored = settings;
    const requests = stubFetch({
      'GET /api/admin/settings': () => json(stored),
      'PUT /api/admin/settings': (request) => {
        const { paypal, ...rest } = request.body as Omit<SiteSettings, 'paypal'> & {
          paypal: Omit<SiteSettings['paypal'], 'hasClientSecret'> & { clientSecret?: string };
        };
        stored = {
          ...rest,
          paypal: {
            clientId: paypal.clientId,
            mode: paypal.mode,
            enabled: paypal.enabled,
            hasClientSecret: true,
          },
        };
        return json(stored);
      },
      'POST /api/admin/settings/test-paypal': () =>
        json({ mode: 'sandbox', message: 'PayPal connection successful! Mode: sandbox' }),
    });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    const test = await screen.findByRole('button', { name: 'Test Connection' });
    expect(test.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Client ID').disabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Enable PayPal' }));
    await user.type(screen.getByLabelText('Client ID'), 'client-abc');
    await user.type(screen.getByLabelText('Client Secret'), 'secret-xyz');
    expect(test.hasAttribute('disabled')).toBe(true);
    expect(screen.getByText(SAVE_BEFORE_TEST_HINT)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      siteName: 'Medical Learning Platform',
      paypal: { enabled: true, clientId: 'client-abc', clientSecret: 'secret-xyz', mode: 'sandbox' },
    });
    expect(screen.getByText('A secret is saved. Leave empty to keep it.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Client Secret').value).toBe('');

    await waitFor(() => expect(test.hasAttribute('disabled')).toBe(false));
    await user.click(test);
    expect(await screen.findByText('PayPal connection successful! Mode: sandbox')).toBeTruthy();
  });

  it('requires the site name and contact email', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({ 'GET /api/admin/settings': () => json(settings) });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    await user.clear(await screen.findByLabelText(/^Site Name/));
    await user.clear(screen.getByLabelText(/^Contact Email/));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(screen.getByText('Site name is required')).toBeTruthy();
    expect(screen.getByText('Contact email is required')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
  });
});
