import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@mlp/contract';
import {
  paymentTestState,
  SAVE_BEFORE_TEST_HINT,
  toFormValues,
  toUpdateBody,
  validateSettings,
} from './settings-rules.ts';

const saved = (paypal: Partial<SiteSettings['paypal']> = {}): SiteSettings => ({
  siteName: 'Medical Learning Platform',
  siteDescription: '',
  contactEmail: 'support@example.com',
  maintenanceMode: false,
  registrationEnabled: true,
  examCreationEnabled: true,
  paypal: { clientId: 'client', mode: 'sandbox', enabled: true, hasClientSecret: true, ...paypal },
});

describe('Test Connection button (spec §5)', () => {
  it('is enabled when PayPal is enabled with a saved client id and secret', () => {
    const settings = saved();
    expect(paymentTestState(toFormValues(settings), settings)).toEqual({ canTest: true, hint: null });
  });

  it('needs PayPal enabled, a client id and a secret', () => {
    for (const settings of [
      saved({ enabled: false }),
      saved({ clientId: '' }),
      saved({ hasClientSecret: false }),
    ]) {
      expect(paymentTestState(toFormValues(settings), settings).canTest).toBe(false);
    }
  });

  it('waits for unsaved payment changes to be saved, because the server tests the saved credentials', () => {
    const settings = saved({ hasClientSecret: false });
    const values = toFormValues(settings);
    values.paypal.clientSecret = 'typed-secret';
    expect(paymentTestState(values, settings)).toEqual({ canTest: false, hint: SAVE_BEFORE_TEST_HINT });

    const modeChanged = toFormValues(saved());
    modeChanged.paypal.mode = 'production';
    expect(paymentTestState(modeChanged, saved()).hint).toBe(SAVE_BEFORE_TEST_HINT);

    // A change elsewhere in the form does not matter.
    const nameChanged = { ...toFormValues(saved()), siteName: 'Other' };
    expect(paymentTestState(nameChanged, saved()).canTest).toBe(true);
  });
});

describe('saving settings', () => {
  it('sends the client secret only when one was typed', () => {
    const values = toFormValues(saved());
    expect(toUpdateBody(values).paypal).not.toHaveProperty('clientSecret');
    values.paypal.clientSecret = '  new-secret ';
    expect(toUpdateBody(values).paypal.clientSecret).toBe('new-secret');
  });

  it('requires the site name and a valid contact email', () => {
    const values = { ...toFormValues(saved()), siteName: ' ', contactEmail: '' };
    expect(validateSettings(values)).toEqual({
      siteName: 'Site name is required',
      contactEmail: 'Contact email is required',
    });
    expect(validateSettings({ ...values, siteName: 'x', contactEmail: 'nope' }).contactEmail).toBe(
      'Please enter a valid email address',
    );
  });
});
