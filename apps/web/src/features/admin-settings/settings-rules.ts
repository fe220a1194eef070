import {
  SiteSettingsUpdateSchema,
  type SiteSettings,
  type SiteSettingsUpdate,
  type TestPaypalBody,
} from '@mlp/contract';
import { api } from '@mlp/contract/routes';

/** The settings form as edited; the PayPal secret is write-only, so the field starts empty. */
export interface SettingsFormValues {
  siteName: string;
  siteDescription: string;
  contactEmail: string;
  maintenanceMode: boolean;
  registrationEnabled: boolean;
  examCreationEnabled: boolean;
  paypal: {
    enabled: boolean;
    clientId: string;
    clientSecret: string;
    mode: 'sandbox' | 'production';
    testPayments: boolean;
    /** PayPal's id of the webhook that calls this site (decision 0030) */
    webhookId: string;
  };
  /** the learning community's switches (decision 0056) */
  community: { enabled: boolean; holdFirstComments: boolean };
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
      testPayments: settings.paypal.testPayments,
      webhookId: settings.paypal.webhookId,
    },
    community: {
      enabled: settings.community.enabled,
      holdFirstComments: settings.community.holdFirstComments,
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
      testPayments: values.paypal.testPayments,
      webhookId: values.paypal.webhookId.trim(),
      ...(secret ? { clientSecret: secret } : {}),
    },
    community: {
      enabled: values.community.enabled,
      holdFirstComments: values.community.holdFirstComments,
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

export const TEST_NEEDS_CREDENTIALS_HINT =
  'Enable PayPal and enter a client ID and client secret to test the connection.';
export const TEST_UNSAVED_HINT = 'The test uses the values above. They are saved only with Save Settings.';

/**
 * Spec §5: 'the test-connection button needs enabled, client id and secret' (a typed secret, or the
 * saved one). The test tries what the form holds, saved or not (decision 0024), and says so when that
 * differs from what is saved.
 */
export function paymentTestState(
  values: SettingsFormValues,
  saved: SiteSettings,
): {
  canTest: boolean;
  hint: string | null;
} {
  const { enabled, clientId } = values.paypal;
  if (!enabled || !clientId.trim() || !hasPaypalSecret(values, saved)) {
    return { canTest: false, hint: TEST_NEEDS_CREDENTIALS_HINT };
  }
  return { canTest: true, hint: hasUnsavedPaymentChanges(values, saved) ? TEST_UNSAVED_HINT : null };
}

/** The connection test's body: the form's client ID and mode, and the secret only when one was typed. */
export function toTestBody(values: SettingsFormValues): TestPaypalBody {
  const secret = values.paypal.clientSecret.trim();
  return {
    clientId: values.paypal.clientId.trim(),
    mode: values.paypal.mode,
    ...(secret ? { clientSecret: secret } : {}),
  };
}

function hasPaypalSecret(values: SettingsFormValues, saved: SiteSettings): boolean {
  return values.paypal.clientSecret.trim() !== '' || saved.paypal.hasClientSecret;
}

export const PAYPAL_CLIENT_ID_NEEDED = 'Enter the client ID to enable PayPal.';
export const PAYPAL_SECRET_NEEDED = 'No secret saved yet. Enter the client secret to enable PayPal.';

/**
 * PayPal switched on needs a client ID and a client secret, typed or already saved; the server refuses
 * the save otherwise (PAYPAL_CREDENTIALS_REQUIRED). Returns what each field lacks.
 */
export function paypalProblems(
  values: SettingsFormValues,
  saved: SiteSettings,
): Partial<Record<'clientId' | 'clientSecret', string>> {
  if (!values.paypal.enabled) return {};
  return {
    ...(values.paypal.clientId.trim() ? {} : { clientId: PAYPAL_CLIENT_ID_NEEDED }),
    ...(hasPaypalSecret(values, saved) ? {} : { clientSecret: PAYPAL_SECRET_NEEDED }),
  };
}

export type SettingsErrors = Partial<
  Record<'siteName' | 'contactEmail' | 'paypalClientId' | 'paypalClientSecret' | 'webhookId', string>
>;

/** The contract's rule for PayPal's webhook id (letters, digits and hyphens, at most 100), in its words. */
export function webhookIdProblem(webhookId: string): string | null {
  const parsed = SiteSettingsUpdateSchema.shape.paypal.shape.webhookId.safeParse(webhookId);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Invalid webhook ID');
}

/**
 * Spec §5 Settings: site name and contact e-mail are required; PayPal switched on needs its client ID and
 * secret (decision 0024).
 */
export function validateSettings(values: SettingsFormValues, saved: SiteSettings): SettingsErrors {
  const errors: SettingsErrors = {};
  if (!values.siteName.trim()) errors.siteName = 'Site name is required';
  const email = values.contactEmail.trim();
  if (!email) errors.contactEmail = 'Contact email is required';
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    errors.contactEmail = 'Please enter a valid email address';
  const paypal = paypalProblems(values, saved);
  if (paypal.clientId) errors.paypalClientId = paypal.clientId;
  if (paypal.clientSecret) errors.paypalClientSecret = paypal.clientSecret;
  const webhook = webhookIdProblem(values.paypal.webhookId);
  if (webhook) errors.webhookId = webhook;
  return errors;
}

/** Where PayPal sends its events (decision 0030), and why the webhook's ID matters. */
export function webhookHelp(siteAddress: string): string {
  return `In your PayPal app, add a webhook for ${siteAddress}${api.payments.webhook.path} with the PAYMENT.CAPTURE and VAULT.PAYMENT-TOKEN events, then paste its ID here. Refunds made on PayPal and saved accounts removed there reach this site only with it.`;
}
