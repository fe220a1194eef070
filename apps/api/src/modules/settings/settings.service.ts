import {
  PAYPAL_CREDENTIALS_REQUIRED,
  type PublicSettings,
  type SiteSettings,
  type SiteSettingsUpdateSchema,
  type TestPaypalBody,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadGatewayError, BadRequestError } from '../../lib/errors.ts';
import { PaypalError, type PaypalCredentials } from '../../lib/paypal/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { SETTINGS_MESSAGES } from './settings.messages.ts';
import {
  getSettingsRow,
  updateSettingsRow,
  type SiteSettingsRow,
  type SiteSettingsUpdate,
} from './settings.repository.ts';

export type { SiteSettingsRow } from './settings.repository.ts';

/**
 * Whether the sandbox demo payment ('manual-…') is accepted and offered (decision 0019): sandbox mode,
 * and in production only when an administrator has turned test payments on.
 */
export function testPaymentsActive(row: SiteSettingsRow, isProduction: boolean): boolean {
  return row.paypalMode === 'sandbox' && (!isProduction || row.testPaymentsEnabled);
}

/**
 * Site settings, read on almost every request (maintenance mode), so each process keeps them for
 * a second. A write through this process drops its copy at once; other processes see it within a second.
 */
export class SettingsService {
  private cached: { row: SiteSettingsRow; at: number } | undefined;

  constructor(
    private readonly db: Db,
    private readonly appSecret: string,
    private readonly ttlMs = 1000,
  ) {}

  async get(): Promise<SiteSettingsRow> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.row;
    const row = await getSettingsRow(this.db);
    this.cached = { row, at: Date.now() };
    return row;
  }

  async update(update: SiteSettingsUpdate): Promise<SiteSettingsRow> {
    const row = await updateSettingsRow(this.db, update);
    this.cached = { row, at: Date.now() };
    return row;
  }

  invalidate(): void {
    this.cached = undefined;
  }

  async getPublic(): Promise<PublicSettings> {
    return toPublicSettings(await this.get());
  }

  /** The stored PayPal client secret, decrypted, or undefined when none is stored. */
  storedPaypalSecret(row: SiteSettingsRow): string | undefined {
    return row.paypalClientSecretEnc ? decryptSecret(row.paypalClientSecretEnc, this.appSecret) : undefined;
  }

  /** The stored PayPal credentials, or undefined when incomplete (decision 0028: payments read them here). */
  paypalCredentials(row: SiteSettingsRow): PaypalCredentials | undefined {
    const clientSecret = this.storedPaypalSecret(row);
    if (!row.paypalClientId || !clientSecret) return undefined;
    return { clientId: row.paypalClientId, clientSecret, mode: row.paypalMode };
  }
}

/** What every visitor may read (`GET /api/settings/public`); the other settings build on it. */
function toPublicSettings(row: SiteSettingsRow): PublicSettings {
  return {
    siteName: row.siteName,
    siteDescription: row.siteDescription,
    contactEmail: row.contactEmail,
    maintenanceMode: row.maintenanceMode,
    registrationEnabled: row.registrationEnabled,
    communityEnabled: row.communityEnabled,
  };
}

function toSiteSettings(row: SiteSettingsRow, isProduction: boolean): SiteSettings {
  return {
    ...toPublicSettings(row),
    examCreationEnabled: row.examCreationEnabled,
    paypal: {
      clientId: row.paypalClientId,
      mode: row.paypalMode,
      enabled: row.paypalEnabled,
      hasClientSecret: row.paypalClientSecretEnc !== null,
      testPayments: row.testPaymentsEnabled,
      webhookId: row.paypalWebhookId,
    },
    testPaymentsActive: testPaymentsActive(row, isProduction),
    community: { enabled: row.communityEnabled, holdFirstComments: row.communityHoldFirstComments },
  };
}

/** The settings as an administrator reads them (the PayPal secret never leaves the server). */
export async function adminSettings(ctx: AppContext): Promise<SiteSettings> {
  return toSiteSettings(await ctx.settings.get(), ctx.config.isProduction);
}

/** What a save changed, for the activity log: the PayPal secret by name only, never its value. */
function settingsChanges(before: SiteSettingsRow, after: SiteSettingsRow, secretChanged: boolean) {
  const shown = (row: SiteSettingsRow) => ({
    ...toPublicSettings(row),
    examCreationEnabled: row.examCreationEnabled,
    paypalEnabled: row.paypalEnabled,
    paypalClientId: row.paypalClientId,
    paypalMode: row.paypalMode,
    testPaymentsEnabled: row.testPaymentsEnabled,
    paypalWebhookId: row.paypalWebhookId,
    communityHoldFirstComments: row.communityHoldFirstComments,
  });
  return [
    ...changedFields(shown(before), shown(after)),
    ...(secretChanged ? [{ field: 'paypalClientSecret' }] : []),
  ];
}

/**
 * Saves the whole settings form in one transaction with its activity-log entry. PayPal cannot be
 * enabled without a client ID and a client secret, typed or stored (decision 0024); an omitted or empty
 * secret keeps the stored one, and an omitted test-payments choice keeps the stored one.
 */
export async function saveSettings(
  ctx: AppContext,
  actor: Actor,
  body: z.output<typeof SiteSettingsUpdateSchema>,
): Promise<SiteSettings> {
  const secret = body.paypal.clientSecret;
  const row = await ctx.db.transaction(async (tx) => {
    const current = await getSettingsRow(tx);
    const stored = ctx.settings.storedPaypalSecret(current);
    if (body.paypal.enabled && (!body.paypal.clientId || !(secret || stored)))
      throw new BadRequestError(PAYPAL_CREDENTIALS_REQUIRED);
    // A typed secret equal to the stored one changes nothing.
    const secretChanged = Boolean(secret) && stored !== secret;
    const updated = await updateSettingsRow(tx, {
      siteName: body.siteName,
      siteDescription: body.siteDescription,
      contactEmail: body.contactEmail,
      maintenanceMode: body.maintenanceMode,
      registrationEnabled: body.registrationEnabled,
      examCreationEnabled: body.examCreationEnabled,
      paypalClientId: body.paypal.clientId,
      paypalMode: body.paypal.mode,
      paypalEnabled: body.paypal.enabled,
      testPaymentsEnabled: body.paypal.testPayments ?? current.testPaymentsEnabled,
      paypalWebhookId: body.paypal.webhookId ?? current.paypalWebhookId,
      // Omitted keeps the stored community switches (forms from before they existed).
      communityEnabled: body.community?.enabled ?? current.communityEnabled,
      communityHoldFirstComments: body.community?.holdFirstComments ?? current.communityHoldFirstComments,
      // Omitted or empty keeps the stored secret (it is write-only and never sent back).
      ...(secret ? { paypalClientSecretEnc: encryptSecret(secret, ctx.config.appSecret) } : {}),
    });
    await recordAudit(tx, actor, {
      action: 'updated',
      entityType: 'settings',
      details: {
        label: 'site settings',
        maintenanceMode: body.maintenanceMode,
        registrationEnabled: body.registrationEnabled,
        paypalEnabled: body.paypal.enabled,
        paypalMode: body.paypal.mode,
        clientSecretChanged: secretChanged,
        changes: settingsChanges(current, updated, secretChanged),
      },
    });
    return updated;
  });
  ctx.settings.invalidate();
  return toSiteSettings(row, ctx.config.isProduction);
}

/**
 * The credentials a connection test tries. With values from the form (any field sent), those, each
 * falling back to the stored one (an empty secret keeps the stored secret, as on save); otherwise the
 * saved settings, which must have PayPal enabled (decision 0024).
 */
function credentialsToTest(ctx: AppContext, row: SiteSettingsRow, body: TestPaypalBody): PaypalCredentials {
  const typed = body && Object.values(body).some((value) => value !== undefined);
  if (!typed) {
    if (!row.paypalEnabled) throw new BadRequestError(SETTINGS_MESSAGES.enableBeforeTest);
    const saved = ctx.settings.paypalCredentials(row);
    if (!saved) throw new BadRequestError(SETTINGS_MESSAGES.saveBeforeTest);
    return saved;
  }
  const clientId = body.clientId ?? row.paypalClientId;
  const clientSecret = body.clientSecret || ctx.settings.storedPaypalSecret(row) || '';
  if (!clientId || !clientSecret) throw new BadRequestError(SETTINGS_MESSAGES.typeToTest);
  return { clientId, clientSecret, mode: body.mode ?? row.paypalMode };
}

/** 'Test Connection': asks PayPal for a token with the typed or saved credentials. */
export async function testPaypalConnection(ctx: AppContext, body: TestPaypalBody) {
  const credentials = credentialsToTest(ctx, await ctx.settings.get(), body);
  try {
    await ctx.paypal.fetchAccessToken(credentials);
  } catch (error) {
    if (error instanceof PaypalError) throw new BadGatewayError(SETTINGS_MESSAGES.refused(error.message));
    throw error;
  }
  return { mode: credentials.mode, message: SETTINGS_MESSAGES.connected(credentials.mode) };
}
