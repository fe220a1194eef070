import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import { createLearner } from '../../../test/factories.ts';

const t = useTestApp({ NODE_ENV: 'development' });
let rootToken: string;
let ip = 0;
const PASSWORD = 'Admin-Pass-2026';

function from() {
  ip += 1;
  return `10.1.${Math.floor(ip / 250)}.${(ip % 250) + 1}`;
}
function admin(token: string) {
  return { authorization: `Admin ${token}` };
}
async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) {
  return t.request({
    method,
    url,
    headers: token ? admin(token) : {},
    remoteAddress: from(),
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

describe('first administrator', () => {
  it('reports that none exists, then lets exactly one of many racing registrations win', async () => {
    expect((await call('GET', '/api/admin/auth/check')).json()).toEqual({ exists: false });
    const attempts = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/admin/auth/register', undefined, {
          name: `Admin ${i}`,
          email: `root${i}@example.com`,
          password: PASSWORD,
        }),
      ),
    );
    const winners = attempts.filter((r) => r.statusCode === 201);
    expect(winners).toHaveLength(1);
    expect(attempts.filter((r) => r.statusCode === 409)).toHaveLength(7);
    rootToken = winners[0]!.json<{ token: string }>().token;
    expect((await call('GET', '/api/admin/auth/check')).json()).toEqual({ exists: true });
    const count = await t.ctx.db.execute(sql`select count(*)::int as n from admins`);
    expect((count as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('refuses registration once an administrator exists', async () => {
    const late = await call('POST', '/api/admin/auth/register', undefined, {
      name: 'Late',
      email: 'late@example.com',
      password: PASSWORD,
    });
    expect(late.statusCode).toBe(409);
  });

  it('validates registration input', async () => {
    const missing = await call('POST', '/api/admin/auth/register', undefined, {
      email: 'x@example.com',
      password: PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ message: string }>().message).toBe('Name is required');
    const noPassword = await call('POST', '/api/admin/auth/register', undefined, {
      name: 'X',
      email: 'x@example.com',
      password: '',
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json<{ message: string }>().message).toBe('Password is required');
  });
});

describe('administrator sessions', () => {
  it('logs in, keeps lastLogin and marks the caller', async () => {
    const me = await call('GET', '/api/admin/auth/me', rootToken);
    const email = me.json<{ email: string }>().email;
    const wrong = await call('POST', '/api/admin/auth/login', undefined, {
      email,
      password: 'Wrong-Pass-123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid email or password' });
    const ok = await call('POST', '/api/admin/auth/login', undefined, { email, password: PASSWORD });
    expect(ok.statusCode).toBe(200);
    const list = await call('GET', '/api/admin/auth/admins', ok.json<{ token: string }>().token);
    const [only] = list.json<{
      admins: Array<{ email: string; isCurrent: boolean; lastLogin: string | null; role: string }>;
    }>().admins;
    expect(only).toMatchObject({ email, isCurrent: true, role: 'admin' });
    expect(only?.lastLogin).not.toBeNull();
  });

  it('throttles guessing per account and address, not the administrator elsewhere', async () => {
    const email = (await call('GET', '/api/admin/auth/me', rootToken)).json<{ email: string }>().email;
    const attempt = (remoteAddress: string, password: string) =>
      t.request({
        method: 'POST',
        url: '/api/admin/auth/login',
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
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/auth/me', headers: admin(rootToken) })).statusCode,
    ).toBe(200);
    for (const authorization of [`Admin ${rootToken} junk`, `Admin  ${rootToken}`, `Bearer ${rootToken}`]) {
      const response = await t.request({
        method: 'GET',
        url: '/api/admin/auth/me',
        headers: { authorization },
      });
      expect(response.statusCode, authorization).toBe(401);
    }
  });

  it('keeps learner and administrator tokens apart', async () => {
    const { token } = await createLearner(t);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/admin/stats',
          headers: { authorization: `Bearer ${token}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/stats', headers: admin(token) })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${rootToken}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await call('GET', '/api/admin/stats')).statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const email = (await call('GET', '/api/admin/auth/me', rootToken)).json<{ email: string }>().email;
    const token = (
      await call('POST', '/api/admin/auth/login', undefined, { email, password: PASSWORD })
    ).json<{ token: string }>().token;
    expect((await call('POST', '/api/admin/auth/logout', token)).statusCode).toBe(204);
    expect((await call('GET', '/api/admin/auth/me', token)).statusCode).toBe(401);
  });
});

describe('administrator management', () => {
  it('adds an administrator with a default name, refuses duplicates, and protects self and the last one', async () => {
    const created = await call('POST', '/api/admin/auth/admins', rootToken, {
      email: 'second.admin@example.com',
      password: PASSWORD,
    });
    expect(created.statusCode).toBe(201);
    const body = created.json<{
      message: string;
      admin: { _id: string; name: string; isCurrent: boolean };
    }>();
    expect(body.message).toBe('Admin created successfully');
    expect(body.admin).toMatchObject({ name: 'second.admin', isCurrent: false });

    const duplicate = await call('POST', '/api/admin/auth/admins', rootToken, {
      email: 'SECOND.admin@example.com',
      password: PASSWORD,
    });
    expect(duplicate.statusCode).toBe(409);
    const weak = await call('POST', '/api/admin/auth/admins', rootToken, {
      email: 'third@example.com',
      password: 'abc',
    });
    expect(weak.statusCode).toBe(400);

    const rootId = (await call('GET', '/api/admin/auth/me', rootToken)).json<{ _id: string }>()._id;
    const self = await call('DELETE', `/api/admin/auth/admins/${rootId}`, rootToken);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toEqual({ message: 'You cannot delete your own account' });

    const second = (
      await call('POST', '/api/admin/auth/login', undefined, {
        email: 'second.admin@example.com',
        password: PASSWORD,
      })
    ).json<{ token: string }>().token;
    const deleted = await call('DELETE', `/api/admin/auth/admins/${body.admin._id}`, rootToken);
    expect(deleted.json()).toEqual({ message: 'Admin deleted successfully' });
    expect((await call('GET', '/api/admin/auth/me', second)).statusCode).toBe(401);
    expect((await call('DELETE', `/api/admin/auth/admins/${body.admin._id}`, rootToken)).statusCode).toBe(
      404,
    );
  });

  it('refuses to delete the last administrator', async () => {
    // Two admins, each tries to delete the other at the same time: one must remain.
    const other = await call('POST', '/api/admin/auth/admins', rootToken, {
      email: 'pair@example.com',
      password: PASSWORD,
    });
    const otherId = other.json<{ admin: { _id: string } }>().admin._id;
    const otherToken = (
      await call('POST', '/api/admin/auth/login', undefined, {
        email: 'pair@example.com',
        password: PASSWORD,
      })
    ).json<{ token: string }>().token;
    const rootId = (await call('GET', '/api/admin/auth/me', rootToken)).json<{ _id: string }>()._id;
    const [a, b] = await Promise.all([
      call('DELETE', `/api/admin/auth/admins/${otherId}`, rootToken),
      call('DELETE', `/api/admin/auth/admins/${rootId}`, otherToken),
    ]);
    expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
    // Either may win the race; the rest of the file carries on as the survivor.
    if (b.statusCode === 200) rootToken = otherToken;
    const remaining = await t.ctx.db.execute(sql`select count(*)::int as n from admins`);
    expect((remaining as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('changes the administrator password with the current one', async () => {
    const wrong = await call('PUT', '/api/admin/password', rootToken, {
      currentPassword: 'nope-nope-nope',
      newPassword: 'Another-Admin-9',
    });
    expect(wrong.statusCode).toBe(400);
    const short = await call('PUT', '/api/admin/password', rootToken, {
      currentPassword: PASSWORD,
      newPassword: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json<{ message: string }>().message).toBe('Password must be at least 8 characters long');
    const ok = await call('PUT', '/api/admin/password', rootToken, {
      currentPassword: PASSWORD,
      newPassword: 'Another-Admin-9',
    });
    expect(ok.json()).toEqual({ message: 'Password changed successfully' });
    const same = await call('PUT', '/api/admin/password', rootToken, {
      currentPassword: 'Another-Admin-9',
      newPassword: 'Another-Admin-9',
    });
    expect(same.statusCode).toBe(400);
    expect(same.json()).toEqual({
      message: 'The new password must be different from your current password.',
    });
    const back = await call('PUT', '/api/admin/password', rootToken, {
      currentPassword: 'Another-Admin-9',
      newPassword: PASSWORD,
    });
    expect(back.statusCode).toBe(200);
  });
});
