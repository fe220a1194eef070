/**
 * `npm run bench -- --exam-day` (docs/performance.md): N learners sit the 100-question exam with realistic
 * pacing. Each starts at a random moment of a first window (60 s), saves a few answers every 10–30 s, and
 * submits at a random moment of a second window (the next 60 s); the run is bounded. Reports each call's
 * rate, p50/p95/p99 and errors, the sittings completed per second, and checks the database afterwards:
 * exactly N results, every saved answer in its result, nothing duplicated; and, with the server still
 * running, how long after the last submit the derived-results job had applied every result (decision 0075).
 *
 * Options: `--learners N` (default 5,000 on PostgreSQL, 200 on the embedded database), `--window S`
 * (default 60), `--processes P` (WEB_CONCURRENCY of the server, default 1), `--mock`: the same day as a
 * live mock (decision 0077). Learners start and hand in the mock's sitting; 20 administrators refresh the
 * mock's live view every 5 s throughout; after the last hand-in the results are released, and the bench
 * times the release (scoring every sitting) and learners reading their rank.
 */
import { sql, type SQL } from 'drizzle-orm';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { hashToken, newToken } from '../apps/api/src/lib/tokens.ts';
import { servingCpuBetween, servingCpuSample, ticksSinceBoot } from './cpu-steal.ts';
import { call, CallRecorder, type CallFigures } from './load.ts';

interface Target {
  databaseUrl?: string;
  dataDir: string;
}

export interface ExamDayOptions {
  learners: number;
  windowSeconds: number;
  processes: number;
  mock: boolean;
}

export interface ExamDayReport extends ExamDayOptions {
  kind: 'postgres' | 'pglite';
  calls: CallFigures[];
  seconds: number;
  sittingsPerSecond: number;
  sittingsCompleted: number;
  failedSittings: number;
  /**
   * seconds from the last submit until every result of the run had its rows, summaries, cards and item
   * counts (decision 0075); null when not within DERIVED_WAIT_MS; undefined when not measured (the embedded
   * database, which the server holds)
   */
  derivedCaughtUpSeconds: number | null | undefined;
  /** --mock on PostgreSQL: seconds to release (score and rank) every handed-in sitting */
  releaseSeconds?: number;
  /**
   * CPU milliseconds per sitting from the first start to the last submit (live views included with --mock):
   * the server's Node processes, every PostgreSQL process, and the bench client itself (Linux only)
   */
  cpuPerSittingMs?: { server: number; postgres: number; client: number };
  check: {
    results: number;
    exact: boolean;
    answersKept: boolean;
    duplicates: number;
    missingAnswers: number;
  };
}

function argument(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

export function examDayOptions(kind: 'postgres' | 'pglite'): ExamDayOptions {
  const learners = Number(argument('--learners') ?? (kind === 'postgres' ? 5000 : 200));
  const windowSeconds = Number(argument('--window') ?? 60);
  const processes = Number(argument('--processes') ?? 1);
  for (const [name, value] of Object.entries({ learners, windowSeconds, processes }))
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} must be a whole number of 1 or more`);
  return { learners, windowSeconds, processes, mock: process.argv.includes('--mock') };
}

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/**
 * Subscribes bench-0 … bench-(N-1) to the exam and signs each in on a device of its own, writing the
 * sessions as login does (a random token, its SHA-256 stored): 5,000 logins through the API would spend
 * minutes of the server's CPU on password hashing before the exam even starts.
 */
async function prepareLearners(db: Db, examId: string, learners: number): Promise<string[]> {
  await db.execute(sql`delete from exam_attempts where exam_id = ${examId} and submitted_at is null`);
  await db.execute(sql`
    insert into subscriptions (id, user_id, exam_id, start_date, end_date, auto_renew, is_free, created_at, updated_at)
    select gen_random_uuid(), u.id, ${examId}::uuid, now(), now() + interval '60 days', false, true, now(), now()
    from generate_series(0, ${learners - 1}) i join users u on u.email = 'bench-' || i || '@example.com'
    on conflict (user_id, exam_id) do update set end_date = excluded.end_date`);
  const tokens = Array.from({ length: learners }, () => newToken());
  for (let from = 0; from < learners; from += 5000) {
    const part = tokens.slice(from, from + 5000);
    const hashes = part.map(hashToken).join(',');
    await db.execute(sql`
      with input as (
        select 'bench-' || (${from}::int + n - 1) || '@example.com' as email, hash
        from unnest(string_to_array(${hashes}, ',')) with ordinality as t(hash, n)
      ),
      learner as (select u.id, input.hash from input join users u on u.email = input.email),
      device as (
        insert into devices (id, user_id, device_key, device_name, last_used_at, created_at)
        select gen_random_uuid(), learner.id, 'exam-day-bench', 'Exam-day bench', now(), now() from learner
        on conflict (user_id, device_key) do update set last_used_at = now()
        returning id, user_id
      )
      insert into sessions (id, user_id, device_id, token_hash, created_at, last_used_at, expires_at)
      select gen_random_uuid(), learner.id, device.id, learner.hash, now(), now(), now() + interval '1 day'
      from learner join device on device.user_id = learner.id`);
  }
  return tokens;
}

/** How many administrators watch a mock's live view, and how often each refreshes it. */
const LIVE_WATCHERS = 20;
const LIVE_REFRESH_MS = 5_000;

/**
 * A mock of the bench exam open now for a day, its results released only when the bench says (release 'at',
 * a day on), and LIVE_WATCHERS Support administrators with a session each. Returns the mock's id and their
 * tokens.
 */
async function prepareMock(db: Db, examId: string): Promise<{ mockId: string; adminTokens: string[] }> {
  const [mock] = await rows<{ id: string }>(
    db,
    sql`insert into mock_exams (id, exam_id, title, opens_at, closes_at, time_limit_minutes, late_start, release, results_at)
      values (gen_random_uuid(), ${examId}::uuid, 'Benchmark mock ' || now()::text, now() - interval '1 minute',
        now() + interval '1 day', 600, 'full', 'at', now() + interval '1 day')
      returning id`,
  );
  const adminTokens = Array.from({ length: LIVE_WATCHERS }, () => newToken());
  const hashes = adminTokens.map(hashToken).join(',');
  await db.execute(sql`
    with input as (
      select 'bench-watcher-' || n || '@example.com' as email, hash
      from unnest(string_to_array(${hashes}, ',')) with ordinality as t(hash, n)
    ),
    admin as (
      insert into admins (id, email, name, role, password_hash)
      select gen_random_uuid(), input.email, 'Bench watcher', 'support', 'not-a-password' from input
      on conflict (email) do update set role = 'support'
      returning id, email
    )
    insert into admin_sessions (id, admin_id, token_hash, expires_at)
    select gen_random_uuid(), admin.id, input.hash, now() + interval '1 day'
    from input join admin on admin.email = input.email`);
  return { mockId: mock!.id, adminTokens };
}

/** Releases the mock now and scores every handed-in sitting as the release job does; seconds taken. */
async function releaseMock(target: Target, mockId: string): Promise<number> {
  const { loadConfig } = await import('../apps/api/src/config/env.ts');
  const { closeAppContext, createAppContext } = await import('../apps/api/src/context.ts');
  const { releaseMockResults } = await import('../apps/api/src/modules/attempts/attempts.service.ts');
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const ctx = createAppContext(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', APP_URL: 'http://bench.test' }),
    database,
  );
  try {
    await database.db.execute(
      sql`update mock_exams set closes_at = now(), results_at = now() where id = ${mockId}::uuid`,
    );
    const t0 = Date.now();
    // The server's job may take some of them at the same moment: both claim each sitting once.
    for (;;) {
      await releaseMockResults(ctx);
      const [left] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from exam_attempts where mock_id = ${mockId}::uuid and submitted_at is not null and result_id is null`,
      );
      if (Number(left?.n ?? 0) === 0) break;
      await sleep(200);
    }
    return Math.round((Date.now() - t0) / 100) / 10;
  } finally {
    await closeAppContext(ctx);
    await database.close();
  }
}

interface Question {
  _id: string;
  choices: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** How long the bench waits, after the last submit, for the derived-results job to catch up. */
const DERIVED_WAIT_MS = 180_000;

/**
 * Seconds from `lastSubmit` until no result of the run waits for what it derives (decision 0075), asked once
 * a second; null when that takes longer than DERIVED_WAIT_MS.
 */
async function derivedCatchUp(target: Target, examId: string, since: Date, lastSubmit: number) {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    for (;;) {
      const [row] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from exam_results where exam_id = ${examId} and completed_at >= ${since}
          and (not responses_recorded or not review_applied or not item_counted)`,
      );
      if (Number(row?.n ?? 0) === 0) return Math.round((Date.now() - lastSubmit) / 100) / 10;
      if (Date.now() - lastSubmit > DERIVED_WAIT_MS) return null;
      await sleep(1_000);
    }
  } finally {
    await database.close();
  }
}

export async function runExamDay(
  target: Target,
  kind: 'postgres' | 'pglite',
  options: ExamDayOptions,
  start: (env: Record<string, string>) => Promise<{ url: string; stop: () => Promise<void> }>,
  log: (line: string) => void,
): Promise<ExamDayReport> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  let tokens: string[];
  let examId: string;
  let mockId = '';
  let adminTokens: string[] = [];
  try {
    examId = (
      await rows<{ id: string }>(
        database.db,
        sql`select id from exams where title = 'Benchmark 100-question exam'`,
      )
    )[0]!.id;
    tokens = await prepareLearners(database.db, examId, options.learners);
    if (options.mock) ({ mockId, adminTokens } = await prepareMock(database.db, examId));
  } finally {
    await database.close();
  }
  const launchedAt = ticksSinceBoot();
  const server = await start({ WEB_CONCURRENCY: String(options.processes) });
  // CPU of the sittings: the server's processes, PostgreSQL's, and this client's own share.
  const cpuBefore = servingCpuSample(launchedAt);
  const clientBefore = process.cpuUsage();
  const window = options.windowSeconds * 1000;
  const recorder = new CallRecorder();
  const saved = new Map<string, Record<string, string>>();
  let completed = 0;
  let failed = 0;
  let lastSubmit = 0;
  const runStart = new Date();
  const t0 = Date.now();
  // Nothing may run past both windows and two minutes more.
  const deadline = t0 + 2 * window + 120_000;
  log(
    `Exam day: ${options.learners} learners, ${options.windowSeconds} s to start, ${options.windowSeconds} s to submit, ${options.processes} server process(es)…`,
  );
  const progress = setInterval(() => {
    log(`  ${Math.round((Date.now() - t0) / 1000)} s: ${completed} sittings submitted, ${failed} failed`);
  }, 15_000);

  async function sitting(learner: number): Promise<void> {
    const token = tokens[learner]!;
    const startAt = t0 + Math.random() * window;
    const submitAt = t0 + window + Math.random() * window;
    await sleep(startAt - Date.now());
    const attempt = await recorder.time('start', () =>
      call<{ _id: string; questions: Question[] }>(
        options.mock
          ? `${server.url}/api/mocks/${mockId}/start`
          : `${server.url}/api/exams/${examId}/attempts`,
        token,
        'POST',
        options.mock ? undefined : {},
      ),
    );
    const answers: Record<string, string> = {};
    let seq = 0;
    let position = 0;
    for (;;) {
      const nextSave = Date.now() + 10_000 + Math.random() * 20_000;
      if (nextSave >= submitAt) break;
      await sleep(nextSave - Date.now());
      // A few answers since the last save; the page sends only those (decision 0074).
      const few = 2 + Math.floor(Math.random() * 5);
      const changed: Record<string, string> = {};
      for (let i = 0; i < few && position < attempt.questions.length; i += 1, position += 1) {
        const question = attempt.questions[position]!;
        changed[question._id] = question.choices[Math.floor(Math.random() * question.choices.length)]!;
      }
      Object.assign(answers, changed);
      seq += 1;
      const body = { changes: { answers: changed }, seq, currentIndex: Math.max(0, position - 1) };
      await recorder.time('save', () =>
        call(`${server.url}/api/exams/attempts/${attempt._id}/answers`, token, 'PUT', body),
      );
      saved.set(attempt._id, { ...answers });
    }
    await sleep(submitAt - Date.now());
    await recorder.time('submit', () =>
      options.mock
        ? call(`${server.url}/api/mocks/${mockId}/submit`, token, 'POST', {
            answers: saved.get(attempt._id) ?? {},
          })
        : call(`${server.url}/api/exams/${examId}/submit`, token, 'POST', {
            attemptId: attempt._id,
            answers: saved.get(attempt._id) ?? {},
          }),
    );
    lastSubmit = Date.now();
    completed += 1;
  }

  // --mock: the administrators' live views, each refreshed every 5 s (staggered) until the sittings end.
  let sittingsOver = false;
  const watchers = adminTokens.map(async (adminToken, index) => {
    await sleep((index * LIVE_REFRESH_MS) / adminTokens.length);
    while (!sittingsOver) {
      const next = Date.now() + LIVE_REFRESH_MS;
      await recorder
        .time('live view', () =>
          call(`${server.url}/api/admin/mocks/${mockId}/live`, adminToken, 'GET', undefined, 'Admin'),
        )
        .catch(() => undefined);
      await sleep(next - Date.now());
    }
  });

  await Promise.all(
    Array.from({ length: options.learners }, (_, learner) =>
      Promise.race([
        sitting(learner),
        sleep(deadline - Date.now()).then(() => {
          throw new Error('out of time');
        }),
      ]).catch(() => {
        failed += 1;
      }),
    ),
  );
  sittingsOver = true;
  await Promise.all(watchers);
  clearInterval(progress);
  const seconds = (Date.now() - t0) / 1000;
  const serving = servingCpuBetween(cpuBefore, servingCpuSample(launchedAt));
  const client = process.cpuUsage(clientBefore);
  const perSitting = (cpuSeconds: number) =>
    Math.round((cpuSeconds * 1000 * 10) / Math.max(1, completed)) / 10;
  const cpuPerSittingMs = serving
    ? {
        server: perSitting(serving.server),
        postgres: perSitting(serving.postgres),
        client: perSitting((client.user + client.system) / 1e6),
      }
    : undefined;
  if (cpuPerSittingMs)
    log(
      `  CPU per sitting: server ${cpuPerSittingMs.server} ms, PostgreSQL ${cpuPerSittingMs.postgres} ms, bench client ${cpuPerSittingMs.client} ms (server ${serving?.server} s, PostgreSQL ${serving?.postgres} s in all)`,
    );
  // --mock: results come out once everyone has handed in; then a sample of learners read their rank.
  let releaseSeconds: number | undefined;
  if (options.mock && target.databaseUrl) {
    releaseSeconds = await releaseMock(target, mockId);
    log(`  released and scored every handed-in sitting in ${releaseSeconds} s`);
    const readers = tokens.slice(0, Math.min(500, tokens.length));
    await Promise.all(
      readers.map((token) =>
        recorder
          .time('mock result', () => call(`${server.url}/api/mocks/${mockId}/result`, token, 'GET'))
          .catch(() => undefined),
      ),
    );
  } else if (options.mock)
    log('  the release is measured on PostgreSQL only (the server holds the embedded database)');
  recorder.stop();
  // The embedded database is one process's: while the server holds its folder, nothing else may open it.
  const derivedCaughtUpSeconds = target.databaseUrl
    ? await derivedCatchUp(target, examId, runStart, lastSubmit || Date.now())
    : undefined;
  log(
    derivedCaughtUpSeconds === undefined
      ? '  the derived-results catch-up is measured on PostgreSQL only (the server holds the embedded database)'
      : derivedCaughtUpSeconds === null
        ? `  the derived-results job had not caught up ${DERIVED_WAIT_MS / 1000} s after the last submit`
        : `  every result's rows, summaries, cards and item counts applied ${derivedCaughtUpSeconds} s after the last submit`,
  );
  await server.stop();

  const check = await (async () => {
    const db = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      const stored = await rows<{
        attempt_id: string;
        user_id: string;
        questions: Array<{ questionId: string; userAnswer: string | null }>;
      }>(
        db.db,
        sql`select attempt_id, user_id, questions from exam_results where exam_id = ${examId} and completed_at >= ${runStart}`,
      );
      let missingAnswers = 0;
      for (const result of stored) {
        const answers = saved.get(result.attempt_id) ?? {};
        const given = new Map(result.questions.map((q) => [q.questionId, q.userAnswer]));
        for (const [questionId, answer] of Object.entries(answers))
          if (given.get(questionId) !== answer) missingAnswers += 1;
      }
      const duplicates = stored.length - new Set(stored.map((result) => result.user_id)).size;
      return {
        results: stored.length,
        exact: stored.length === options.learners,
        answersKept: missingAnswers === 0,
        duplicates,
        missingAnswers,
      };
    } finally {
      await db.close();
    }
  })();

  const names = options.mock
    ? ['start', 'save', 'submit', 'live view', 'mock result']
    : ['start', 'save', 'submit'];
  const calls = names
    .filter((name) => name !== 'mock result' || releaseSeconds !== undefined)
    .map((name) => recorder.figures(name, `${options.mock ? 'mock' : 'exam'} day: ${name}`));
  for (const row of calls)
    log(
      `  ${row.scenario.padEnd(20)} ${String(row.requestsPerSecond).padStart(6)} req/s  p50 ${row.p50} ms  p95 ${row.p95} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}`,
    );
  const report: ExamDayReport = {
    ...options,
    kind,
    calls,
    seconds,
    sittingsCompleted: completed,
    failedSittings: failed,
    derivedCaughtUpSeconds,
    ...(releaseSeconds === undefined ? {} : { releaseSeconds }),
    ...(cpuPerSittingMs ? { cpuPerSittingMs } : {}),
    sittingsPerSecond: Math.round((completed / seconds) * 10) / 10,
    check,
  };
  log(
    `  ${completed} sittings in ${seconds.toFixed(0)} s (${report.sittingsPerSecond} sittings/s sustained), ${failed} failed; results ${check.results} (exact: ${check.exact}), duplicates ${check.duplicates}, saved answers missing from results ${check.missingAnswers}`,
  );
  return report;
}
