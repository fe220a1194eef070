import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../test/fixtures.ts';
import { scrubText } from './logging.ts';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { method: string; url: string };
  err?: { type?: string; message?: string; code?: string; stack?: string; cause?: unknown };
}

const lines: string[] = [];
const t = useTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => void lines.push(line) } });

beforeAll(async () => {
  // Real write failures: the database refuses these rows (a CHECK constraint of this test's database).
  await t.ctx.db.execute(
    sql`alter table users add constraint log_probe_refused check (name <> 'Refused Writer')`,
  );
  await t.ctx.db.execute(
    sql`alter table mail_outbox add constraint log_probe_no_reset check (subject not like 'Reset%')`,
  );
});

function parsed(): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine);
}

/** The error line of the request to `url`, and the request id Fastify gave that request. */
function errorOf(url: string): { error: LogLine; reqId: string } {
  const all = parsed();
  const incoming = all.find((line) => line.msg === 'incoming request' && line.req?.url === url);
  if (!incoming?.reqId) throw new Error(`no incoming request line for ${url}`);
  const error = all.find((line) => line.level === 50 && line.reqId === incoming.reqId);
  if (!error) throw new Error(`no error line for request ${incoming.reqId}`);
  return { error, reqId: incoming.reqId };
}

describe('logs of a failed database write', () => {
  it('log the error with its request id but no password hash, e-mail or personal data', async () => {
    lines.length = 0;
    const email = 'refused.writer@example.com';
    const response = await t.call(api.users.register, {
      body: { name: 'Refused Writer', email, password: 'Correct-Horse-42' },
    });
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ message: 'Something went wrong on our side. Please try again.' });

    const { error, reqId } = errorOf(api.users.register.path);
    expect(error.msg).toBe('unhandled error');
    expect(error.reqId).toBe(reqId);
    // Still useful: what failed and why, without the values.
    expect(error.err?.message).toContain('insert into "users"');
    const logged = JSON.stringify(error);
    expect(logged).toContain('log_probe_refused');
    expect(logged).toContain('23514');

    const output = lines.join('');
    expect(output).not.toContain('$argon2');
    expect(output).not.toContain(email);
    expect(output).not.toMatch(/@example\.com/);
    expect(output).not.toContain('Refused Writer');
    expect(output).not.toContain('Correct-Horse-42');
  });

  it('log no reset token, mail body or address when queuing a mail fails', async () => {
    const email = 'token.owner@example.com';
    await t.call(api.users.register, { body: { name: 'Token Owner', email, password: 'Correct-Horse-42' } });
    lines.length = 0;
    const response = await t.call(api.users.forgotPassword, { body: { email } });
    expect(response.statusCode).toBe(500);

    const { error } = errorOf(api.users.forgotPassword.path);
    expect(JSON.stringify(error)).toContain('log_probe_no_reset');
    const output = lines.join('');
    expect(output).not.toContain(email);
    expect(output).not.toContain('Token Owner');
    expect(output).not.toMatch(/token=/);
    expect(output).not.toContain('/reset-password');
  });
});

describe('scrubText', () => {
  it('hides password hashes, e-mail addresses and link tokens wherever they appear', () => {
    const token = 'Ab3dEf6hIj9lMn2pQr5tUv8xYz1bCd4fGh7jKl0nOpQ';
    expect(token).toHaveLength(43);
    const text = `user a.b+c@mail.example.org hash $argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA, token ${token}, url /x?token=abc&y=1`;
    const scrubbed = scrubText(text);
    expect(scrubbed).not.toContain('a.b+c@mail.example.org');
    expect(scrubbed).not.toContain('$argon2id$');
    expect(scrubbed).not.toContain(token);
    expect(scrubbed).not.toContain('token=abc');
    expect(scrubbed).toContain('&y=1');
    // Lower-case identifiers of the same length are SQL names, not tokens: they stay readable.
    const index = 'subscriptions_user_id_exam_id_status_index_';
    expect(index).toHaveLength(43);
    expect(scrubText(index)).toBe(index);
  });
});
