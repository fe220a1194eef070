import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { clientAddress, createTestApp, type TestApp } from '../../../test/app.ts';
import {
  createLearner,
  createLearnerAccount,
  createLearnerSession,
  queryRows,
} from '../../../test/factories.ts';
import { useSmtpServer, useTestApp } from '../../../test/fixtures.ts';
import { linkFrom } from '../../../test/smtp.ts';
import { COMMON_PASSWORD_MESSAGE, SAME_PASSWORD_MESSAGE } from '../../lib/passwords.ts';
import { USER_MESSAGES } from './users.messages.ts';

const smtp = useSmtpServer();
const t = useTestApp(() => ({ SMTP_URL: smtp.url }));
let counter = 0;
const password = 'Correct-Horse-42';

function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.com`;
}

async function deliverMail(): Promise<void> {
  await t.ctx.outbox.runOnce();
}

/**
 * A verified account with `password`, inserted directly (registration and verification have tests of
 * their own above); returns the address.
 */
async function createVerifiedUser(label: string): Promise<string> {
  return (await createLearnerAccount(t, { email: uniqueEmail(label), password })).email;
}

/** A verified learner with `password`, signed in on `deviceKey` (inserted directly, like a login). */
function signedInLearner(label: string, deviceKey?: string) {
  return createLearner(t, { email: uniqueEmail(label), password, ...(deviceKey ? { deviceKey } : {}) });
}

async function login(email: string, deviceId = 'device-aaaaaaaa', pass = password) {
  return t.call(api.users.login, {
    body: { email, password: pass, deviceId, deviceName: 'Chrome on Linux' },
  });
}

async function tokenFor(email: string, deviceId = 'device-aaaaaaaa'): Promise<string> {
  const response = await login(email, deviceId);
  expect(response.statusCode).toBe(200);
  return response.body.token;
}

/** Opens an e-mailed verification link the way its page does: the API call with its user id and token. */
function followVerifyLink(link: URL) {
  return t.call(api.users.verifyEmail, { params: linkParams(link) });
}

/** The user id and token an e-mailed link carries, as its page reads them. */
function linkParams(link: URL) {
  return { userId: link.searchParams.get('userId') ?? '', token: link.searchParams.get('token') ?? '' };
}

/** Signed in with this session token (from a login through the API, or a factory's `token`). */
function bearer(token: string) {
  return { headers: { authorization: `Bearer ${token}` } };
}

/** `PUT /api/users/password` with the session `token`. */
function changePassword(token: string, currentPassword: string, newPassword: string) {
  return t.call(api.users.changePassword, { body: { currentPassword, newPassword }, as: bearer(token) });
}

describe('registration and e-mail verification', () => {
  it('reports the e-mail service as working when SMTP answers', async () => {
    const response = await t.call(api.users.emailService);
    expect(response.body).toEqual({
      environment: 'test',
      emailServiceWorking: true,
      verificationBypassed: false,
    });
  });

  it('registers, mails a verification link, refuses login until verified, then logs in', async () => {
    const email = uniqueEmail('journey');
    const register = await t.call(api.users.register, { body: { name: 'Ada Lovelace', email, password } });
    expect(register.statusCode).toBe(201);
    expect(register.body).toEqual({
      message: 'Registration successful! Please check your email to verify your account.',
      emailVerified: false,
    });

    const early = await login(email);
    expect(early.statusCode).toBe(403);
    expect(early.message).toMatch(/verif/i);

    await deliverMail();
    const mail = await smtp.waitForMail(email, /Verify your email/);
    expect(mail.html).toContain('<a href="http://app.test/verify-email?token=');
    const link = linkFrom(mail, '/verify-email');
    expect(link.origin).toBe('http://app.test');
    const token = link.searchParams.get('token');
    expect(token?.length).toBeGreaterThanOrEqual(43);

    const verify = await followVerifyLink(link);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toEqual({ message: 'Email verified successfully. You can now login.' });

    const reuse = await followVerifyLink(link);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.body).toEqual({ message: USER_MESSAGES.verifyLinkInvalid });

    const ok = await login(email);
    expect(ok.statusCode).toBe(200);
    const me = await t.call(api.users.me, { as: bearer(ok.body.token) });
    expect(me.body).toMatchObject({ name: 'Ada Lovelace', email });
  });

  it('stores only a hash of the verification token', async () => {
    const email = uniqueEmail('hash');
    await t.call(api.users.register, { body: { name: 'Hash Check', email, password } });
    await deliverMail();
    const token = linkFrom(await smtp.waitForMail(email), '/verify-email').searchParams.get('token') ?? '';
    const rows = await t.ctx.db.execute<{ token_hash: string }>(sql`select token_hash from user_tokens`);
    const hashes = (rows as { rows: Array<{ token_hash: string }> }).rows.map((r) => r.token_hash);
    expect(hashes.length).toBeGreaterThan(0);
    expect(hashes).not.toContain(token);
  });

  it('trims and lower-cases addresses', async () => {
    const email = uniqueEmail('case');
    const response = await t.call(api.users.register, {
      body: {
        name: 'Case',
        email: `  ${email.toUpperCase()} `,
        password,
      },
    });
    expect(response.statusCode).toBe(201);
    await deliverMail();
    const mail = await smtp.waitForMail(email);
    expect(mail.to).toEqual([email]);
  });

  it('answers a second registration of an address like the first, creates nothing, and mails the owner', async () => {
    const email = await createVerifiedUser('dupe');
    const again = await t.call(api.users.register, {
      body: { name: 'Impostor', email, password: 'Another-Pass-99' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.body).toEqual({ message: USER_MESSAGES.registered, emailVerified: false });
    await deliverMail();
    const notice = await smtp.waitForMail(email, /already have/);
    expect(linkFrom(notice, '/forgot-password').searchParams.get('email')).toBe(email);
    // The original password still works; the impostor's does not.
    expect((await login(email)).statusCode).toBe(200);
    expect((await login(email, 'device-aaaaaaaa', 'Another-Pass-99')).statusCode).toBe(401);
  });

  it.each([
    [{ email: 'a@example.com', password }, 'Name is required'],
    [{ name: 'A', password }, 'Email is required'],
    [{ name: 'A', email: 'not-an-email', password }, 'Please enter a valid email address'],
    [{ name: 'A', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters long'],
    [
      { name: 'A', email: 'a@example.com', password: 'x'.repeat(129) },
      'Password must be at most 128 characters long',
    ],
    [{ name: 'A', email: 'a@example.com', password: 'password123' }, /too common/],
    [{ name: 123, email: 'a@example.com', password }, 'Name is required'],
  ])('refuses bad registration input %#', async (payload, expected) => {
    // Some of these bodies the types refuse: all go untyped.
    const response = await t.send(api.users.register, { body: payload });
    expect(response.statusCode).toBe(400);
    expect(response.message).toMatch(expected);
  });

  it('answers malformed JSON, a non-object body and an oversize body clearly', async () => {
    const registerWithBody = (body: string) =>
      t.request({
        method: 'POST',
        url: api.users.register.path,
        headers: { 'content-type': 'application/json' },
        payload: body,
      });
    const malformed = await registerWithBody('{"name": "A",');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Request body is not valid JSON' });
    expect(malformed.body).not.toMatch(/at .*\.ts/);

    const array = await registerWithBody('[1,2]');
    expect(array.statusCode).toBe(400);

    const huge = await t.send(api.users.register, {
      body: { name: 'A', email: 'a@example.com', password, pad: 'x'.repeat(1_100_000) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toEqual({ message: 'Request body is too large (limit 1 MiB)' });
  });

  it('rejects verification links with a wrong, foreign or malformed token', async () => {
    const email = uniqueEmail('wrongtoken');
    await t.call(api.users.register, { body: { name: 'W', email, password } });
    await deliverMail();
    const link = linkFrom(await smtp.waitForMail(email), '/verify-email');
    const { userId, token } = linkParams(link);
    const other = await createVerifiedUser('other');
    const [otherUser] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from users where email = ${other}`,
    );
    for (const params of [
      { userId, token: 'not-the-token' },
      { userId: otherUser?.id ?? '', token },
      { userId: 'not-a-uuid', token },
    ]) {
      const response = await t.call(api.users.verifyEmail, { params });
      expect(response.statusCode).toBe(400);
    }
    expect((await login(email)).statusCode).toBe(403);
  });

  it('resend supersedes the earlier link and answers the same for unknown addresses', async () => {
    const email = uniqueEmail('resend');
    await t.call(api.users.register, { body: { name: 'R', email, password } });
    await deliverMail();
    const first = linkFrom(await smtp.waitForMail(email), '/verify-email');
    const resend = await t.call(api.users.resendVerification, { body: { email } });
    expect(resend.body).toEqual({ message: 'Verification email has been sent. Please check your inbox.' });
    const unknown = await t.call(api.users.resendVerification, { body: { email: uniqueEmail('nobody') } });
    expect(unknown.statusCode).toBe(resend.statusCode);
    expect(unknown.body).toEqual(resend.body);
    await deliverMail();
    await expect.poll(() => smtp.mails.filter((m) => m.to.includes(email)).length).toBe(2);
    const stale = await followVerifyLink(first);
    expect(stale.statusCode).toBe(400);
    const second = linkFrom(smtp.mails.filter((m) => m.to.includes(email))[1]!, '/verify-email');
    const fresh = await followVerifyLink(second);
    expect(fresh.statusCode).toBe(200);
  });

  it('refuses an expired verification link', async () => {
    const email = uniqueEmail('expired');
    await t.call(api.users.register, { body: { name: 'E', email, password } });
    await deliverMail();
    const link = linkFrom(await smtp.waitForMail(email), '/verify-email');
    await t.ctx.db.execute(sql`update user_tokens set expires_at = now() - interval '1 minute'`);
    const response = await followVerifyLink(link);
    expect(response.statusCode).toBe(400);
  });
});

describe('development verification and closed registration', () => {
  async function registerOn(app: TestApp, email: string) {
    return app.request({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Dev Learner', email, password },
      remoteAddress: clientAddress(),
    });
  }
  async function logInOn(app: TestApp, email: string) {
    return app.request({
      method: 'POST',
      url: api.users.login.path,
      payload: { email, password, deviceId: 'device-dev-0001', deviceName: 'Dev' },
      remoteAddress: clientAddress(),
    });
  }

  it('verifies at once only when SMTP_URL is unset, and says so in the register response', async () => {
    // Port 9 (discard) on localhost: SMTP is configured but unreachable.
    const unreachable = await createTestApp({ NODE_ENV: 'development', SMTP_URL: 'smtp://127.0.0.1:9' });
    const noMail = await createTestApp({ NODE_ENV: 'development' });
    try {
      const held = await registerOn(unreachable, 'held@example.com');
      expect(held.json()).toEqual({ message: USER_MESSAGES.registered, emailVerified: false });
      const heldStatus = await unreachable.request({ method: 'GET', url: '/api/users/check-email-service' });
      expect(heldStatus.json()).toMatchObject({ emailServiceWorking: false, verificationBypassed: false });
      const heldLogin = await logInOn(unreachable, 'held@example.com');
      expect(heldLogin.statusCode).toBe(403);

      const open = await registerOn(noMail, 'open@example.com');
      expect(open.json()).toEqual({ message: USER_MESSAGES.registered, emailVerified: true });
      const openLogin = await logInOn(noMail, 'open@example.com');
      expect(openLogin.statusCode).toBe(200);
    } finally {
      await unreachable.close();
      await noMail.close();
    }
  });

  it('answers the closed message without counting against the rate limit', async () => {
    // One address throughout: the refusals must not count against its registration limit.
    const registerEarly = () =>
      t.request({
        method: 'POST',
        url: api.users.register.path,
        payload: { name: 'Early', email: 'early-bird@example.com', password },
        remoteAddress: '203.0.113.50',
      });
    await t.ctx.settings.update({ registrationEnabled: false });
    try {
      for (let i = 0; i < 25; i += 1) {
        const closed = await registerEarly();
        expect(closed.statusCode).toBe(403);
        expect(closed.json()).toEqual({ message: USER_MESSAGES.registrationClosed });
      }
    } finally {
      await t.ctx.settings.update({ registrationEnabled: true });
    }
    const opened = await registerEarly();
    expect(opened.statusCode).toBe(201);
  });
});

describe('login, sessions and devices', () => {
  it('gives one message for an unknown address and a wrong password', async () => {
    const email = await createVerifiedUser('creds');
    const wrong = await login(email, 'device-aaaaaaaa', 'Wrong-Password-1');
    const unknown = await login(uniqueEmail('ghost'));
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toEqual({ message: 'Invalid email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('validates login input', async () => {
    // A body without a device: the types refuse it, so it goes untyped.
    const missing = await t.send(api.users.login, { body: { email: 'a@example.com', password } });
    expect(missing.statusCode).toBe(400);
    expect(missing.message).toBe('deviceId is required');
  });

  it('allows three devices, refuses a fourth with a way out, and lets a known device back in', async () => {
    const email = await createVerifiedUser('devices');
    const tokens = [];
    for (const device of ['device-one-1111', 'device-two-2222', 'device-three-33'])
      tokens.push(await tokenFor(email, device));
    const fourth = await login(email, 'device-four-4444');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.message).toContain('Settings → Device Management');
    expect((await login(email, 'device-two-2222')).statusCode).toBe(200);

    const list = await t.call(api.devices.list, { as: bearer(tokens[0]!) });
    const devices = list.body.devices;
    expect(devices).toHaveLength(3);
    expect(devices.filter((d) => d.current)).toHaveLength(1);
    expect(devices.every((d) => d.loggedIn && d.deviceName === 'Chrome on Linux')).toBe(true);

    // Logging a device out ends its sessions and keeps it listed.
    const third = devices[2]!;
    const out = await t.call(api.devices.logout, { params: { id: third._id }, as: bearer(tokens[0]!) });
    expect(out.statusCode).toBe(200);
    expect((await t.call(api.users.me, { as: bearer(tokens[2]!) })).statusCode).toBe(401);
    const after = await t.call(api.devices.list, { as: bearer(tokens[0]!) });
    expect(after.body.devices.find((d) => d._id === third._id)?.loggedIn).toBe(false);
    // 15.7: a signed-out device (the library PC) no longer holds a slot, so a fourth browser gets in…
    expect((await login(email, 'device-four-4444')).statusCode).toBe(200);
    const four = await t.call(api.devices.list, { as: bearer(tokens[0]!) });
    expect(four.body.devices).toHaveLength(4);
    // …and the signed-out one cannot sign back in while three others are signed in.
    const back = await login(email, 'device-three-33');
    expect(back.statusCode).toBe(409);
    expect(back.message).toBe(USER_MESSAGES.tooManyDevices);

    // Removing a signed-in device frees its slot.
    const removed = await t.call(api.devices.remove, {
      params: { id: devices[1]!._id },
      as: bearer(tokens[0]!),
    });
    expect(removed.statusCode).toBe(200);
    expect((await login(email, 'device-three-33')).statusCode).toBe(200);
  });

  it('never lets concurrent logins from new devices pass the limit', async () => {
    const email = await createVerifiedUser('race');
    const results = await Promise.all(
      ['race-device-a1', 'race-device-b2', 'race-device-c3', 'race-device-d4', 'race-device-e5'].map((d) =>
        login(email, d),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(2);
  });

  it('reads the Authorization header strictly', async () => {
    const { token } = await signedInLearner('strict', 'device-strict-1');
    const me = (authorization: string) => t.call(api.users.me, { as: { headers: { authorization } } });
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    for (const header of [
      `Bearer ${token} junk`,
      `Bearer  ${token}`,
      `Bearer ${token} `,
      `Bearer ${token}x`,
      `Bearer ${token.slice(1)}`,
      `Bearer\t${token}`,
      `Admin ${token}`,
      `Basic ${token}`,
      token,
    ]) {
      const response = await me(header);
      expect(response.statusCode, header).toBe(401);
      expect(response.body).toEqual({ message: 'Please log in to continue' });
    }
  });

  it('requires a valid session for learner routes', async () => {
    expect((await t.call(api.devices.list)).statusCode).toBe(401);
    const forged = await t.call(api.devices.list, { as: bearer('forged-token') });
    expect(forged.statusCode).toBe(401);
    const wrongScheme = await t.call(api.devices.list, {
      as: { headers: { authorization: 'Admin whatever' } },
    });
    expect(wrongScheme.statusCode).toBe(401);
  });

  it('ends the session on logout', async () => {
    const { token } = await signedInLearner('logout');
    const out = await t.call(api.users.logout, { as: bearer(token) });
    expect(out.statusCode).toBe(204);
    expect((await t.call(api.users.me, { as: bearer(token) })).statusCode).toBe(401);
  });

  it('expires sessions after 30 days of disuse', async () => {
    const { token } = await signedInLearner('idle');
    await t.ctx.db.execute(sql`update sessions set expires_at = now() - interval '1 second'`);
    expect((await t.call(api.users.me, { as: bearer(token) })).statusCode).toBe(401);
  });

  function loginFrom(remoteAddress: string, email: string, pass: string, deviceId = 'device-throttle-1') {
    return t.request({
      method: 'POST',
      url: api.users.login.path,
      payload: { email, password: pass, deviceId, deviceName: 'Chrome on Linux' },
      remoteAddress,
    });
  }

  it('throttles guessing per account and address without locking the owner out elsewhere', async () => {
    const email = await createVerifiedUser('limit');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await loginFrom('203.0.113.7', email, 'Wrong-Password-1')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const blocked = await loginFrom('203.0.113.7', email, password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json<{ message: string }>().message).toBe(USER_MESSAGES.tooMany);
    // The owner, from their own address, still gets in with the right password.
    expect((await loginFrom('198.51.100.20', email, password)).statusCode).toBe(200);
    // Spread over many addresses, guesses meet the per-account ceiling.
    const spread: number[] = [];
    for (let i = 0; i < 50; i += 1)
      spread.push((await loginFrom(`192.0.2.${i + 1}`, email, 'Wrong-Password-1')).statusCode);
    expect(spread.at(-1)).toBe(429);
  });

  it('forgets an address’s failed tries after a successful login from it', async () => {
    const email = await createVerifiedUser('forgets');
    for (let i = 0; i < 4; i += 1) await loginFrom('203.0.113.8', email, 'Wrong-Password-1');
    expect((await loginFrom('203.0.113.8', email, password)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await loginFrom('203.0.113.8', email, 'Wrong-Password-1')).statusCode).toBe(401);
  });
});

describe('password reset and change', () => {
  async function resetLink(email: string): Promise<URL> {
    const before = smtp.mails.length;
    const response = await t.call(api.users.forgotPassword, { body: { email } });
    expect(response.body).toEqual({
      message: 'Password reset link has been sent. Please check your inbox.',
    });
    await deliverMail();
    await expect
      .poll(() => smtp.mails.slice(before).some((m) => m.to.includes(email) && /Reset your/.test(m.subject)))
      .toBe(true);
    const mail = smtp.mails.slice(before).find((m) => m.to.includes(email) && /Reset your/.test(m.subject))!;
    return linkFrom(mail, '/reset-password');
  }

  it('resets a forgotten password, ends every session, and refuses the link a second time', async () => {
    const { email, token: oldToken } = await signedInLearner('reset');
    const link = await resetLink(email);
    const { userId, token } = linkParams(link);

    const valid = await t.call(api.users.validateResetToken, { params: { userId, token } });
    expect(valid.body).toEqual({ valid: true });

    const tooShort = await t.call(api.users.resetPassword, {
      params: { userId, token },
      body: { password: 'short' },
    });
    expect(tooShort.statusCode).toBe(400);

    const reset = await t.call(api.users.resetPassword, {
      params: { userId, token },
      body: {
        password: 'Brand-New-Pass-7',
      },
    });
    expect(reset.body).toEqual({
      message: 'Your password has been reset successfully. You can now login with your new password.',
    });
    expect((await t.call(api.users.me, { as: bearer(oldToken) })).statusCode).toBe(401);
    expect((await login(email)).statusCode).toBe(401);
    expect((await login(email, 'device-aaaaaaaa', 'Brand-New-Pass-7')).statusCode).toBe(200);

    const again = await t.call(api.users.resetPassword, {
      params: { userId, token },
      body: {
        password: 'Another-New-Pass-8',
      },
    });
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({
      message: 'This password reset link is invalid or has expired. Please request a new one.',
    });
    const invalid = await t.call(api.users.validateResetToken, { params: { userId, token } });
    expect(invalid.statusCode).toBe(400);
    await deliverMail();
    await smtp.waitForMail(email, /password was changed/);
  });

  it('answers forgot-password alike for unknown addresses and sends nothing', async () => {
    const before = smtp.mails.length;
    const ghost = uniqueEmail('ghost');
    const response = await t.call(api.users.forgotPassword, { body: { email: ghost } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      message: 'Password reset link has been sent. Please check your inbox.',
    });
    await deliverMail();
    expect(smtp.mails.slice(before).some((m) => m.to.includes(ghost))).toBe(false);
    const empty = await t.call(api.users.forgotPassword, { body: { email: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.message).toBe('Email is required');
  });

  it('refuses expired, superseded and foreign reset links', async () => {
    const email = await createVerifiedUser('expire-reset');
    const first = await resetLink(email);
    const second = await resetLink(email);
    const superseded = await t.call(api.users.validateResetToken, { params: linkParams(first) });
    expect(superseded.statusCode).toBe(400);
    const other = await createVerifiedUser('foreign');
    const otherLink = await resetLink(other);
    const foreign = await t.call(api.users.resetPassword, {
      params: { userId: linkParams(otherLink).userId, token: linkParams(second).token },
      body: { password: 'Brand-New-Pass-7' },
    });
    expect(foreign.statusCode).toBe(400);
    await t.ctx.db.execute(
      sql`update user_tokens set expires_at = now() - interval '1 second' where purpose = 'reset_password'`,
    );
    const expired = await t.call(api.users.resetPassword, {
      params: linkParams(second),
      body: { password: 'Brand-New-Pass-7' },
    });
    expect(expired.statusCode).toBe(400);
  });

  it('refuses one repeated character like a common password, on register, reset and change', async () => {
    const { email, token } = await signedInLearner('repeat', 'device-repeat-1');
    const common = { message: COMMON_PASSWORD_MESSAGE };
    const registered = await t.call(api.users.register, {
      body: {
        name: 'Repeat',
        email: uniqueEmail('repeat-new'),
        password: 'aaaaaaaa',
      },
    });
    expect(registered.statusCode).toBe(400);
    expect(registered.body).toEqual(common);

    const link = await resetLink(email);
    const reset = await t.call(api.users.resetPassword, {
      params: linkParams(link),
      body: { password: '1111111111' },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.body).toEqual(common);

    const changed = await changePassword(token, password, 'ZZZZZZZZZZZZ');
    expect(changed.statusCode).toBe(400);
    expect(changed.body).toEqual(common);
  });

  it('refuses a new password equal to the current one', async () => {
    const { token } = await signedInLearner('same', 'device-same-111');
    const same = await changePassword(token, password, password);
    expect(same.statusCode).toBe(400);
    expect(same.body).toEqual({ message: SAME_PASSWORD_MESSAGE });
  });

  it('lifts a login throttle once the password is reset or the address verified', async () => {
    const email = await createVerifiedUser('unthrottle');
    const from = (pass: string) =>
      t.request({
        method: 'POST',
        url: api.users.login.path,
        payload: { email, password: pass, deviceId: 'device-unthrottle', deviceName: 'Chrome on Linux' },
        remoteAddress: '203.0.113.77',
      });
    for (let i = 0; i < 5; i += 1) await from('Wrong-Password-1');
    expect((await from(password)).statusCode).toBe(429);
    const link = await resetLink(email);
    const reset = await t.call(api.users.resetPassword, {
      params: linkParams(link),
      body: { password: 'Brand-New-Pass-8' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await from('Brand-New-Pass-8')).statusCode).toBe(200);

    // A followed verification link lifts it too (the throttle is counted before the password check).
    const fresh = uniqueEmail('unthrottle-new');
    await t.call(api.users.register, { body: { name: 'New', email: fresh, password } });
    const again = (pass: string) =>
      t.request({
        method: 'POST',
        url: api.users.login.path,
        payload: { email: fresh, password: pass, deviceId: 'device-unthrottle', deviceName: 'Chrome' },
        remoteAddress: '203.0.113.78',
      });
    for (let i = 0; i < 5; i += 1) await again('Wrong-Password-1');
    expect((await again(password)).statusCode).toBe(429);
    await deliverMail();
    const mail = await smtp.waitForMail(fresh, /Verify your email/);
    const verifyLink = linkFrom(mail, '/verify-email');
    const verified = await followVerifyLink(verifyLink);
    expect(verified.statusCode).toBe(200);
    expect((await again(password)).statusCode).toBe(200);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const learner = await signedInLearner('change', 'device-current-1');
    const { email, token: current } = learner;
    const other = (await createLearnerSession(t, learner, { deviceKey: 'device-other-22' })).token;
    const wrong = await changePassword(current, 'Not-My-Password', 'Changed-Pass-55');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toEqual({ message: 'Current password is incorrect' });
    const common = await changePassword(current, password, 'qwertyuiop');
    expect(common.statusCode).toBe(400);
    const changed = await changePassword(current, password, 'Changed-Pass-55');
    expect(changed.body).toEqual({ message: 'Password updated successfully' });
    expect((await t.call(api.users.me, { as: bearer(current) })).statusCode).toBe(200);
    expect((await t.call(api.users.me, { as: bearer(other) })).statusCode).toBe(401);
    expect((await login(email, 'device-current-1', 'Changed-Pass-55')).statusCode).toBe(200);
  });
});
