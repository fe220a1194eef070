import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../../test/factories.ts';
import { serverEnv, useTempDataDirs } from '../../../test/server.ts';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp.ts';
import { loadConfig } from '../../config/env.ts';
import { startServer, type RunningServer } from '../../server.ts';

const tempDataDir = useTempDataDirs('mlp-outage-');

/** Waits for a condition without assuming how fast the machine is. */
async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface LogLine {
  msg?: string;
  mailId?: string;
}

describe('mail outbox across an SMTP outage (decision 0026)', () => {
  it('counts only real tries, leaves nothing leased, and delivers the backlog within seconds of SMTP coming back', async () => {
    // A port where SMTP was and will be again: stop the real server to make the outage.
    const before = await startSmtpServer();
    const port = before.port;
    await before.close();

    const dataDir = tempDataDir();
    const lines: LogLine[] = [];
    let server: RunningServer | undefined;
    let smtp: TestSmtpServer | undefined;
    try {
      server = await startServer(
        loadConfig(
          serverEnv(dataDir, {
            LOG_LEVEL: 'debug',
            SMTP_URL: `smtp://127.0.0.1:${port}`,
            OUTBOX_POLL_MS: '100',
            RATE_LIMIT_FACTOR: '100',
          }),
        ),
        { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
      );
      const running = server;
      const count = (msg: string) => lines.filter((line) => line.msg === msg).length;

      const emails = Array.from({ length: 12 }, (_, i) => `outage-${i}@example.com`);
      const responses = await Promise.all(
        emails.map((email) =>
          fetch(`${running.url}/api/users/register`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Outage', email, password: 'Correct-Horse-42' }),
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(emails.map(() => 201));

      // The worker found SMTP down, and has since probed it several times without trying mail.
      await waitFor(() => count('SMTP unreachable; queued mail waits until it answers') >= 1, 'the outage');
      const probes = count('SMTP still unreachable; queued mail waits');
      await waitFor(() => count('SMTP still unreachable; queued mail waits') >= probes + 5, 'five probes');

      const triesOf = (id: string) =>
        lines.filter(
          (line) =>
            line.mailId === id &&
            (line.msg === 'mail delivery failed' || line.msg === 'mail given up after its last try'),
        ).length;
      const during = await queryRows<{ id: string; attempts: number; leased: boolean; status: string }>(
        running.ctx.db,
        sql`select id, attempts, coalesce(locked_until > now(), false) as leased, status from mail_outbox`,
      );
      expect(during).toHaveLength(12);
      for (const row of during) {
        expect(row.attempts, `attempts of mail ${row.id}`).toBe(triesOf(row.id));
        expect(row.leased, `lease of mail ${row.id}`).toBe(false);
        expect(row.status).toBe('pending');
      }
      // One try found the outage; the others were never tried, so never counted.
      expect(during.filter((row) => row.attempts === 0).length).toBeGreaterThanOrEqual(10);

      const restarted = Date.now();
      smtp = await startSmtpServer(port);
      for (const email of emails) await smtp.waitForMail(email, /Verify your email/, 60_000);
      const seconds = (Date.now() - restarted) / 1000;
      // The one mail tried during the outage waits out its own 5 s back-off; the rest go at once.
      expect(seconds).toBeLessThan(10);
      expect(smtp.mails).toHaveLength(12);

      // Received by SMTP a moment before its row is marked sent.
      const after = () =>
        queryRows<{ id: string; attempts: number; status: string }>(
          running.ctx.db,
          sql`select id, attempts, status from mail_outbox`,
        );
      await waitFor(async () => (await after()).every((row) => row.status === 'sent'), 'rows marked sent');
      for (const row of await after()) {
        expect(row.status).toBe('sent');
        expect(row.attempts, `attempts of mail ${row.id}`).toBe(triesOf(row.id) + 1);
      }
    } finally {
      await server?.stop();
      await smtp?.close();
    }
  }, 180_000);
});
