import type { Device } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { revokeDeviceSessions } from '../users/sessions.repository.ts';
import { deleteDevice, findOwnDevice, listDevices, renameDevice } from './devices.repository.ts';

const DEVICE_NOT_FOUND = 'Device not found';

export async function list(ctx: AppContext, actor: Actor): Promise<Device[]> {
  const rows = await listDevices(ctx.db, actor.id);
  return rows.map((row) => ({
    _id: row.id,
    deviceName: row.deviceName,
    lastUsed: row.lastUsedAt.toISOString(),
    loggedIn: Boolean(row.loggedIn),
    current: row.id === actor.deviceId,
  }));
}

/** Ends the device's sessions; it stays listed. Someone else's device is a 404. */
export async function logoutDevice(ctx: AppContext, actor: Actor, deviceId: string): Promise<void> {
  const device = await findOwnDevice(ctx.db, actor.id, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await revokeDeviceSessions(ctx.db, device.id);
}

/** Deletes the device and its sessions, freeing its slot. */
export async function removeDevice(ctx: AppContext, actor: Actor, deviceId: string): Promise<void> {
  const device = await findOwnDevice(ctx.db, actor.id, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await deleteDevice(ctx.db, device.id);
}

/** Gives one of the learner's own devices a name of their choosing (someone else's device is a 404). */
export async function rename(
  ctx: AppContext,
  actor: Actor,
  deviceId: string,
  deviceName: string,
): Promise<void> {
  const device = await findOwnDevice(ctx.db, actor.id, deviceId);
  if (!device) throw new NotFoundError(DEVICE_NOT_FOUND);
  await renameDevice(ctx.db, device.id, deviceName);
}
