import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import { api, type RouteBody } from '@mlp/contract';
import { ADMIN_PASSWORD as PASSWORD, createLearner, queryRows } from '../../../test/factories.ts';

const t = useTestApp({ NODE_ENV: 'development' });
let rootToken: string;
/** Signed in as an administrator with this session token (the tests log in and register through the API). */
function admin(token: string) {
  return { headers: { authorization: `Admin ${token}` } };
}

/** Logs the administrator in through the API; the session token. */
async function tokenOf(email: string): Promise<string> {
  const response = await t.call(api.adminAuth.login, { body: { email, password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  return response.body.token;
}

/** Registers the first administrator through the API (refused once there is one). */
const register = (body: RouteBody<typeof api.adminAuth.register>) => t.call(api.adminAuth.register, { body });

/** The administrator of `rootToken` adds a colleague. */
const addAdmin = (body: RouteBody<typeof api.admins.create>) =>
  t.call(api.admins.create, { body, as: admin(rootToken) });

/** The administrator of `rootToken` changes their own password. */
const changePassword = (currentPassword: string, newPassword: string) =>
  t.call(api.adminAuth.changePassword, { body: { currentPassword, newPassword }, as: admin(rootToken) });

describe('first administrator', () => {
  it('reports that none exists, then lets exactly one of many racing registrations win', async () => {
    expect((await t.call(api.adminAuth.check)).body).toEqual({ exists: false, setupCodeRequired: false });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        register({ name: `Admin ${i}`, email: `root${i}@example.com`, password: PASSWORD }),
      ),
    );
    const winners = attempts.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    expect(attempts.filter((r) => r.statusCode === 409)).toHaveLength(7);
    rootToken = winners[0]!.body.token;
    expect((await t.call(api.adminAuth.check)).body).toEqual({ exists: true, setupCodeRequired: false });
    expect(await queryRows(t.ctx.db, sql`select count(*)::int as n from admins`)).toEqual([{ n: 1 }]);
  });

  it('refuses registration once an administrator exists', async () => {
    const late = await register({ name: 'Late', email: 'late@example.com', password: PASSWORD });
    expect(late.statusCode).toBe(409);
  });

  it('validates registration input', async () => {
    // A body without a name: the types refuse it, so it goes untyped.
    const missing = await t.send(api.adminAuth.register, {
      body: { email: 'x@example.com', password: PASSWORD },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.message).toBe('Name is required');
    const noPassword = await register({ name: 'X', email: 'x@example.com', password: '' });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.message).toBe('Password is required');
  });
});

describe('administrator sessions', () => {
  it('logs in, keeps lastLogin and marks the caller', async () => {
    const me = await t.call(api.adminAuth.me, { as: admin(rootToken) });
    const email = me.body.email;
    const wrong = await t.call(api.adminAuth.login, {
      body: {
        email,
        password: 'Wrong-Pass-123',
      },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    const ok = await t.call(api.adminAuth.login, { body: { email, password: PASSWORD } });
    expect(ok.statusCode).toBe(200);
    const list = await t.call(api.admins.list, { as: admin(ok.body.token) });
    const [only] = list.body.admins;
    expect(only).toMatchObject({ email, isCurrent: true, role: 'owner' });
    expect(only?.lastLogin).not.toBeNull();
  });

  it('throttles guessing per account and address, not the administrator elsewhere', async () => {
    const email = (await t.call(api.adminAuth.me, { as: admin(rootToken) })).body.email;
    // From a fixed address (t.call gives each request an address of its own): the limit is per address.
    const attempt = (remoteAddress: string, password: string) =>
      t.request({
        method: 'POST',
        url: api.adminAuth.login.path,
        payload: { email, password },
        remoteAddress,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await attempt('203.0.113.90', 'Wrong-Pass-123')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const throttled = await attempt('203.0.113.90', PASSWORD);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json()).toEqual({
      message: 'Too many attempts. Please wait a few minutes and try again.',
    });
    expect((await attempt('198.51.100.90', PASSWORD)).statusCode).toBe(200);
  });

  it('reads the Admin authorization header strictly', async () => {
    expect((await t.call(api.adminAuth.me, { as: admin(rootToken) })).statusCode).toBe(200);
    for (const authorization of [`Admin ${rootToken} junk`, `Admin  ${rootToken}`, `Bearer ${rootToken}`]) {
      const response = await t.call(api.adminAuth.me, { as: { headers: { authorization } } });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('keeps learner and administrator tokens apart', async () => {
    const { token } = await createLearner(t);
    expect(
      (await t.call(api.stats.read, { as: { headers: { authorization: `Bearer ${token}` } } })).statusCode,
    ).toBe(401);
    expect((await t.call(api.stats.read, { as: admin(token) })).statusCode).toBe(401);
    expect(
      (await t.call(api.users.me, { as: { headers: { authorization: `Bearer ${rootToken}` } } })).statusCode,
    ).toBe(401);
    expect((await t.call(api.stats.read)).statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const email = (await t.call(api.adminAuth.me, { as: admin(rootToken) })).body.email;
    const token = await tokenOf(email);
    expect((await t.call(api.adminAuth.logout, { as: admin(token) })).statusCode).toBe(204);
    expect((await t.call(api.adminAuth.me, { as: admin(token) })).statusCode).toBe(401);
  });
});

describe('administrator management', () => {
  it('adds an administrator with a default name, refuses duplicates, and protects self and the last one', async () => {
    const created = await addAdmin({ email: 'second.admin@example.com', password: PASSWORD });
    expect(created.statusCode).toBe(201);
    const body = created.body;
    expect(body.message).toBe('Admin created successfully');
    // No role named: the least a new colleague needs to write content (decision 0067).
    expect(body.admin).toMatchObject({ name: 'second.admin', isCurrent: false, role: 'editor' });

    const duplicate = await addAdmin({ email: 'SECOND.admin@example.com', password: PASSWORD });
    expect(duplicate.statusCode).toBe(409);
    const weak = await addAdmin({ email: 'third@example.com', password: 'abc' });
    expect(weak.statusCode).toBe(400);

    const rootId = (await t.call(api.adminAuth.me, { as: admin(rootToken) })).body._id;
    const self = await t.call(api.admins.remove, { params: { id: rootId }, as: admin(rootToken) });
    expect(self.statusCode).toBe(403);
    expect(self.body).toEqual({ message: 'You cannot delete your own account' });

    const second = await tokenOf('second.admin@example.com');
    const deleted = await t.call(api.admins.remove, { params: { id: body.admin._id }, as: admin(rootToken) });
    expect(deleted.body).toEqual({ message: 'Admin deleted successfully' });
    expect((await t.call(api.adminAuth.me, { as: admin(second) })).statusCode).toBe(401);
    expect(
      (await t.call(api.admins.remove, { params: { id: body.admin._id }, as: admin(rootToken) })).statusCode,
    ).toBe(404);
  });

  it('refuses to delete the last administrator', async () => {
    // Two admins, each tries to delete the other at the same time: one must remain.
    const other = await addAdmin({ email: 'pair@example.com', password: PASSWORD, role: 'owner' });
    const otherId = other.body.admin._id;
    const otherToken = await tokenOf('pair@example.com');
    const rootId = (await t.call(api.adminAuth.me, { as: admin(rootToken) })).body._id;
    const [a, b] = await Promise.all([
      t.call(api.admins.remove, { params: { id: otherId }, as: admin(rootToken) }),
      t.call(api.admins.remove, { params: { id: rootId }, as: admin(otherToken) }),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    // Either may win the race; the rest of the file carries on as the survivor.
    if (b.statusCode === 200) rootToken = otherToken;
    expect(await queryRows(t.ctx.db, sql`select count(*)::int as n from admins`)).toEqual([{ n: 1 }]);
  });

  it('changes the administrator password with the current one', async () => {
    const wrong = await changePassword('nope-nope-nope', 'Another-Admin-9');
    expect(wrong.statusCode).toBe(400);
    const short = await changePassword(PASSWORD, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.message).toBe('Password must be at least 8 characters long');
    const ok = await changePassword(PASSWORD, 'Another-Admin-9');
    expect(ok.body).toEqual({ message: 'Password changed successfully' });
    const same = await changePassword('Another-Admin-9', 'Another-Admin-9');
    expect(same.statusCode).toBe(400);
    expect(same.body).toEqual({
      message: 'The new password must be different from your current password.',
    });
    const back = await changePassword('Another-Admin-9', PASSWORD);
    expect(back.statusCode).toBe(200);
  });
});
