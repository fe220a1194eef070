import { api, SESSION_REVOKED_MESSAGE } from '@mlp/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createLearner,
  createLearnerSession,
  LEARNER_PASSWORD,
  type Learner,
} from '../../../test/factories.ts';

const t = useTestApp();

/** Logs in through the API from `deviceId` (a known device keeps its name). */
async function tokenFor(email: string, deviceId: string): Promise<string> {
  const response = await t.call(api.users.login, {
    body: { email, password: LEARNER_PASSWORD, deviceId, deviceName: 'Chrome on Linux' },
  });
  expect(response.statusCode).toBe(200);
  return response.body.token;
}

describe('devices', () => {
  it('renames only the owner’s devices, validates the name, and keeps it on the next login', async () => {
    const learner = await createLearner(t, { deviceKey: 'device-rename-1' });
    const mine = (await t.call(api.devices.list, { as: learner })).body.devices[0]!._id;
    const rename = (deviceName: string, id = mine, as: Learner = learner) =>
      t.call(api.devices.rename, { params: { id }, body: { deviceName }, as });

    const renamed = await rename('  Library PC  ');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toEqual({ message: 'Device renamed' });
    expect((await rename('')).body).toMatchObject({ message: 'Device name is required' });
    expect((await rename('x'.repeat(101))).statusCode).toBe(400);
    expect((await rename('PC\u0000')).statusCode).toBe(400);
    const stranger = await createLearner(t, { deviceKey: 'device-rename-2' });
    expect((await rename('Mine now', mine, stranger)).statusCode).toBe(404);
    expect((await rename('Nope', 'not-an-id')).statusCode).toBe(400);

    // Logging in again from the same browser keeps the learner's name for it.
    await tokenFor(learner.email, 'device-rename-1');
    const list = await t.call(api.devices.list, { as: learner });
    expect(list.body.devices[0]!.deviceName).toBe('Library PC');
  });

  it('tells a device signed out from another device why its session ended', async () => {
    const learner = await createLearner(t, { deviceKey: 'device-remote-1' });
    const here = learner;
    const there = await createLearnerSession(t, learner, { deviceKey: 'device-remote-2' });
    const devices = (await t.call(api.devices.list, { as: here })).body.devices;
    const other = devices.find((d) => !d.current)!;
    await t.call(api.devices.logout, { params: { id: other._id }, as: here });
    const refused = await t.call(api.users.me, { as: there });
    expect(refused.statusCode).toBe(401);
    expect(refused.body).toEqual({ message: SESSION_REVOKED_MESSAGE });
    // An expired session keeps the plain message.
    await t.ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    const expired = await t.call(api.users.me, { as: here });
    expect(expired.body).toEqual({ message: 'Your session has ended. Please log in again.' });
  });

  it("keeps learners away from each other's devices", async () => {
    const alice = await createLearner(t);
    const bob = await createLearner(t);
    const bobsDevices = await t.call(api.devices.list, { as: bob });
    const bobsDevice = bobsDevices.body.devices[0]!._id;
    const logout = await t.call(api.devices.logout, { params: { id: bobsDevice }, as: alice });
    expect(logout.statusCode).toBe(404);
    const remove = await t.call(api.devices.remove, { params: { id: bobsDevice }, as: alice });
    expect(remove.statusCode).toBe(404);
    expect((await t.call(api.users.me, { as: bob })).statusCode).toBe(200);
    const badId = await t.call(api.devices.remove, { params: { id: 'not-an-id' }, as: alice });
    expect(badId.statusCode).toBe(400);
  });
});
