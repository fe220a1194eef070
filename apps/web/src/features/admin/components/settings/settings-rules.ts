import type { SiteSettings, SiteSettingsUpdate } from '@mlp/contract';

/** The settings form as edited; the PayPal secret is write-only, so the field starts empty. */
export interface SettingsFormValues {
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  maintenanceMode: boolean;
  registrationEnabled: boolean;
  examCreationEnabled: boolean;
  paypal: { enabled: boolean; clientId: string; clientSecret: string; mode: 'sandbox' | 'production' };
}

export function toFormValues(settings: SiteSettings): SettingsFormValues {
  return {
    siteName: settings.siteName,
    siteDescription: settings.siteDescription,
    contactEmail: settings.contactEmail,
    maintenanceMode: settings.maintenanceMode,
    registrationEnabled: settings.registrationEnabled,
    examCreationEnabled: settings.examCreationEnabled,
    paypal: {
      enabled: settings.paypal.enabled,
      clientId: settings.paypal.clientId,
      clientSecret: '',
      mode: settings.paypal.mode,
    },
  };
}

/** The PUT body: the whole object, with the client secret only when one was typed (empty keeps it). */
export function toUpdateBody(values: SettingsFormValues): SiteSettingsUpdate {
  const secret = values.paypal.clientSecret.trim();
  return {
    siteName: values.siteName.trim(),
    siteDescription: values.siteDescription.trim(),
    contactEmail: values.contactEmail.trim(),
    maintenanceMode: values.maintenanceMode,
    registrationEnabled: values.registrationEnabled,
    examCreationEnabled: values.examCreationEnabled,
    paypal: {
      enabled: values.paypal.enabled,
      clientId: values.paypal.clientId.trim(),
      mode: values.paypal.mode,
      ...(secret ? { clientSecret: secret } : {}),
    },
  };
}

/** Whether the payment part of the form differs from what is saved (a typed secret always does). */
export function hasUnsavedPaymentChanges(values: SettingsFormValues, saved: SiteSettings): boolean {
  return (
    values.paypal.enabled !== saved.paypal.enabled ||
    values.paypal.clientId.trim() !== saved.paypal.clientId ||
    values.paypal.mode !== saved.paypal.mode ||
    values.paypal.clientSecret.trim() !== ''
  );
}

export const SAVE_BEFORE_TEST_HINT = 'Save your payment settings first: the test uses the saved credentials.';

/**
 * Spec §5: 'the test-connection button needs enabled, client id and secret'. The server tests the SAVED
 * credentials, so the button also waits until the payment fields are saved, and says why.
 */
export function paymentTestState(
  values: SettingsFormValues,
  saved: SiteSettings,
): {
  canTest: boolean;
  hint: string | null;
} {
  const { enabled, clientId, clientSecret } = values.paypal;
  const hasSecret = clientSecret.trim() !== '' || saved.paypal.hasClientSecret;
  if (!enabled || !clientId.trim() || !hasSecret) {
    return {
      canTest: false,
      hint: 'Enable PayPal and enter a client ID and client secret to test the connection.',
    };
  }
  if (hasUnsavedPaymentChanges(values, saved)) return { canTest: false, hint: SAVE_BEFORE_TEST_HINT };
  return { canTest: true, hint: null };
}

/** Spec §5 Settings: site name and contact e-mail are required. */
export function validateSettings(
  values: SettingsFormValues,
): Partial<Record<'siteName' | 'contactEmail', string>> {
  const errors: Partial<Record<'siteName' | 'contactEmail', string>> = {};
  if (!values.siteName.trim()) errors.siteName = 'Site name is required';
  const email = values.contactEmail.trim();
  if (!email) errors.contactEmail = 'Contact email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.contactEmail = 'Please enter a valid email address';
  return errors;
}
