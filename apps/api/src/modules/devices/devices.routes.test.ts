import { SESSION_REVOKED_MESSAGE } from '@mlp/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../../test/app.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { createLearner, createLearnerSession, LEARNER_PASSWORD } from '../../../test/factories.ts';

const t = useTestApp();

function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}

/** Logs in through the API from `deviceId` (a known device keeps its name). */
async function tokenFor(email: string, deviceId: string): Promise<string> {
  const response = await t.request({
    method: 'POST',
    url: '/api/users/login',
    payload: { email, password: LEARNER_PASSWORD, deviceId, deviceName: 'Chrome on Linux' },
    remoteAddress: clientAddress(),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ token: string }>().token;
}

describe('devices', () => {
  it('renames only the owner’s devices, validates the name, and keeps it on the next login', async () => {
    const { email, token } = await createLearner(t, { deviceKey: 'device-rename-1' });
    const mine = (await t.request({ method: 'GET', url: '/api/devices', headers: bearer(token) })).json<{
      devices: Array<{ _id: string }>;
    }>().devices[0]!._id;
    const rename = (deviceName: unknown, id = mine, auth = token) =>
      t.request({ method: 'PUT', url: `/api/devices/${id}`, headers: bearer(auth), payload: { deviceName } });

    const renamed = await rename('  Library PC  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ message: 'Device renamed' });
    expect((await rename('')).json()).toMatchObject({ message: 'Device name is required' });
    expect((await rename('x'.repeat(101))).statusCode).toBe(400);
    expect((await rename('PC\u0000')).statusCode).toBe(400);
    const stranger = (await createLearner(t, { deviceKey: 'device-rename-2' })).token;
    expect((await rename('Mine now', mine, stranger)).statusCode).toBe(404);
    expect((await rename('Nope', 'not-an-id')).statusCode).toBe(400);

    // Logging in again from the same browser keeps the learner's name for it.
    await tokenFor(email, 'device-rename-1');
    const list = await t.request({ method: 'GET', url: '/api/devices', headers: bearer(token) });
    expect(list.json<{ devices: Array<{ deviceName: string }> }>().devices[0]!.deviceName).toBe('Library PC');
  });

  it('tells a device signed out from another device why its session ended', async () => {
    const learner = await createLearner(t, { deviceKey: 'device-remote-1' });
    const here = learner.token;
    const there = (await createLearnerSession(t, learner, { deviceKey: 'device-remote-2' })).token;
    const devices = (await t.request({ method: 'GET', url: '/api/devices', headers: bearer(here) })).json<{
      devices: Array<{ _id: string; current: boolean }>;
    }>().devices;
    const other = devices.find((d) => !d.current)!;
    await t.request({ method: 'PUT', url: `/api/devices/${other._id}/logout`, headers: bearer(here) });
    const refused = await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(there) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: SESSION_REVOKED_MESSAGE });
    // An expired session keeps the plain message.
    await t.ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const expired = await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(here) });
    expect(expired.json()).toEqual({ message: 'Your session has ended. Please log in again.' });
  });

  it("keeps learners away from each other's devices", async () => {
    const alice = (await createLearner(t)).token;
    const bob = (await createLearner(t)).token;
    const bobsDevices = await t.request({ method: 'GET', url: '/api/devices', headers: bearer(bob) });
    const bobsDevice = bobsDevices.json<{ devices: Array<{ _id: string }> }>().devices[0]!._id;
    const logout = await t.request({
      method: 'PUT',
      url: `/api/devices/${bobsDevice}/logout`,
      headers: bearer(alice),
    });
    expect(logout.statusCode).toBe(404);
    const remove = await t.request({
      method: 'DELETE',
      url: `/api/devices/${bobsDevice}`,
      headers: bearer(alice),
    });
    expect(remove.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/users/me', headers: bearer(bob) })).statusCode).toBe(
      200,
    );
    const badId = await t.request({
      method: 'DELETE',
      url: '/api/devices/not-an-id',
      headers: bearer(alice),
    });
    expect(badId.statusCode).toBe(400);
  });
});
