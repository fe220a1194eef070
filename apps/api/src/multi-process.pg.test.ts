import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/db.ts';
import { createAdmin, createExam, createLearner, queryRows } from '../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../test/smtp.ts';
import { startServerProcess, type ServerProcess } from '../test/server.ts';
import { subscriptions } from './db/schema/index.ts';

/*
 * Decision 0045: the API scales out. Two server processes on one PostgreSQL database and one Redis (as two
 * hosts behind a load balancer would be), and `WEB_CONCURRENCY=2` (Node's cluster on one port).
 * Runs only with TEST_DATABASE_URL (files named *.pg.test.ts, see vitest.config.ts).
 */

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const METRICS_TOKEN = 'metrics-token-of-the-cluster-test';

type Process = ServerProcess;

/** A server process, addressed by IP (its ready line names localhost). */
async function startProcess(env: Record<string, string>): Promise<Process> {
  const server = await startServerProcess(env);
  return { ...server, url: server.url.replace('localhost', '127.0.0.1') };
}

async function stopProcess(server: Process): Promise<number | null> {
  if (server.child.exitCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return /^PPid:\s+(\d+)$/m.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))?.[1] === String(pid);
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function request(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> };
}

/** A free month of the exam for the learner. */
async function subscribe(database: TestDatabase, userId: string, examId: string): Promise<void> {
  await database.db.insert(subscriptions).values({
    userId,
    examId,
    isFree: true,
    startDate: new Date(),
    endDate: new Date(Date.now() + 30 * 86_400_000),
  });
}

describe('two server processes on one PostgreSQL and Redis', () => {
  let database: TestDatabase;
  let smtp: TestSmtpServer;
  let a: Process;
  let b: Process;

  beforeAll(async () => {
    database = await createTestDatabase();
    smtp = await startSmtpServer();
    const env = {
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: database.url!,
      REDIS_URL: redisUrl,
      SMTP_URL: smtp.url,
      SEED_DEMO: 'false',
      TEST_HOOKS: 'true',
      // Each run counts its requests under an address of its own (Redis keeps counters between runs).
      TRUST_PROXY: 'true',
      OUTBOX_POLL_MS: '100',
    };
    // Both run the mail outbox and the scheduled jobs, as two full deployments would.
    [a, b] = await Promise.all([startProcess(env), startProcess(env)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a, b].filter(Boolean).map(stopProcess));
    await smtp?.close();
    await database?.destroy();
  });

  it('accepts a session made on one on the other, and shares rate limits between them', async () => {
    const learner = await createLearner(database.db);
    expect((await request(`${a.url}/api/exams/user`, { headers: learner.headers })).status).toBe(200);
    expect((await request(`${b.url}/api/exams/user`, { headers: learner.headers })).status).toBe(200);

    // Five reset mails an hour per address (users.service LIMITS.mailPerEmail), counted across both.
    const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      const server = i % 2 === 0 ? a : b;
      statuses.push(
        (
          await request(`${server.url}/api/users/forgot-password`, {
            method: 'POST',
            headers: { 'x-forwarded-for': ip },
            body: { email: learner.email },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);

    // The five mails are sent once each, though both processes' outboxes poll the same rows.
    await until(() => smtp.mails.filter((mail) => mail.to.includes(learner.email)).length >= 5);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.mails.filter((mail) => mail.to.includes(learner.email))).toHaveLength(5);
    const outbox = await queryRows<{ status: string; n: number }>(
      database.db,
      sql`select status, count(*)::int as n from mail_outbox where to_address = ${learner.email} group by status`,
    );
    expect(outbox).toEqual([{ status: 'sent', n: 5 }]);
  });

  it('submits on one an exam started and saved on the other', async () => {
    const learner = await createLearner(database.db);
    const exam = await createExam(database.db, { numberOfQuestions: 4 }, 4);
    await subscribe(database, learner.id, exam.id);
    const started = await request(`${a.url}/api/exams/${exam.id}/attempts`, {
      method: 'POST',
      headers: learner.headers,
      body: {},
    });
    expect(started.status).toBe(200);
    const attempt = started.body as { _id: string; questions: Array<{ _id: string; choices: string[] }> };
    const answers = Object.fromEntries(attempt.questions.slice(0, 3).map((q) => [q._id, q.choices[2]!]));
    const saved = await request(`${a.url}/api/exams/attempts/${attempt._id}/answers`, {
      method: 'PUT',
      headers: learner.headers,
      body: { answers, seq: 1, currentIndex: 2 },
    });
    expect(saved.status).toBe(204);

    // The other process resumes it where it was, with the answers saved on the first.
    const resumed = await request(`${b.url}/api/exams/${exam.id}/attempts`, {
      method: 'POST',
      headers: learner.headers,
      body: {},
    });
    expect(resumed.body).toMatchObject({ _id: attempt._id, answers, currentIndex: 2 });

    const submitted = await request(`${b.url}/api/exams/${exam.id}/submit`, {
      method: 'POST',
      headers: learner.headers,
      body: { attemptId: attempt._id, answers },
    });
    expect(submitted.status).toBe(201);
    const result = submitted.body as {
      _id: string;
      questions: Array<{ questionId: string; userAnswer: string }>;
    };
    for (const [questionId, answer] of Object.entries(answers))
      expect(result.questions.find((q) => q.questionId === questionId)?.userAnswer).toBe(answer);
    // And the first process reads the same result.
    const read = await request(`${a.url}/api/exams/results/${result._id}`, { headers: learner.headers });
    expect(read.status).toBe(200);
  });

  it('shows a settings change made through one on the other at once, and again after its listener reconnects', async () => {
    // Decision 0071: a write NOTIFYs every process and returns once each has dropped its cached copy.
    const admin = await createAdmin(database.db);
    const listenerPids = async () =>
      (
        await queryRows<{ pid: number }>(
          database.db,
          sql`select pid from pg_stat_activity
            where datname = current_database() and application_name = 'mlp-listener'`,
        )
      ).map((row) => row.pid);
    await until(async () => (await listenerPids()).length === 2);
    const form = {
      siteDescription: '',
      contactEmail: 'office@example.com',
      maintenanceMode: false,
      examCreationEnabled: true,
      paypal: { clientId: '', mode: 'sandbox', enabled: false },
    };
    const changeAndRead = async (round: string, rounds: number) => {
      for (let i = 0; i < rounds; i += 1) {
        const [writer, reader] = i % 2 === 0 ? [a, b] : [b, a];
        // The reader holds the old value in its cache before the change.
        await request(`${reader.url}/api/settings/public`);
        const siteName = `Site ${round} ${i}`;
        const saved = await request(`${writer.url}/api/admin/settings`, {
          method: 'PUT',
          headers: admin.headers,
          body: { ...form, siteName, registrationEnabled: i % 2 === 0 },
        });
        expect(saved.status, JSON.stringify(saved.body)).toBe(200);
        const read = await request(`${reader.url}/api/settings/public`);
        expect(read.body, `saved through ${writer.url}, read through ${reader.url}`).toMatchObject({
          siteName,
          registrationEnabled: i % 2 === 0,
        });
      }
    };
    await changeAndRead('first', 20);

    // Both listeners lose their connection (a database restart, a killed backend), reconnect, and hear again.
    const before = await listenerPids();
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = 'mlp-listener'`,
    );
    // Both back on new connections (the old ones may still be listed for a moment while they end).
    await until(async () => {
      const now = await listenerPids();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });
    await until(
      () =>
        a.output().includes('settings listener reconnected') &&
        b.output().includes('settings listener reconnected'),
    );
    await changeAndRead('again', 10);
  });

  it('runs a scheduled job once when both processes run it at the same moment', async () => {
    const learner = await createLearner(database.db);
    const exam = await createExam(database.db, { numberOfQuestions: 3 }, 3);
    await subscribe(database, learner.id, exam.id);
    const started = await request(`${a.url}/api/exams/${exam.id}/attempts`, {
      method: 'POST',
      headers: learner.headers,
      body: { mode: 'timed' },
    });
    const attempt = started.body as { _id: string; questions: Array<{ _id: string; choices: string[] }> };
    const first = attempt.questions[0]!;
    await request(`${a.url}/api/exams/attempts/${attempt._id}/answers`, {
      method: 'PUT',
      headers: learner.headers,
      body: { answers: { [first._id]: first.choices[1] }, seq: 1 },
    });
    await database.db.execute(
      sql`update exam_attempts set deadline_at = now() - interval '10 minutes' where id = ${attempt._id}`,
    );
    const runs = await Promise.all(
      [a, b, a, b].map((server) =>
        request(`${server.url}/api/test/jobs/expired-sittings`, { method: 'POST' }),
      ),
    );
    expect(runs.map((run) => run.status)).toEqual([200, 200, 200, 200]);
    const results = await queryRows<{ questions: Array<{ questionId: string; userAnswer: string | null }> }>(
      database.db,
      sql`select questions from exam_results where attempt_id = ${attempt._id}`,
    );
    expect(results).toHaveLength(1);
    expect(results[0]!.questions.find((q) => q.questionId === first._id)?.userAnswer).toBe(first.choices[1]);
  });
});

describe('WEB_CONCURRENCY=2', () => {
  it('serves one port from two processes, replaces one that dies, and stops them all on SIGTERM', async () => {
    const database = await createTestDatabase();
    try {
      const server = await startProcess({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_URL: database.url!,
        REDIS_URL: redisUrl,
        SEED_DEMO: 'false',
        WEB_CONCURRENCY: '2',
        METRICS_TOKEN: METRICS_TOKEN,
      });
      expect(server.output()).toContain('(2 processes)');
      const primary = server.child.pid!;
      expect(childrenOf(primary)).toHaveLength(2);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => fetch(`${server.url}/api/health`).then((r) => r.status)),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      // Decision 0070: whichever process a scrape reaches, it counts the requests of both.
      const scrape = await fetch(`${server.url}/api/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(scrape.status).toBe(200);
      expect(await scrape.text()).toContain(
        'mlp_http_requests_total{method="GET",route="/api/health",status_class="2xx"} 20\n',
      );

      const [victim] = childrenOf(primary);
      process.kill(victim!, 'SIGKILL');
      await until(() => {
        const now = childrenOf(primary);
        return now.length === 2 && !now.includes(victim!);
      });
      await until(async () => (await fetch(`${server.url}/api/health`)).status === 200);

      const workers = childrenOf(primary);
      expect(await stopProcess(server)).toBe(0);
      expect(workers.filter((pid) => existsProcess(pid))).toEqual([]);
    } finally {
      await database.destroy();
    }
  }, 180_000);
});

function existsProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
