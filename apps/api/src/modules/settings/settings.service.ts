import type { PublicSettings } from '@mlp/contract';
import type { Db } from '../../db/client.ts';
import {
  getSettingsRow,
  updateSettingsRow,
  type SiteSettingsRow,
  type SiteSettingsUpdate,
} from './settings.repository.ts';

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
