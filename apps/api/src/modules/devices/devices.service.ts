import type { Device } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { revokeDeviceSessions, type SessionRecord } from '../users/sessions.repository.ts';
import { deleteDevice, findOwnDevice, listDevices, renameDevice } from './devices.repository.ts';

const DEVICE_NOT_FOUND = 'Device not found';

export async function list(ctx: AppContext, session: SessionRecord): Promise<Device[]> {
  const rows = await listDevices(ctx.db, session.userId);
  return rows.map((row) => ({
    _id: row.id,
    deviceName: row.deviceName,
    lastUsed: row.lastUsedAt.toISOString(),
    loggedIn: Boolean(row.loggedIn),
    current: row.id === session.deviceId,
  }));
}

/** Ends the device's sessions; it stays listed. Someone else's device is a 404. */
export async function logoutDevice(ctx: AppContext, session: SessionRecord, deviceId: string): Promise<void> {
  const device = await findOwnDevice(ctx.db, session.userId, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await revokeDeviceSessions(ctx.db, device.id);
}

/** Deletes the device and its sessions, freeing its slot. */
export async function removeDevice(ctx: AppContext, session: SessionRecord, deviceId: string): Promise<void> {
  const device = await findOwnDevice(ctx.db, session.userId, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await deleteDevice(ctx.db, device.id);
}

/** Gives one of the learner's own devices a name of their choosing (someone else's device is a 404). */
export async function rename(
  ctx: AppContext,
  session: SessionRecord,
  deviceId: string,
  deviceName: string,
): Promise<void> {
  const device = await findOwnDevice(ctx.db, session.userId, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await renameDevice(ctx.db, device.id, deviceName);
}
