import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { LISTENER_APPLICATION_NAME } from '../../db/listener.ts';
import { rowsOf } from '../../db/shared-queries.ts';
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

/** The channel a settings write notifies on, and the one each process answers on once it has heard. */
export const SETTINGS_CHANNEL = 'mlp_settings';
export const SETTINGS_HEARD_CHANNEL = 'mlp_settings_heard';

/** Queues the notification of a settings change; PostgreSQL sends it when the transaction commits. */
export async function announceSettingsChange(tx: Executor, token: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${SETTINGS_CHANNEL}, ${token})`);
}

/** How many LISTEN connections are open on this database (one per process that caches settings). */
export async function countListeners(db: Executor): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from pg_stat_activity
        where datname = current_database() and application_name = ${LISTENER_APPLICATION_NAME}`,
    ),
  );
  return row?.n ?? 0;
}
