import {
  PAYPAL_CREDENTIALS_REQUIRED,
  type PublicSettings,
  type SiteSettings,
  type SiteSettingsUpdateSchema,
  type TestPaypalBody,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Db, Tx } from '../../db/client.ts';
import type { ChannelListener } from '../../db/listener.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadGatewayError, BadRequestError } from '../../lib/errors.ts';
import { PaypalError, type PaypalCredentials } from '../../lib/paypal/client.ts';
import { decryptSecret, encryptSecret } from '../../lib/secrets.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { SETTINGS_MESSAGES } from './settings.messages.ts';
import {
  announceSettingsChange,
  countListeners,
  getSettingsRow,
  SETTINGS_CHANNEL,
  SETTINGS_HEARD_CHANNEL,
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

/** A settings write waiting for every process to say it has dropped its copy (decision 0071). */
interface PendingWrite {
  heard: Set<string>;
  expected: number | undefined;
  done: () => void;
}

/** Where the settings cache reports its listener's state (the app's log). */
export type SettingsLog = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * Site settings, read on almost every request (maintenance mode), so each process keeps them for a short
 * while (`ttlMs`, a second). On PostgreSQL a write tells every process at once (decision 0071): it NOTIFYs
 * in its transaction, each process LISTENs on a connection of its own, drops its copy and answers, and
 * the write returns once every listening process has answered, or after `ttlMs`, when every copy read
 * before the write has expired anyway. While its listener is down a process relies on the short cache.
 */
export class SettingsService {
  private cached: { row: SiteSettingsRow; at: number } | undefined;
  /** bumped by every invalidation, so a read that was under way then does not store what it read */
  private generation = 0;
  private listener: ChannelListener | undefined;
  private readonly listenerId = randomUUID();
  private readonly pending = new Map<string, PendingWrite>();
  private log: SettingsLog | undefined;

  constructor(
    private readonly database: Pick<Database, 'db' | 'listen'>,
    private readonly appSecret: string,
    private readonly ttlMs = 1000,
  ) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Starts listening for other processes' writes (PostgreSQL with a cache; a no-op otherwise). */
  startListening(): void {
    if (this.listener || this.ttlMs <= 0 || !this.database.listen) return;
    let wasDown = false;
    this.listener = this.database.listen({
      channels: [SETTINGS_CHANNEL, SETTINGS_HEARD_CHANNEL],
      onNotification: (channel, payload) => this.heard(channel, payload),
      onConnected: () => {
        // Writes made while it was down were not heard.
        this.invalidate();
        if (wasDown) this.log?.info('settings listener reconnected');
        wasDown = false;
      },
      onDisconnected: (error) => {
        this.invalidate();
        if (!wasDown)
          this.log?.warn(
            { err: error },
            'settings listener disconnected; settings changes reach this process within a second',
          );
        wasDown = true;
      },
    });
  }

  setLogger(log: SettingsLog): void {
    this.log = log;
  }

  async close(): Promise<void> {
    await this.listener?.close();
    this.listener = undefined;
  }

  private heard(channel: string, payload: string): void {
    if (channel === SETTINGS_CHANNEL) {
      this.invalidate();
      void this.listener
        ?.notify(SETTINGS_HEARD_CHANNEL, `${payload} ${this.listenerId}`)
        .catch(() => undefined);
      return;
    }
    const [token, listenerId] = payload.split(' ');
    const write = token ? this.pending.get(token) : undefined;
    if (!write || !listenerId) return;
    write.heard.add(listenerId);
    if (write.expected !== undefined && write.heard.size >= write.expected) write.done();
  }

  async get(): Promise<SiteSettingsRow> {
    if (this.cached && Date.now() - this.cached.at < this.ttlMs) return this.cached.row;
    const generation = this.generation;
    // The copy's age counts from before the read: a read begun before a write expires in time.
    const startedAt = Date.now();
    const row = await getSettingsRow(this.db);
    if (generation === this.generation) this.cached = { row, at: startedAt };
    return row;
  }

  async update(update: SiteSettingsUpdate): Promise<SiteSettingsRow> {
    return this.write((tx) => updateSettingsRow(tx, update));
  }

  /**
   * Runs a settings write in one transaction with its notification, and returns once no process can still
   * answer with the settings from before it (see the class).
   */
  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    const listening = this.listener !== undefined;
    const token = randomUUID();
    let done = (): void => undefined;
    const allHeard = new Promise<void>((resolve) => (done = resolve));
    if (listening) this.pending.set(token, { heard: new Set(), expected: undefined, done });
    try {
      let expected = 0;
      const result = await this.db.transaction(async (tx) => {
        const value = await work(tx);
        if (listening) {
          expected = await countListeners(tx);
          await announceSettingsChange(tx, token);
        }
        return value;
      });
      this.invalidate();
      const write = this.pending.get(token);
      if (write) {
        write.expected = expected;
        if (write.heard.size >= expected) done();
        let timer: NodeJS.Timeout | undefined;
        // A little over the cache's life: a timer may fire a millisecond early by Date.now()'s count.
        await Promise.race([
          allHeard,
          new Promise<void>((resolve) => (timer = setTimeout(resolve, this.ttlMs + 50))),
        ]);
        clearTimeout(timer);
      }
      return result;
    } finally {
      this.pending.delete(token);
    }
  }

  invalidate(): void {
    this.generation += 1;
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
  // The write returns once every process has dropped its copy (decision 0071).
  const row = await ctx.settings.write(async (tx) => {
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
