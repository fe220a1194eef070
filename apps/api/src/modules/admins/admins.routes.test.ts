import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { startFakePaypal, type FakePaypal } from '../../../test/fake-paypal.ts';
import { payments } from '../../db/schema/index.ts';

let t: TestApp;
let paypal: FakePaypal;
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

/** A verified learner (development mode without SMTP verifies at once) and their token. */
async function learner(label: string): Promise<{ email: string; token: string; id: string }> {
  const email = `${label}-${Date.now()}-${ip}@example.com`;
  await call('POST', '/api/users/register', undefined, {
    name: `Learner ${label}`,
    email,
    password: 'Learner-Pass-1',
  });
  const login = await call('POST', '/api/users/login', undefined, {
    email,
    password: 'Learner-Pass-1',
    deviceId: 'device-admin-test',
    deviceName: 'Test',
  });
  expect(login.statusCode).toBe(200);
  const me = await t.request({
    method: 'GET',
    url: '/api/users/me',
    headers: { authorization: `Bearer ${login.json<{ token: string }>().token}` },
  });
  return { email, token: login.json<{ token: string }>().token, id: me.json<{ _id: string }>()._id };
}

beforeAll(async () => {
  paypal = await startFakePaypal();
  t = await createTestApp({ NODE_ENV: 'development', PAYPAL_API_BASE: paypal.url });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
});

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
    const { token } = await learner('apart');
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

describe('users', () => {
  it('searches and pages learners, 1-based, with a rows-per-page limit', async () => {
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await learner(`zebra${i}`));
    const search = await call('GET', '/api/admin/users?keyword=ZEBRA&page=1&limit=2', rootToken);
    const body = search.json<{
      users: Array<{ email: string }>;
      pages: number;
      total: number;
      page: number;
    }>();
    expect(body.total).toBe(3);
    expect(body.pages).toBe(2);
    expect(body.users).toHaveLength(2);
    const page2 = await call('GET', '/api/admin/users?keyword=zebra&page=2&limit=2', rootToken);
    expect(page2.json<{ users: unknown[] }>().users).toHaveLength(1);
    const wildcard = await call('GET', '/api/admin/users?keyword=%25', rootToken);
    expect(wildcard.json<{ total: number }>().total).toBe(0);
    expect((await call('GET', '/api/admin/users?page=0', rootToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/admin/users?page=abc', rootToken)).statusCode).toBe(400);
  });

  it('deletes a learner: their session stops at once and their payments stay, detached', async () => {
    const victim = await learner('deleted');
    await t.ctx.db.insert(payments).values({
      provider: 'sandbox',
      orderId: `manual-${Date.now()}`,
      amountPence: 499,
      currency: 'GBP',
      status: 'COMPLETED',
      userId: victim.id,
    });
    const response = await call('DELETE', `/api/admin/users/${victim.id}`, rootToken);
    expect(response.json()).toEqual({ message: 'User deleted successfully' });
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/users/me',
          headers: { authorization: `Bearer ${victim.token}` },
        })
      ).statusCode,
    ).toBe(401);
    const kept = await t.ctx.db.execute(sql`select user_id from payments where amount_pence = 499`);
    expect((kept as { rows: Array<{ user_id: string | null }> }).rows).toEqual([{ user_id: null }]);
    expect((await call('DELETE', `/api/admin/users/${victim.id}`, rootToken)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/users/not-a-uuid', rootToken)).statusCode).toBe(404);
  });
});

describe('stats and audit', () => {
  it('counts users, exams, articles and active subscriptions', async () => {
    const stats = await call('GET', '/api/admin/stats', rootToken);
    const body = stats.json<{
      totalUsers: number;
      totalExams: number;
      totalArticles: number;
      activeSubscriptions: number;
    }>();
    expect(body.totalUsers).toBeGreaterThanOrEqual(3);
    expect(body).toMatchObject({ totalExams: 0, totalArticles: 0, activeSubscriptions: 0 });
  });

  it('records administrator actions, newest first', async () => {
    const audit = await call('GET', '/api/admin/audit?limit=5', rootToken);
    const entries = audit.json<{ entries: Array<{ action: string; entityType: string; summary: string }> }>()
      .entries;
    expect(entries.length).toBe(5);
    expect(entries[0]).toMatchObject({ action: 'deleted', entityType: 'user' });
  });
});

describe('site settings', () => {
  const base = {
    siteName: 'MedPrep',
    siteDescription: 'Practice for real exams',
    contactEmail: 'help@medprep.example',
    maintenanceMode: false,
    registrationEnabled: true,
    examCreationEnabled: true,
  };

  it('starts with the spec defaults', async () => {
    const settings = await call('GET', '/api/admin/settings', rootToken);
    expect(settings.json()).toMatchObject({
      siteName: 'Medical Learning Platform',
      maintenanceMode: false,
      registrationEnabled: true,
      examCreationEnabled: true,
      paypal: { clientId: '', mode: 'sandbox', enabled: false, hasClientSecret: false },
    });
  });

  it('saves settings, never returns the secret, and keeps it when a save omits it', async () => {
    const saved = await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: {
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        mode: 'sandbox',
        enabled: true,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).not.toContain(paypal.clientSecret);
    expect(saved.json()).toMatchObject({
      siteName: 'MedPrep',
      paypal: { hasClientSecret: true, enabled: true },
    });
    const stored = await t.ctx.db.execute(sql`select paypal_client_secret_enc as s from site_settings`);
    expect((stored as { rows: Array<{ s: string }> }).rows[0]?.s).not.toContain(paypal.clientSecret);

    const again = await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: { clientId: paypal.clientId, mode: 'sandbox', enabled: true },
    });
    expect(again.json()).toMatchObject({ paypal: { hasClientSecret: true } });
    const read = await call('GET', '/api/admin/settings', rootToken);
    expect(read.body).not.toContain(paypal.clientSecret);
    expect((await call('GET', '/api/settings/public')).json()).toMatchObject({ siteName: 'MedPrep' });
  });

  it('tests the PayPal connection with the saved credentials', async () => {
    const good = await call('POST', '/api/admin/settings/test-paypal', rootToken);
    expect(good.statusCode).toBe(200);
    expect(good.json()).toEqual({ mode: 'sandbox', message: 'PayPal connection successful! Mode: sandbox' });
    await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: { clientId: paypal.clientId, clientSecret: 'wrong-secret', mode: 'sandbox', enabled: true },
    });
    const bad = await call('POST', '/api/admin/settings/test-paypal', rootToken);
    expect(bad.statusCode).toBe(502);
    expect(bad.json<{ message: string }>().message).toContain('Client Authentication failed');
    await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    const disabled = await call('POST', '/api/admin/settings/test-paypal', rootToken);
    expect(disabled.statusCode).toBe(400);
  });

  it('validates settings', async () => {
    const noName = await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      siteName: ' ',
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json<{ message: string }>().message).toBe('Site name is required');
    const badMode = await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: { clientId: '', mode: 'live', enabled: false },
    });
    expect(badMode.statusCode).toBe(400);
    const badEmail = await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      contactEmail: 'nope',
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    expect(badEmail.statusCode).toBe(400);
  });

  it('turns maintenance mode and the registration switch on and off at once', async () => {
    await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      maintenanceMode: true,
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    const blocked = await call('POST', '/api/users/login', undefined, {
      email: 'a@example.com',
      password: 'x',
      deviceId: 'device-12345',
      deviceName: 'x',
    });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({
      message: 'The site is currently undergoing maintenance. Please check back soon.',
    });
    expect((await call('GET', '/api/settings/public')).json()).toMatchObject({ maintenanceMode: true });
    expect((await call('GET', '/api/admin/stats', rootToken)).statusCode).toBe(200);

    await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      registrationEnabled: false,
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    const closed = await call('POST', '/api/users/register', undefined, {
      name: 'Late',
      email: 'closed@example.com',
      password: 'Learner-Pass-1',
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ message: 'Registration is currently closed. Please try again later.' });

    await call('PUT', '/api/admin/settings', rootToken, {
      ...base,
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    });
    const open = await call('POST', '/api/users/register', undefined, {
      name: 'Late',
      email: 'open@example.com',
      password: 'Learner-Pass-1',
    });
    expect(open.statusCode).toBe(201);
  });
});
