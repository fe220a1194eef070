import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { linkFrom, startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { retryDelayMs } from './outbox-worker.ts';

let smtp: TestSmtpServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function outboxRows() {
  const result = await t.ctx.db.execute(
    sql`select status, attempts, last_error from mail_outbox order by created_at`,
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
    const response = await t.request({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Outage', email, password: 'Correct-Horse-42' },
    });
    expect(response.statusCode).toBe(201);

    expect(await t.ctx.outbox.runOnce()).toBe(0);
    const [failed] = await outboxRows();
    expect(failed?.status).toBe('pending');
    expect(failed?.attempts).toBe(1);
    expect(failed?.last_error).toBeTruthy();

    smtp = await startSmtpServer(port);
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
    await t.request({ method: 'POST', url: '/api/users/forgot-password', payload: { email } });
    await t.request({
      method: 'POST',
      url: '/api/users/register',
      payload: { name: 'Twice', email, password: 'Correct-Horse-42' },
    });
    const { createOutboxWorker } = await import('./outbox-worker.ts');
    const second = createOutboxWorker({ db: t.ctx.db, mailer: t.ctx.mailer, pollMs: 1000 });
    const [a, b] = await Promise.all([t.ctx.outbox.runOnce(), second.runOnce()]);
    expect(a + b).toBe(1);
    expect(smtp.mails.length - before).toBe(1);
  });

  it('backs off exponentially up to an hour', () => {
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(2)).toBe(10_000);
    expect(retryDelayMs(5)).toBe(80_000);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe('verification without e-mail', () => {
  it('verifies new accounts at once in development when e-mail is not working', async () => {
    const dev = await createTestApp({ NODE_ENV: 'development' });
    try {
      const status = await dev.request({ method: 'GET', url: '/api/users/check-email-service' });
      expect(status.json()).toEqual({
        environment: 'development',
        emailServiceWorking: false,
        verificationBypassed: true,
      });
      const email = `dev-${Date.now()}@example.com`;
      await dev.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: 'Dev', email, password: 'Correct-Horse-42' },
      });
      const login = await dev.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Correct-Horse-42', deviceId: 'device-dev-0001', deviceName: 'Test' },
      });
      expect(login.statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });

  it('keeps accounts unverified in production, with their mail waiting in the outbox', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', APP_SECRET: 'p'.repeat(40) });
    try {
      const email = `prod-${Date.now()}@example.com`;
      await prod.request({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: 'Prod', email, password: 'Correct-Horse-42' },
      });
      const login = await prod.request({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: 'Correct-Horse-42', deviceId: 'device-prod-001', deviceName: 'Test' },
      });
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
