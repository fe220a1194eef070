import type { Device } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import {
  deleteDevice,
  findOwnDevice,
  renameDevice,
  revokeDeviceSessions,
  type DeviceRow,
} from './devices.repository.ts';
import * as devicesRepository from './devices.repository.ts';

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

/*
 * What sign-in (users) and the administrators' user page (admin-users) do with devices: thin wrappers over
 * this module's repository, which is private to it (decision 0051). Each takes the executor first, so the
 * sign-in transaction passes through.
 */

export function findDeviceByKey(
  db: Executor,
  userId: string,
  deviceKey: string,
): Promise<DeviceRow | undefined> {
  return devicesRepository.findDeviceByKey(db, userId, deviceKey);
}

/** Devices of the user with a live session (the ones holding a slot), optionally leaving one out. */
export function countSignedInDevices(db: Executor, userId: string, exceptDeviceId?: string): Promise<number> {
  return devicesRepository.countSignedInDevices(db, userId, exceptDeviceId);
}

export function insertDevice(
  db: Executor,
  values: { userId: string; deviceKey: string; deviceName: string },
): Promise<DeviceRow> {
  return devicesRepository.insertDevice(db, values);
}

export function touchDevice(db: Executor, deviceId: string): Promise<void> {
  return devicesRepository.touchDevice(db, deviceId);
}

export function deleteUserDevices(db: Executor, userId: string): Promise<void> {
  return devicesRepository.deleteUserDevices(db, userId);
}

/** The user's devices, oldest first, each with whether a live session exists on it. */
export function listDevices(db: Executor, userId: string): ReturnType<typeof devicesRepository.listDevices> {
  return devicesRepository.listDevices(db, userId);
}
