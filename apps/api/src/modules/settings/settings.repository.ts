import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

export type SiteSettingsRow = typeof siteSettings.$inferSelect;
export type SiteSettingsUpdate = Partial<Omit<SiteSettingsRow, 'id' | 'updatedAt'>>;

/** The single settings row, created with its defaults on first read. */
export async function getSettingsRow(db: Executor): Promise<SiteSettingsRow> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (row) return row;
  await db.insert(siteSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(siteSettings).where(eq(siteSettings.id, 1));
  if (!created) throw new Error('site settings row missing after insert');
  return created;
}

export async function updateSettingsRow(db: Executor, update: SiteSettingsUpdate): Promise<SiteSettingsRow> {
  await getSettingsRow(db);
  const [row] = await db.update(siteSettings).set(update).where(eq(siteSettings.id, 1)).returning();
  if (!row) throw new Error('site settings row missing');
  return row;
}
