import { describe, expect, it } from 'vitest';
import type { SiteSettings } from '@mlp/contract';
import {
  PAYPAL_CLIENT_ID_NEEDED,
  PAYPAL_SECRET_NEEDED,
  paymentTestState,
  paypalProblems,
  TEST_UNSAVED_HINT,
  toFormValues,
  toTestBody,
  toUpdateBody,
  validateSettings,
  webhookIdProblem,
} from './settings-rules.ts';

const saved = (paypal: Partial<SiteSettings['paypal']> = {}): SiteSettings => ({
  siteName: 'Medical Learning Platform',
  siteDescription: '',
  contactEmail: 'support@example.com',
  maintenanceMode: false,
  registrationEnabled: true,
  examCreationEnabled: true,
  paypal: {
    clientId: 'client',
    mode: 'sandbox',
    enabled: true,
    hasClientSecret: true,
    testPayments: false,
    webhookId: '',
    ...paypal,
  },
  testPaymentsActive: true,
  community: { enabled: true, holdFirstComments: false },
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

  it('tests unsaved payment values as typed, and says they are not saved yet (decision 0024)', () => {
    const settings = saved({ hasClientSecret: false });
    const values = toFormValues(settings);
    values.paypal.clientSecret = 'typed-secret';
    expect(paymentTestState(values, settings)).toEqual({ canTest: true, hint: TEST_UNSAVED_HINT });

    const modeChanged = toFormValues(saved());
    modeChanged.paypal.mode = 'production';
    expect(paymentTestState(modeChanged, saved())).toEqual({ canTest: true, hint: TEST_UNSAVED_HINT });

    // Switched on in the form but not saved yet: still testable.
    const switchedOn = toFormValues(saved({ enabled: false }));
    switchedOn.paypal.enabled = true;
    expect(paymentTestState(switchedOn, saved({ enabled: false })).canTest).toBe(true);

    // A change elsewhere in the form does not matter.
    const nameChanged = { ...toFormValues(saved()), siteName: 'Other' };
    expect(paymentTestState(nameChanged, saved())).toEqual({ canTest: true, hint: null });
  });

  it('sends the typed client ID and mode, and the secret only when one was typed', () => {
    const values = toFormValues(saved());
    values.paypal.clientId = ' new-client ';
    values.paypal.mode = 'production';
    expect(toTestBody(values)).toEqual({ clientId: 'new-client', mode: 'production' });
    values.paypal.clientSecret = ' typed ';
    expect(toTestBody(values)).toEqual({ clientId: 'new-client', mode: 'production', clientSecret: 'typed' });
  });
});

describe('enabling PayPal (decision 0024)', () => {
  it('needs a client ID and a client secret, typed or saved', () => {
    const none = saved({ enabled: false, clientId: '', hasClientSecret: false });
    const values = toFormValues(none);
    values.paypal.enabled = true;
    expect(paypalProblems(values, none)).toEqual({
      clientId: PAYPAL_CLIENT_ID_NEEDED,
      clientSecret: PAYPAL_SECRET_NEEDED,
    });
    expect(validateSettings(values, none)).toEqual({
      paypalClientId: PAYPAL_CLIENT_ID_NEEDED,
      paypalClientSecret: PAYPAL_SECRET_NEEDED,
    });
    values.paypal.clientId = 'client';
    values.paypal.clientSecret = 'secret';
    expect(validateSettings(values, none)).toEqual({});
    // A saved secret is enough.
    const withSecret = saved({ enabled: false, hasClientSecret: true });
    const enabling = {
      ...toFormValues(withSecret),
      paypal: { ...toFormValues(withSecret).paypal, enabled: true },
    };
    expect(paypalProblems(enabling, withSecret)).toEqual({});
  });

  it('asks nothing while PayPal stays off', () => {
    const off = saved({ enabled: false, clientId: '', hasClientSecret: false });
    expect(paypalProblems(toFormValues(off), off)).toEqual({});
  });
});

describe('saving settings', () => {
  it('sends the client secret only when one was typed', () => {
    const values = toFormValues(saved());
    expect(toUpdateBody(values).paypal).not.toHaveProperty('clientSecret');
    values.paypal.clientSecret = '  new-secret ';
    expect(toUpdateBody(values).paypal.clientSecret).toBe('new-secret');
  });

  it("sends the community's switches as the form holds them (decision 0056)", () => {
    const values = toFormValues(saved());
    expect(values.community).toEqual({ enabled: true, holdFirstComments: false });
    values.community = { enabled: false, holdFirstComments: true };
    expect(toUpdateBody(values).community).toEqual({ enabled: false, holdFirstComments: true });
  });

  it('requires the site name and a valid contact email', () => {
    const values = { ...toFormValues(saved()), siteName: ' ', contactEmail: '' };
    expect(validateSettings(values, saved())).toEqual({
      siteName: 'Site name is required',
      contactEmail: 'Contact email is required',
    });
    expect(validateSettings({ ...values, siteName: 'x', contactEmail: 'nope' }, saved()).contactEmail).toBe(
      'Please enter a valid email address',
    );
  });
});

describe("PayPal's webhook ID (decision 0030)", () => {
  it('is sent on save, trimmed, whether PayPal is on or off', () => {
    const values = toFormValues(saved({ enabled: false }));
    expect(values.paypal.webhookId).toBe('');
    values.paypal.webhookId = ' 8PT597110X687430LKGECATA ';
    expect(toUpdateBody(values).paypal.webhookId).toBe('8PT597110X687430LKGECATA');
  });

  it('takes letters, digits and hyphens only, at most 100, as the server does', () => {
    expect(webhookIdProblem('')).toBeNull();
    expect(webhookIdProblem('WH-8PT5-97110')).toBeNull();
    expect(webhookIdProblem('WH 8PT5')).toBe('Webhook ID may contain only letters, digits and hyphens');
    expect(webhookIdProblem('W'.repeat(101))).toBe('Webhook ID must be at most 100 characters');
    const values = toFormValues(saved());
    values.paypal.webhookId = 'not/an/id';
    expect(validateSettings(values, saved())).toEqual({
      webhookId: 'Webhook ID may contain only letters, digits and hyphens',
    });
  });
});
