import { and, asc, count, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { devices, sessions } from '../../db/schema/index.ts';

export type DeviceRow = typeof devices.$inferSelect;

export async function findDeviceByKey(
  db: Executor,
  userId: string,
  deviceKey: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.deviceKey, deviceKey)))
    .limit(1);
  return row;
}

export async function findOwnDevice(
  db: Executor,
  userId: string,
  deviceId: string,
): Promise<DeviceRow | undefined> {
  const [row] = await db
    .select()
    .from(devices)
    .where(and(eq(devices.userId, userId), eq(devices.id, deviceId)))
    .limit(1);
  return row;
}

function liveSessionDevices(db: Executor, userId: string) {
  return db
    .select({ deviceId: sessions.deviceId })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)));
}

/** Devices of the user with a live session (the ones holding a slot), optionally leaving one out. */
export async function countSignedInDevices(
  db: Executor,
  userId: string,
  exceptDeviceId?: string,
): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(devices)
    .where(
      and(
        eq(devices.userId, userId),
        inArray(devices.id, liveSessionDevices(db, userId)),
        exceptDeviceId ? ne(devices.id, exceptDeviceId) : undefined,
      ),
    );
  return row?.value ?? 0;
}

export async function insertDevice(
  db: Executor,
  values: { userId: string; deviceKey: string; deviceName: string },
): Promise<DeviceRow> {
  const [row] = await db.insert(devices).values(values).returning();
  if (!row) throw new Error('device insert returned nothing');
  return row;
}

export async function touchDevice(db: Executor, deviceId: string): Promise<void> {
  await db
    .update(devices)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(devices.id, deviceId));
}

export async function renameDevice(db: Executor, deviceId: string, deviceName: string): Promise<void> {
  await db.update(devices).set({ deviceName }).where(eq(devices.id, deviceId));
}

/** The user's devices, oldest first, each with whether a live session exists on it. */
export async function listDevices(db: Executor, userId: string) {
  const live = liveSessionDevices(db, userId);
  return db
    .select({
      id: devices.id,
      deviceName: devices.deviceName,
      lastUsedAt: devices.lastUsedAt,
      loggedIn: sql<boolean>`${devices.id} in (${live})`,
    })
    .from(devices)
    .where(eq(devices.userId, userId))
    .orderBy(asc(devices.createdAt));
}

/** Ends the device's live sessions (signed out there); the device stays listed. */
export async function revokeDeviceSessions(db: Executor, deviceId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.deviceId, deviceId), isNull(sessions.revokedAt)));
}

export async function deleteDevice(db: Executor, deviceId: string): Promise<void> {
  await db.delete(devices).where(eq(devices.id, deviceId));
}

export async function deleteUserDevices(db: Executor, userId: string): Promise<void> {
  await db.delete(devices).where(eq(devices.userId, userId));
}
