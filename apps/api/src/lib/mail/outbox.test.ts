import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createAdmin, queryRows } from '../../../test/factories.ts';
import { linkFrom, startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { migrationsFolder } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { MAX_MAIL_ATTEMPTS, retryDelayMs } from './outbox-worker.ts';
import { REMOVED_BODY } from './outbox.repository.ts';

let smtp: TestSmtpServer;
let t: TestApp;
const smtpOptions = { rejectRecipients: /^rejected-/ };

beforeAll(async () => {
  smtp = await startSmtpServer(0, smtpOptions);
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function outboxRows() {
  const result = await t.ctx.db.execute(
    sql`select status, attempts, last_error from mail_outbox order by created_at, id`,
  );
  return (result as { rows: Array<{ status: string; attempts: number; last_error: string | null }> }).rows;
}

describe('mail outbox', () => {
  it('keeps mail through an SMTP outage and delivers it once SMTP is back', async () => {
    // Confirm SMTP works first (the check is cached), so registration requires verification.
    expect(await t.ctx.mailer.isWorking()).toBe(true);
    const port = smtp.port;
    await smtp.close();

    const email = `outage-${Date.now()}@example.com`;
    const response = await t.call(api.users.register, {
      body: { name: 'Outage', email, password: 'Correct-Horse-42' },
    });
    expect(response.statusCode).toBe(201);

    expect(await t.ctx.outbox.runOnce()).toBe(0);
    const [failed] = await outboxRows();
    expect(failed?.status).toBe('pending');
    expect(failed?.attempts).toBe(1);
    expect(failed?.last_error).toBeTruthy();

    smtp = await startSmtpServer(port, smtpOptions);
    // The back-off put the next attempt in the future; let it come due.
    await t.ctx.db.execute(sql`update mail_outbox set next_attempt_at = now()`);
    expect(await t.ctx.outbox.runOnce()).toBe(1);
    const mail = await smtp.waitForMail(email, /Verify your email/);
    expect(linkFrom(mail, '/verify-email').searchParams.get('token')).toBeTruthy();
    const [sent] = await outboxRows();
    expect(sent?.status).toBe('sent');
  });

  it('never sends one mail twice when two workers run at once', async () => {
    const before = smtp.mails.length;
    const email = `twice-${Date.now()}@example.com`;
    await t.call(api.users.forgotPassword, { body: { email } });
    await t.call(api.users.register, { body: { name: 'Twice', email, password: 'Correct-Horse-42' } });
    const { createOutboxWorker } = await import('./outbox-worker.ts');
    const second = createOutboxWorker({ db: t.ctx.db, mailer: t.ctx.mailer, pollMs: 1000 });
    const [a, b] = await Promise.all([t.ctx.outbox.runOnce(), second.runOnce()]);
    expect(a + b).toBe(1);
    expect(smtp.mails.length - before).toBe(1);
  });

  it('goes on with the other mail when the server refuses one, backing that one off alone', async () => {
    const stamp = Date.now();
    const refused = `rejected-first-${stamp}@example.com`;
    const accepted = `accepted-after-${stamp}@example.com`;
    await t.call(api.users.register, {
      body: { name: 'Refused', email: refused, password: 'Correct-Horse-42' },
    });
    await t.call(api.users.register, {
      body: { name: 'Accepted', email: accepted, password: 'Correct-Horse-42' },
    });
    expect(await t.ctx.outbox.runOnce()).toBe(1);
    await smtp.waitForMail(accepted, /Verify your email/);
    const [row] = await queryRows<{ status: string; attempts: number; due_in_s: number }>(
      t.ctx.db,
      sql`select status, attempts, extract(epoch from next_attempt_at - now())::float8 as due_in_s
          from mail_outbox where to_address = ${refused}`,
    );
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.due_in_s).toBeGreaterThan(0);
    expect(row?.due_in_s).toBeLessThanOrEqual(5);
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(5)).toBe(80_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

interface MailRow {
  user_id: string | null;
  subject: string;
  text_body: string;
  html_body: string;
  status: string;
  attempts: number;
}

async function mailsTo(email: string): Promise<MailRow[]> {
  return queryRows<MailRow>(
    t.ctx.db,
    sql`select user_id, subject, text_body, html_body, status, attempts from mail_outbox
        where to_address = ${email} order by created_at, id`,
  );
}

describe('mail at rest (decision 0026)', () => {
  it('keeps no body of a sent mail, and ties every kind of mail to its learner', async () => {
    const email = `at-rest-${Date.now()}@example.com`;
    const password = 'Correct-Horse-42';
    expect(
      (await t.call(api.users.register, { body: { name: 'At Rest', email, password } })).statusCode,
    ).toBe(201);
    expect(
      (await t.call(api.users.register, { body: { name: 'At Rest', email, password } })).statusCode,
    ).toBe(201);
    expect((await t.call(api.users.resendVerification, { body: { email } })).statusCode).toBe(200);
    expect((await t.call(api.users.forgotPassword, { body: { email } })).statusCode).toBe(200);
    await t.ctx.outbox.runOnce();
    const reset = linkFrom(await smtp.waitForMail(email, /Reset your/), '/reset-password');
    const userId = reset.searchParams.get('userId') ?? '';
    const resetDone = await t.call(api.users.resetPassword, {
      params: { userId, token: reset.searchParams.get('token') ?? '' },
      body: {
        password: 'Second-Horse-43',
      },
    });
    expect(resetDone.statusCode).toBe(200);
    const login = await t.call(api.users.login, {
      body: {
        email,
        password: 'Second-Horse-43',
        deviceId: 'device-at-rest-1',
        deviceName: 'Test',
      },
    });
    const changed = await t.call(api.users.changePassword, {
      body: { currentPassword: 'Second-Horse-43', newPassword: 'Third-Horse-44' },
      as: { headers: { authorization: `Bearer ${login.body.token}` } },
    });
    expect(changed.statusCode).toBe(200);
    await t.ctx.outbox.runOnce();

    const rows = await mailsTo(email);
    // verification, already registered, verification again, reset, password changed twice
    expect(rows).toHaveLength(6);
    for (const row of rows) {
      expect(row).toMatchObject({
        user_id: userId,
        status: 'sent',
        text_body: REMOVED_BODY,
        html_body: REMOVED_BODY,
      });
      expect(row.subject).not.toBe('');
    }
    const leftovers = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from mail_outbox
          where status <> 'pending' and (text_body like '%token=%' or html_body like '%token=%')`,
    );
    expect(leftovers[0]?.n).toBe(0);
  });

  it('keeps no body of a mail given up after its last try', async () => {
    const email = `rejected-${Date.now()}@example.com`;
    await t.call(api.users.register, { body: { name: 'Rejected', email, password: 'Correct-Horse-42' } });
    await t.ctx.db.execute(
      sql`update mail_outbox set attempts = ${MAX_MAIL_ATTEMPTS - 1} where to_address = ${email}`,
    );
    await t.ctx.outbox.runOnce();
    const [row] = await mailsTo(email);
    expect(row).toMatchObject({
      status: 'failed',
      attempts: MAX_MAIL_ATTEMPTS,
      text_body: REMOVED_BODY,
      html_body: REMOVED_BODY,
    });
  });

  it('deletes the mail of a deleted learner, sent and queued alike', async () => {
    const email = `deleted-${Date.now()}@example.com`;
    const other = `kept-${Date.now()}@example.com`;
    await t.call(api.users.register, { body: { name: 'Deleted', email, password: 'Correct-Horse-42' } });
    await t.call(api.users.register, { body: { name: 'Kept', email: other, password: 'Correct-Horse-42' } });
    await t.ctx.outbox.runOnce();
    await t.call(api.users.forgotPassword, { body: { email } });
    expect((await mailsTo(email)).map((row) => row.status)).toEqual(['sent', 'pending']);
    const userId = (await mailsTo(email))[0]?.user_id;
    expect(userId).toBeTruthy();

    const deleted = await t.call(api.adminUsers.remove, {
      params: { id: userId! },
      as: await createAdmin(t),
    });
    expect(deleted.statusCode).toBe(200);
    expect(await mailsTo(email)).toEqual([]);
    expect(await mailsTo(other)).toHaveLength(1);
  });
});

describe('mail written before the outbox kept bodies and owners', () => {
  it('loses its sent bodies, gains its learner, and goes with a deleted learner (migration)', async () => {
    const stamp = Date.now();
    const [owner] = await t.ctx.db
      .insert(users)
      .values({ name: 'Legacy', email: `legacy-${stamp}@example.com`, passwordHash: 'x' })
      .returning();
    const body = 'Reset password: http://app.test/reset-password?token=SECRET&userId=x';
    // Each row a minute apart: PGlite's clock can give two inserts in a row the same created_at, and the
    // rows are compared in that order.
    const legacy = (to: string, status: string, minutesAgo: number) =>
      sql`insert into mail_outbox (id, to_address, subject, text_body, html_body, status, created_at)
          values (gen_random_uuid(), ${to}, 'Reset', ${body}, ${body}, ${status},
            now() - make_interval(mins => ${minutesAgo}))`;
    await t.ctx.db.execute(legacy(`legacy-${stamp}@example.com`, 'sent', 2));
    await t.ctx.db.execute(legacy(`legacy-${stamp}@example.com`, 'pending', 1));
    await t.ctx.db.execute(legacy(`gone-${stamp}@example.com`, 'sent', 2));

    const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_outbox_bodies_and_owners.sql'));
    const statements = readFileSync(path.join(migrationsFolder, file ?? 'missing'), 'utf8').split(
      '--> statement-breakpoint',
    );
    for (const statement of statements) await t.ctx.db.execute(sql.raw(statement));

    const rows = await mailsTo(`legacy-${stamp}@example.com`);
    expect(rows.map((row) => [row.status, row.user_id, row.text_body, row.html_body])).toEqual([
      ['sent', owner?.id, REMOVED_BODY, REMOVED_BODY],
      ['pending', owner?.id, body, body],
    ]);
    expect(await mailsTo(`gone-${stamp}@example.com`)).toEqual([]);
  });
});

describe('verification without e-mail', () => {
  /** Registers a new learner on `app` through the API, then tries to log in; returns the login's answer. */
  async function registerAndLogIn(app: TestApp, name: string, deviceId: string) {
    const email = `${name.toLowerCase()}-${Date.now()}@example.com`;
    const password = 'Correct-Horse-42';
    await app.request({ method: 'POST', url: '/api/users/register', payload: { name, email, password } });
    return app.request({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password, deviceId, deviceName: 'Test' },
    });
  }

  it('verifies new accounts at once in development when e-mail is not working', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const status = await dev.request({ method: 'GET', url: '/api/users/check-email-service' });
      expect(status.json()).toEqual({
        environment: 'development',
        emailServiceWorking: false,
        verificationBypassed: true,
      });
      const login = await registerAndLogIn(dev, 'Dev', 'device-dev-0001');
      expect(login.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('keeps accounts unverified in production, with their mail waiting in the outbox', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) });
    try {
      const login = await registerAndLogIn(prod, 'Prod', 'device-prod-001');
      expect(login.statusCode).toBe(403);
      const pending = await prod.ctx.db.execute(
        sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
      );
      expect((pending as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
    } finally {
      await prod.close();
    }
  });
});
