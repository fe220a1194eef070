import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PAYPAL_CREDENTIALS_REQUIRED,
  SiteSettingsSchema,
  SiteSettingsUpdateSchema,
  TestPaypalBodySchema,
  TestPaypalResponseSchema,
  type SiteSettings,
  type TestPaypalBody,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { BadRequestError, BadGatewayError } from '../../lib/errors.ts';
import { PaypalError, type PaypalCredentials } from '../../lib/paypal/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { adminOf, requireAdmin } from '../../plugins/admin-auth.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { getSettingsRow, updateSettingsRow, type SiteSettingsRow } from './settings.repository.ts';
import { testPaymentsActive } from './settings.service.ts';

const tags = ['admin'];
const security = [{ admin: [] }];

export function toSiteSettings(row: SiteSettingsRow, isProduction: boolean): SiteSettings {
  return {
    siteName: row.siteName,
    siteDescription: row.siteDescription,
    contactEmail: row.contactEmail,
    maintenanceMode: row.maintenanceMode,
    registrationEnabled: row.registrationEnabled,
    examCreationEnabled: row.examCreationEnabled,
    paypal: {
      clientId: row.paypalClientId,
      mode: row.paypalMode,
      enabled: row.paypalEnabled,
      hasClientSecret: row.paypalClientSecretEnc !== null,
      testPayments: row.testPaymentsEnabled,
    },
    testPaymentsActive: testPaymentsActive(row, isProduction),
  };
}

/** The stored PayPal credentials, decrypted, or undefined when incomplete. */
export function paypalCredentials(ctx: AppContext, row: SiteSettingsRow) {
  const clientSecret = row.paypalClientSecretEnc
    ? decryptSecret(row.paypalClientSecretEnc, ctx.config.appSecret)
    : undefined;
  if (!row.paypalClientId || !clientSecret) return undefined;
  return { clientId: row.paypalClientId, clientSecret, mode: row.paypalMode };
}

/**
 * The credentials a connection test tries. With values from the form (any field sent), those, each
 * falling back to the stored one (an empty secret keeps the stored secret, as on save); otherwise the
 * saved settings, which must have PayPal enabled (decision 0024).
 */
function credentialsToTest(ctx: AppContext, row: SiteSettingsRow, body: TestPaypalBody): PaypalCredentials {
  const typed = body && Object.values(body).some((value) => value !== undefined);
  if (!typed) {
    if (!row.paypalEnabled)
      throw new BadRequestError('Enable PayPal and save the settings before testing the connection');
    const saved = paypalCredentials(ctx, row);
    if (!saved)
      throw new BadRequestError('Save a PayPal client ID and client secret before testing the connection');
    return saved;
  }
  const clientId = body.clientId ?? row.paypalClientId;
  const clientSecret =
    body.clientSecret ||
    (row.paypalClientSecretEnc ? decryptSecret(row.paypalClientSecretEnc, ctx.config.appSecret) : '');
  if (!clientId || !clientSecret)
    throw new BadRequestError('Enter a PayPal client ID and client secret to test the connection');
  return { clientId, clientSecret, mode: body.mode ?? row.paypalMode };
}

/** What a save changed, for the activity log: the PayPal secret by name only, never its value. */
function settingsChanges(before: SiteSettingsRow, after: SiteSettingsRow, secretChanged: boolean) {
  const shown = (row: SiteSettingsRow) => ({
    siteName: row.siteName,
    siteDescription: row.siteDescription,
    contactEmail: row.contactEmail,
    maintenanceMode: row.maintenanceMode,
    registrationEnabled: row.registrationEnabled,
    examCreationEnabled: row.examCreationEnabled,
    paypalEnabled: row.paypalEnabled,
    paypalClientId: row.paypalClientId,
    paypalMode: row.paypalMode,
    testPaymentsEnabled: row.testPaymentsEnabled,
  });
  return [
    ...changedFields(shown(before), shown(after)),
    ...(secretChanged ? [{ field: 'paypalClientSecret' }] : []),
  ];
}

export const adminSettingsRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', { schema: { tags, security, response: { 200: SiteSettingsSchema } } }, async () =>
    toSiteSettings(await ctx.settings.get(), ctx.config.isProduction),
  );

  app.put(
    '/',
    { schema: { tags, security, body: SiteSettingsUpdateSchema, response: { 200: SiteSettingsSchema } } },
    async (request) => {
      const admin = adminOf(request);
      const body = request.body;
      const secret = body.paypal.clientSecret;
      const row = await ctx.db.transaction(async (tx) => {
        const current = await getSettingsRow(tx);
        // PayPal cannot take payments without both; the form says so before sending (issue 15.12).
        const hasSecret = Boolean(secret) || current.paypalClientSecretEnc !== null;
        if (body.paypal.enabled && (!body.paypal.clientId || !hasSecret))
          throw new BadRequestError(PAYPAL_CREDENTIALS_REQUIRED);
        // A typed secret equal to the stored one changes nothing.
        const secretChanged =
          Boolean(secret) &&
          (!current.paypalClientSecretEnc ||
            decryptSecret(current.paypalClientSecretEnc, ctx.config.appSecret) !== secret);
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
          // Omitted or empty keeps the stored secret (it is write-only and never sent back).
          ...(secret ? { paypalClientSecretEnc: encryptSecret(secret, ctx.config.appSecret) } : {}),
        });
        await recordAudit(
          tx,
          { adminId: admin.adminId, email: admin.email },
          {
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
          },
        );
        return updated;
      });
      ctx.settings.invalidate();
      return toSiteSettings(row, ctx.config.isProduction);
    },
  );

  app.post(
    '/test-paypal',
    {
      schema: {
        tags,
        security,
        summary: 'Try PayPal credentials: the ones in the body (before saving), else the saved ones',
        body: TestPaypalBodySchema,
        response: { 200: TestPaypalResponseSchema },
      },
    },
    async (request) => {
      const credentials = credentialsToTest(ctx, await ctx.settings.get(), request.body);
      try {
        await ctx.paypal.fetchAccessToken(credentials);
      } catch (error) {
        if (error instanceof PaypalError) {
          throw new BadGatewayError(`PayPal refused the credentials: ${error.message}`);
        }
        throw error;
      }
      return { mode: credentials.mode, message: `PayPal connection successful! Mode: ${credentials.mode}` };
    },
  );
};
