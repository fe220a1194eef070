import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@mlp/contract';
import { adminMe, json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildSiteSettings } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { PAYPAL_CLIENT_ID_NEEDED, PAYPAL_SECRET_NEEDED, TEST_UNSAVED_HINT } from '../settings-rules.ts';
import { TEST_PAYMENTS_ON } from '../../../components/admin/test-payments-warning.tsx';
import { SettingsPage } from './settings-page.tsx';

const settings = buildSiteSettings({
  siteName: 'Medical Learning Platform',
  siteDescription: 'Learn',
  contactEmail: 'support@example.com',
});

describe('SettingsPage', () => {
  it('shows a role without settings only its own password, and never asks for the settings (decision 0067)', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({ 'GET /api/admin/auth/me': () => adminMe('support') });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    expect(
      await screen.findByText('Site settings are managed by an Owner. Your role is Support.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Password' })).toBeTruthy();
    expect(screen.queryByLabelText(/Site Name/i)).toBeNull();
    expect(requests.some((request) => request.path === '/api/admin/settings')).toBe(false);
  });

  it('tests the PayPal credentials typed in the form before saving, then saves them', async () => {
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
          // Worked out by the server, not sent.
          testPaymentsActive: stored.testPaymentsActive,
          paypal: {
            clientId: paypal.clientId,
            mode: paypal.mode,
            enabled: paypal.enabled,
            hasClientSecret: true,
            testPayments: paypal.testPayments ?? false,
            webhookId: paypal.webhookId ?? '',
          },
        };
        return json(stored);
      },
      'POST /api/admin/settings/test-paypal': (request) => {
        const { mode } = request.body as { mode: string };
        return json({ mode, message: `PayPal connection successful! Mode: ${mode}` });
      },
    });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    const test = await screen.findByRole('button', { name: 'Test Connection' });
    expect(test.hasAttribute('disabled')).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('Client ID').disabled).toBe(true);

    await user.click(screen.getByRole('switch', { name: 'Enable PayPal' }));
    await user.type(screen.getByLabelText('Client ID'), 'client-abc');
    expect(test.hasAttribute('disabled')).toBe(true);
    await user.type(screen.getByLabelText('Client Secret'), 'secret-xyz');
    await user.click(screen.getByLabelText('Mode'));
    await user.click(await screen.findByRole('option', { name: 'Production' }));

    // Nothing is saved yet: the test tries what the form holds.
    expect(test.hasAttribute('disabled')).toBe(false);
    expect(screen.getByText(TEST_UNSAVED_HINT)).toBeTruthy();
    await user.click(test);
    expect(await screen.findByText('PayPal connection successful! Mode: production')).toBeTruthy();
    expect(requests.find((r) => r.path === '/api/admin/settings/test-paypal')?.body).toEqual({
      clientId: 'client-abc',
      clientSecret: 'secret-xyz',
      mode: 'production',
    });
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({
      siteName: 'Medical Learning Platform',
      paypal: { enabled: true, clientId: 'client-abc', clientSecret: 'secret-xyz', mode: 'production' },
      // Untouched switches are sent as they were.
      community: { enabled: true, holdFirstComments: false },
    });
    expect(screen.getByText('A secret is saved. Leave empty to keep it.')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Client Secret').value).toBe('');
    expect(screen.queryByText(TEST_UNSAVED_HINT)).toBeNull();

    // Saved: a later test without a typed secret sends none, so the server uses the saved one.
    await user.click(test);
    await waitFor(() =>
      expect(requests.filter((r) => r.path === '/api/admin/settings/test-paypal')).toHaveLength(2),
    );
    expect(requests.filter((r) => r.path === '/api/admin/settings/test-paypal')[1]?.body).toEqual({
      clientId: 'client-abc',
      mode: 'production',
    });
  });

  it('says PayPal needs a client ID and a secret before sending a save that enables it', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const requests = stubFetch({ 'GET /api/admin/settings': () => json(settings) });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    await user.click(await screen.findByRole('switch', { name: 'Enable PayPal' }));
    // Said as soon as the switch is on…
    expect(screen.getByText(PAYPAL_CLIENT_ID_NEEDED)).toBeTruthy();
    expect(screen.getByText(PAYPAL_SECRET_NEEDED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    // …and the save is not sent; the fields are marked invalid.
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(screen.getByLabelText('Client ID').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Client Secret').getAttribute('aria-invalid')).toBe('true');

    await user.type(screen.getByLabelText('Client ID'), 'client-abc');
    expect(screen.queryByText(PAYPAL_CLIENT_ID_NEEDED)).toBeNull();
    expect(screen.getByLabelText('Client ID').getAttribute('aria-invalid')).toBe('false');
  });

  it('turns test payments on for production and says while they are on (decision 0019)', async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let stored: SiteSettings = { ...settings, testPaymentsActive: false };
    const requests = stubFetch({
      'GET /api/admin/settings': () => json(stored),
      'PUT /api/admin/settings': (request) => {
        const body = request.body as { paypal: { testPayments: boolean } };
        stored = {
          ...stored,
          paypal: { ...stored.paypal, testPayments: body.paypal.testPayments },
          testPaymentsActive: body.paypal.testPayments,
        };
        return json(stored);
      },
    });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();
    const allow = await screen.findByRole('switch', { name: 'Allow Test Payments in Production' });
    expect(screen.queryByText(TEST_PAYMENTS_ON)).toBeNull();
    await user.click(allow);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(TEST_PAYMENTS_ON)).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ paypal: { testPayments: true } });
  });

  it("sends PayPal's webhook ID on save, and says where PayPal should send its events", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    const saved: SiteSettings = {
      ...settings,
      paypal: { ...settings.paypal, enabled: true, clientId: 'client-abc', hasClientSecret: true },
    };
    const requests = stubFetch({
      'GET /api/admin/settings': () => json(saved),
      'PUT /api/admin/settings': (request) => {
        const body = request.body as { paypal: { webhookId?: string } };
        return json({ ...saved, paypal: { ...saved.paypal, webhookId: body.paypal.webhookId ?? '' } });
      },
    });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    const webhook = await screen.findByLabelText<HTMLInputElement>('Webhook ID');
    expect(webhook.disabled).toBe(false);
    expect(
      screen.getByText(
        `In your PayPal app, add a webhook for ${window.location.origin}/api/payments/paypal/webhook with the PAYMENT.CAPTURE and VAULT.PAYMENT-TOKEN events, then paste its ID here. Refunds made on PayPal and saved accounts removed there reach this site only with it.`,
      ),
    ).toBeTruthy();

    // The server's rule, before anything is sent.
    await user.type(webhook, 'WH 1');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Webhook ID may contain only letters, digits and hyphens')).toBeTruthy();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await user.clear(webhook);
    await user.type(webhook, ' 8PT597110X687430LKGECATA ');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      paypal: { enabled: true, clientId: 'client-abc', webhookId: '8PT597110X687430LKGECATA' },
    });
    expect(webhook.value).toBe('8PT597110X687430LKGECATA');

    // Off with PayPal, like the other PayPal fields.
    await user.click(screen.getByRole('switch', { name: 'Enable PayPal' }));
    expect(webhook.disabled).toBe(true);
  });

  it("saves the community's switches with the rest of the form (decision 0056)", async () => {
    window.localStorage.setItem('adminToken', 'admin-token');
    let stored: SiteSettings = settings;
    const requests = stubFetch({
      'GET /api/admin/settings': () => json(stored),
      'PUT /api/admin/settings': (request) => {
        const body = request.body as { community: SiteSettings['community'] };
        stored = { ...stored, community: body.community };
        return json(stored);
      },
    });
    renderPage(<SettingsPage />, { url: '/admin/settings' });
    const user = userEvent.setup();

    const discussions = await screen.findByRole<HTMLInputElement>('switch', {
      name: 'Community discussions',
    });
    const hold = screen.getByRole<HTMLInputElement>('switch', { name: 'Hold first comments for approval' });
    expect(discussions.checked).toBe(true);
    expect(hold.checked).toBe(false);
    expect(document.getElementById(discussions.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Off hides every discussion under questions and articles.',
    );
    expect(
      screen.getByText("A learner's comments wait for a moderator until one of theirs has been approved."),
    ).toBeTruthy();

    await user.click(discussions);
    await user.click(hold);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Settings updated successfully')).toBeTruthy();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      siteName: 'Medical Learning Platform',
      maintenanceMode: false,
      community: { enabled: false, holdFirstComments: true },
    });
    expect(discussions.checked).toBe(false);
    expect(hold.checked).toBe(true);
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
