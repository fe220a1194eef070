import type { PublicSettings } from '@mlp/contract';
import type { Db } from '../../db/client.ts';
import {
  getSettingsRow,
  updateSettingsRow,
  type SiteSettingsRow,
  type SiteSettingsUpdate,
} from './settings.repository.ts';

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
    const row = await this.get();
    return {
      siteName: row.siteName,
      siteDescription: row.siteDescription,
      contactEmail: row.contactEmail,
      maintenanceMode: row.maintenanceMode,
      registrationEnabled: row.registrationEnabled,
    };
  }
}
