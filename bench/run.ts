/**
 * `npm run bench`: fills a database with a large catalogue, starts the real server in production mode
 * (one process), runs load scenarios with autocannon and a 500-learner burst, and writes the figures
 * to bench/results/. PGlite by default; PostgreSQL with DATABASE_URL. `--quick` is a small smoke run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, type Db } from '../apps/api/src/db/client.ts';
import { uuidv7 } from '../apps/api/src/lib/ids.ts';
import { BENCH_LEARNERS, BENCH_PASSWORD, FULL, QUICK, seedBenchData } from './seed-data.ts';
import { cpuSample, stealPercent } from './cpu-steal.ts';
import { autoSubmitExpired, ensureStudyData, startTimedSittings, studyScenarios } from './study.ts';
import { ensureForecastDeck } from './reviews.ts';
import { examDayOptions, runExamDay } from './exam-day.ts';
import { contentScenarios, ensureBank, ensureSamples } from './content.ts';
import { ensureNotes, NOTE_SEARCH_WORD } from './notes.ts';
import { ensureExportPayments, paymentsExport, type ExportFigures } from './exports.ts';
import { questionImport, type ImportFigures } from './imports.ts';
import { ensureCohort } from './cohorts.ts';
import { enrolLearner, ensureCourses } from './courses.ts';
import {
  ensureComments,
  learnerIds,
  postScenario,
  POST_QUESTIONS,
  prepareLearners,
  removePosts,
} from './community.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const quick = process.argv.includes('--quick');
const reseed = process.argv.includes('--reseed');
/** fill the bench database (and the study data) and stop: the measuring run can then start on a quiet host */
const prepareOnly = process.argv.includes('--prepare');
/**
 * `--only=analytics,practice`: run just the scenarios whose names hold one of these words (no burst, no
 * auto-submit, no results file), to compare a change before and after at the same moment.
 */
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',')
  .filter(Boolean);
const wanted = (name: string) => !only || only.some((word) => name.includes(word));
/** `--cpu-prof`: the server writes a V8 CPU profile to bench/results/profiles when it stops */
const profileArgs = process.argv.includes('--cpu-prof')
  ? ['--cpu-prof', '--cpu-prof-dir', path.join(root, 'bench/results/profiles')]
  : [];
const size = quick ? QUICK : FULL;
/** `--seconds=N`: measure each scenario N seconds (with 2 s of warm-up) even in a quick run. */
const seconds = Number(process.argv.find((arg) => arg.startsWith('--seconds='))?.slice('--seconds='.length));
const duration = Number.isFinite(seconds) && seconds > 0 ? seconds : quick ? 3 : 10;
/** Seconds of load before each scenario's measured ones, not counted (none in a smoke run). */
const warmup = quick && !(seconds > 0) ? 0 : 2;
const connections = 50;
const serverUrl = process.env.DATABASE_URL;
const kind = serverUrl ? 'postgres' : 'pglite';
const log = (line: string) => console.log(line);

async function countOf(db: Db, query: SQL): Promise<number> {
  const result: unknown = await db.execute(query);
  return (result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
}

/** What autovacuum does on a live server: statistics, dead rows, and the visibility map. */
async function vacuumAnalyze(target: { databaseUrl?: string; dataDir: string }): Promise<void> {
  const started = Date.now();
  const client = new pg.Client({ connectionString: target.databaseUrl });
  await client.connect();
  // index_cleanup on: a vacuum that bypasses index cleanup (few dead rows) leaves pages index-only scans must visit.
  await client.query('vacuum (analyze, index_cleanup on)');
  await client.end();
  log(`vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Stops a server started by `startServer` and waits until it has exited. */
async function stopServer(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A database of the bench's own: bench/.data/<size> for PGlite, `mlp_bench_<size>` on a server. */
async function benchDatabase(): Promise<{ databaseUrl?: string; dataDir: string }> {
  const label = quick ? 'quick' : 'full';
  const dataDir = path.join(root, 'bench/.data', label);
  if (!serverUrl) {
    if (reseed) rmSync(dataDir, { recursive: true, force: true });
    return { dataDir };
  }
  // BENCH_DATABASE: another name on the same server, for two checkouts' benches side by side.
  const name = process.env.BENCH_DATABASE || `mlp_bench_${label}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  if (reseed) await admin.query(`drop database if exists ${name} with (force)`);
  const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir };
}

async function ensureSeeded(target: { databaseUrl?: string; dataDir: string }): Promise<number | null> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await database.migrate();
    const existing = await countOf(database.db, sql`select count(*)::int as n from exams`);
    if (existing > 0) {
      log(`Using the existing ${kind} bench database (${existing} exams); --reseed rebuilds it.`);
      return null;
    }
    log(`Seeding ${kind}: ${JSON.stringify(size)}`);
    const started = Date.now();
    await seedBenchData(database.db, size, log);
    const seconds = (Date.now() - started) / 1000;
    log(`Seeding took ${seconds.toFixed(1)} s`);
    return seconds;
  } finally {
    await database.close();
  }
}

/**
 * A question image for the image-serving scenario (decision 0040): a 1200×900 X-ray-like greyscale JPEG
 * (about 140 KB, the size of a typical uploaded X-ray), stored the way an upload stores it (re-encoded,
 * named by its SHA-256). Returns its hash and size.
 */
async function ensureBenchImage(target: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<{ hash: string; bytes: number }> {
  const width = 1200;
  const height = 900;
  const pixels = Buffer.alloc(width * height);
  let seed = 1;
  const noise = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const dx = (x - width / 2) / width;
      const dy = (y - height / 2) / height;
      const ribs = Math.abs(dx) > 0.08 && Math.abs(dx) < 0.35 ? Math.sin(y / 18) * 18 : 0;
      const value = 160 - 220 * (dx * dx + dy * dy) + ribs + noise() * 24;
      pixels[y * width + x] = Math.max(0, Math.min(255, Math.round(value)));
    }
  }
  const data = await sharp(pixels, { raw: { width, height, channels: 1 } })
    .jpeg({ quality: 85, mozjpeg: true })
    .toBuffer();
  const hash = createHash('sha256').update(data).digest('hex');
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    await database.db.execute(
      sql`insert into media (id, hash, content_type, width, height, byte_size, data)
          values (${uuidv7()}, ${hash}, 'image/jpeg', ${width}, ${height}, ${data.length}, ${data})
          on conflict (hash) do nothing`,
    );
  } finally {
    await database.close();
  }
  return { hash, bytes: data.length };
}

/** The scrape scenario's bearer token (decision 0070). */
const BENCH_METRICS_TOKEN = 'bench-metrics-token-bench-metrics-0000';
const BENCH_SETUP_CODE = 'BENCH-SETUP-CODE';

function serverEnv(target: { databaseUrl?: string; dataDir: string }): Record<string, string> {
  return {
    NODE_ENV: 'production',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0000',
    DATA_DIR: target.dataDir,
    DATABASE_URL: target.databaseUrl ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_FACTOR: '1000000',
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // The first administrator's set-up code (decision 0067), which benchAdminToken sends.
    ADMIN_SETUP_CODE: BENCH_SETUP_CODE,
  };
}

async function startServer(
  target: { databaseUrl?: string; dataDir: string },
  extraEnv: Record<string, string> = {},
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // The compiled server, as `npm start` runs it (decision 0013).
  const child = spawn(process.execPath, [...profileArgs, path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: { ...process.env, ...serverEnv(target), PORT: String(port), HOST: '127.0.0.1', ...extraEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`${url}/api/ready`)).ok) return { url, child };
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('server did not start');
}

function peakRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function loginMany(url: string, count: number, offset = 0): Promise<string[]> {
  const tokens: string[] = [];
  for (let batch = 0; batch < count; batch += 25) {
    const part = await Promise.all(
      Array.from({ length: Math.min(25, count - batch) }, (_, i) =>
        json<{ token: string }>(`${url}/api/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            email: `bench-${offset + batch + i}@example.com`,
            password: BENCH_PASSWORD,
            deviceId: 'bench-device-0001',
            deviceName: 'bench',
          }),
        }).then((r) => r.token),
      ),
    );
    tokens.push(...part);
  }
  return tokens;
}

interface Row {
  scenario: string;
  requestsPerSecond: number;
  p50: number;
  p95?: number;
  p99: number;
  errors: number;
  non2xx: number;
  ratioToHealth?: number;
}

async function scenario(name: string, options: autocannon.Options): Promise<Row> {
  if (!wanted(name)) return { scenario: name, requestsPerSecond: 0, p50: 0, p99: 0, errors: 0, non2xx: 0 };
  const result = await autocannon({
    connections,
    duration,
    ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
    ...options,
  });
  const row = {
    scenario: name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
  log(
    `  ${name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}  non-2xx ${row.non2xx}`,
  );
  return row;
}

/**
 * GET one URL `count` times over 50 parallel keep-alive connections with curl (C, when installed):
 * autocannon parses every body in JavaScript and, for a 140 KB image, runs out of CPU long before the
 * server does (about 370 req/s against 4,600–6,000 with curl, same server, same moment).
 */
function curlScenario(name: string, url: string, count: number): Row | null {
  if (!wanted(name)) return null;
  if (spawnSync('curl', ['--version']).status !== 0) return null;
  // bench/.data holds PGlite's bench databases; with PostgreSQL on a new machine it may not exist yet.
  mkdirSync(path.join(root, 'bench/.data'), { recursive: true });
  const config = path.join(root, 'bench/.data', 'curl-urls.cfg');
  writeFileSync(config, `url = "${url}"\noutput = "/dev/null"\n`.repeat(count));
  const started = process.hrtime.bigint();
  const args = ['-s', '-Z', '--parallel-max', String(connections), '-w', '%{http_code}\\n', '-K', config];
  const run = spawnSync('curl', args);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  rmSync(config, { force: true });
  const codes = run.stdout.toString().trim().split('\n');
  const row: Row = {
    scenario: name,
    requestsPerSecond: Math.round(count / seconds),
    p50: 0,
    p99: 0,
    errors: run.status === 0 ? count - codes.length : count,
    non2xx: codes.filter((code) => !code.startsWith('2')).length,
  };
  log(`  ${name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} req/s  (curl, ${count} requests)`);
  return row;
}

interface AttemptContext {
  answers?: Record<string, string>;
  attemptId?: string;
}

/** Every connection uses its own learner: start (or resume) an attempt, then submit all answers. */
function submitScenario(url: string, examId: string, tokens: string[]): autocannon.Options {
  let next = 0;
  return {
    url,
    setupClient(client) {
      const token = tokens[next++ % tokens.length]!;
      client.setHeaders({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });
    },
    requests: [
      {
        method: 'POST',
        path: `/api/exams/${examId}/attempts`,
        body: '{}',
        onResponse(status, body, context) {
          if (status === 200) {
            const attempt = JSON.parse(body) as {
              _id: string;
              questions: Array<{ _id: string; choices: string[] }>;
            };
            const state = context as AttemptContext;
            state.answers = Object.fromEntries(
              attempt.questions.map((q, i) => [q._id, q.choices[i % q.choices.length] ?? '']),
            );
            state.attemptId = attempt._id;
          }
        },
      },
      {
        method: 'POST',
        path: `/api/exams/${examId}/submit`,
        setupRequest(request, context) {
          const state = context as AttemptContext;
          return {
            ...request,
            body: JSON.stringify({ answers: state.answers ?? {}, duration: 60, attemptId: state.attemptId }),
          };
        },
      },
    ],
  };
}

async function burst(
  url: string,
  examId: string,
  tokens: string[],
): Promise<{ learners: number; p95: number; seconds: number; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  const started = Date.now();
  let index = 0;
  async function worker() {
    while (index < tokens.length) {
      const token = tokens[index++]!;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      try {
        const t0 = Date.now();
        const attempt = await json<{ _id: string; questions: Array<{ _id: string; choices: string[] }> }>(
          `${url}/api/exams/${examId}/attempts`,
          { method: 'POST', headers, body: '{}' },
        );
        latencies.push(Date.now() - t0);
        const t1 = Date.now();
        await json(`${url}/api/exams/${examId}/submit`, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            attemptId: attempt._id,
            answers: Object.fromEntries(attempt.questions.map((q) => [q._id, q.choices[0]])),
          }),
        });
        latencies.push(Date.now() - t1);
      } catch {
        failures += 1;
      }
    }
  }
  await Promise.all(Array.from({ length: 50 }, worker));
  latencies.sort((a, b) => a - b);
  return {
    learners: tokens.length,
    p95: latencies[Math.floor(latencies.length * 0.95)] ?? 0,
    seconds: (Date.now() - started) / 1000,
    failures,
  };
}

/** The bench's administrator: registered on a fresh bench database (the first one), logged in after. */
async function benchAdminToken(url: string): Promise<string> {
  const admin = { name: 'Bench Admin', email: 'bench.admin@example.com', password: BENCH_PASSWORD };
  const first = { ...admin, setupCode: BENCH_SETUP_CODE };
  const post = (path: string, body: object) =>
    fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/admin/auth/register', first);
  const response = registered.ok
    ? registered
    : await post('/api/admin/auth/login', { email: admin.email, password: admin.password });
  if (!response.ok) throw new Error(`the bench administrator could not sign in (${response.status})`);
  return ((await response.json()) as { token: string }).token;
}

async function countResults(
  target: { databaseUrl?: string; dataDir: string },
  examId: string,
): Promise<number> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await countOf(
      database.db,
      sql`select count(*)::int as n from exam_results where exam_id = ${examId}`,
    );
  } finally {
    await database.close();
  }
}

async function main() {
  const cpuAtStart = cpuSample();
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API failed to build');
  const target = await benchDatabase();
  const seedSeconds = await ensureSeeded(target);
  if (process.argv.includes('--exam-day')) {
    const report = await runExamDay(
      target,
      kind,
      examDayOptions(kind),
      async (env) => {
        const { url, child } = await startServer(target, env);
        return {
          url,
          stop: () => stopServer(child),
        };
      },
      log,
    );
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    const file = path.join(
      root,
      'bench/results',
      `exam-day-${kind}-${report.learners}-${report.processes}p-${Date.now()}.json`,
    );
    writeFileSync(file, `${JSON.stringify({ ...report, at: new Date().toISOString() }, null, 2)}\n`);
    log(`Written to ${path.relative(root, file)}`);
    return;
  }
  const image = await ensureBenchImage(target);
  let { url, child } = await startServer(target);
  /**
   * Writes to the bench database from this process. PGlite's data folder is one process's (decision 0026:
   * the server holds its lock), so on PGlite the server is stopped for the work and started again (a new
   * port; sessions and tokens stay valid).
   */
  const offline = async <T>(work: () => Promise<T>): Promise<T> => {
    if (serverUrl) return work();
    await stopServer(child);
    try {
      return await work();
    } finally {
      ({ url, child } = await startServer(target));
    }
  };
  const rows: Row[] = [];
  try {
    const catalogue = await json<{ exams: Array<{ _id: string; title: string }> }>(
      `${url}/api/exams/published?limit=1`,
    );
    const benchExam = catalogue.exams[0]!;
    if (benchExam.title !== 'Benchmark 100-question exam')
      throw new Error('the benchmark exam is not the newest exam');
    const someExam = (
      await json<{ exams: Array<{ _id: string }> }>(`${url}/api/exams/published?page=3&limit=20`)
    ).exams[0]!._id;
    const article = (
      await json<{ articles: Array<{ _id: string }> }>(`${url}/api/articles/published?limit=1`)
    ).articles[0]!._id;
    // The study data is written through the server while this process reads the database: PostgreSQL only
    // (on PGlite the server holds the data folder's lock).
    if (!quick && serverUrl) await ensureStudyData(target, url, (count) => loginMany(url, count), log);
    else if (!quick) log("Study data: PostgreSQL only (PGlite is one process's database); not written.");
    // Written only when missing: on PGlite a write means stopping the server (offline).
    const inside = await json<{ samples: unknown[] }>(`${url}/api/exams/${benchExam._id}/inside`);
    if (!quick && inside.samples.length === 0) await offline(() => ensureSamples(target, benchExam._id));
    if (prepareOnly) return;
    // This machine's PostgreSQL runs without autovacuum: do what it would do between two runs (earlier
    // runs' updates leave dead rows and pages index-only scans cannot skip).
    if (serverUrl) await vacuumAnalyze(target);
    log('Logging in benchmark learners…');
    const tokens = await loginMany(url, connections);
    const auth = { authorization: `Bearer ${tokens[0]}` };
    log(`Scenarios: ${connections} connections, ${duration} s each`);
    rows.push(await scenario('health (framework ceiling)', { url: `${url}/api/health` }));
    rows.push(await scenario('catalogue first page', { url: `${url}/api/exams/published?page=1&limit=20` }));
    rows.push(
      await scenario('catalogue search', { url: `${url}/api/exams/published?search=cardiology%20review` }),
    );
    // Decision 0057: one category's first page (the category index in list order) and its chips.
    rows.push(
      await scenario('catalogue by category', {
        url: `${url}/api/exams/published?category=nursing&page=1&limit=20`,
      }),
    );
    rows.push(
      await scenario(`catalogue deep page (${quick ? 20 : 400})`, {
        url: `${url}/api/exams/published?page=${quick ? 20 : 400}&limit=20`,
      }),
    );
    rows.push(await scenario('exam detail', { url: `${url}/api/exams/${someExam}` }));
    // Decision 0061: the exam page's topics, modes, timing and samples (target: exam detail's, p99 ≤ 30 ms).
    rows.push(
      await scenario("exam page, what's inside", { url: `${url}/api/exams/${benchExam._id}/inside` }),
    );
    // Decision 0044: what a CDN's (or a browser's) revalidation of a public read costs: a 304 without a body.
    for (const [name, path] of [
      ['catalogue first page, revalidated (304)', '/api/exams/published?page=1&limit=20'],
      ['exam detail, revalidated (304)', `/api/exams/${someExam}`],
      ["exam page, what's inside, revalidated (304)", `/api/exams/${benchExam._id}/inside`],
    ] as const) {
      const etag = (await fetch(`${url}${path}`)).headers.get('etag') ?? '';
      rows.push(await scenario(name, { url: `${url}${path}`, headers: { 'if-none-match': etag } }));
    }
    rows.push(
      await scenario('subscription status', {
        url: `${url}/api/subscriptions/status/${benchExam._id}`,
        headers: auth,
      }),
    );
    rows.push(
      await scenario('fetch questions (resume attempt)', {
        url: `${url}/api/exams/${benchExam._id}/attempts`,
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
    // A Prometheus scrape (decision 0070), after the catalogue and exam runs above have filled their
    // request series: one scraper (one connection, as Prometheus) within 10 ms at p99; then a storm of
    // 50 connections, which the 5 s cache keeps off the database.
    const scrape = {
      url: `${url}/api/metrics`,
      headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}`, 'accept-encoding': 'gzip' },
    };
    // The host's own floor for one connection, to read the scrape's tail against.
    rows.push(
      await scenario('health, 1 connection (metrics scrape floor)', {
        url: `${url}/api/health`,
        connections: 1,
      }),
    );
    rows.push(await scenario('metrics scrape (1 connection)', { ...scrape, connections: 1 }));
    rows.push(await scenario('metrics scrape storm (50 connections)', scrape));
    rows.push(await scenario('start + submit 100-question exam', submitScenario(url, benchExam._id, tokens)));
    rows.push(await scenario('history', { url: `${url}/api/exams/user/history`, headers: auth }));
    // Decision 0063: the sittings in progress (the bench learner holds the 100-question exam's open one).
    rows.push(
      await scenario('sittings in progress', { url: `${url}/api/exams/attempts/open`, headers: auth }),
    );
    // Study sittings, review and analytics (decisions 0031, 0035): the reads of a learner who has just sat
    // the 100-question exam.
    const lastResult = (
      await json<{ history: Array<{ _id: string }> }>(`${url}/api/exams/user/history?limit=1`, {
        headers: auth,
      })
    ).history[0];
    rows.push(await scenario('review due count', { url: `${url}/api/reviews/summary`, headers: auth }));
    // Decision 0060: the 14-day forecast of a learner with 5,000 cards, by their day (one index range).
    if (wanted('review forecast (5,000 cards)')) {
      await offline(() => ensureForecastDeck(target, log));
      // bench-1, logged in with the scenarios' learners (FORECAST_LEARNER).
      const forecastToken = tokens[1] ?? (await loginMany(url, 1, 1))[0];
      rows.push(
        await scenario('review forecast (5,000 cards)', {
          url: `${url}/api/reviews/forecast?tz=Europe/London`,
          headers: { authorization: `Bearer ${forecastToken}` },
        }),
      );
    }
    rows.push(await scenario('analytics page data', { url: `${url}/api/analytics`, headers: auth }));
    rows.push(
      await scenario('practice set options', { url: `${url}/api/practice-sets/options`, headers: auth }),
    );
    if (lastResult)
      rows.push(
        await scenario('peer shares of a 100-question result', {
          url: `${url}/api/exams/results/${lastResult._id}/peers`,
          headers: auth,
        }),
      );
    const adminToken = await benchAdminToken(url);
    const adminAuth = { authorization: `Admin ${adminToken}` };
    rows.push(
      await scenario('item analysis of the 100-question exam (admin)', {
        url: `${url}/api/admin/exams/${benchExam._id}/item-analysis`,
        headers: adminAuth,
      }),
    );
    // Decision 0050: the question bank's history and the save with its duplicate check.
    const bank = await offline(() => ensureBank(target, log));
    for (const figures of await contentScenarios(url, bank, adminAuth, duration, warmup, log, wanted)) {
      log(
        `  ${figures.scenario.padEnd(34)} ${String(figures.requestsPerSecond).padStart(7)} req/s  p50 ${figures.p50} ms  p99 ${figures.p99} ms  errors ${figures.errors}  non-2xx ${figures.non2xx}`,
      );
      rows.push(figures);
    }
    // Decision 0039: a file of 5,000 questions previewed and imported, one request each. Target
    // (docs/performance.md): < 10 s for both.
    let importFigures: ImportFigures | undefined;
    if (wanted('question import')) importFigures = await questionImport(url, adminToken, log);
    // Decision 0059: 'My notebook' of a learner with 2,000 notes, and their missed questions taken to Anki.
    // Targets (docs/performance.md): the search, which reads every note of the learner with its question,
    // p99 ≤ 50 ms at 50 connections; a file of 1,000 questions in ≤ 2 s (one learner's download: 1
    // connection).
    if (wanted('notebook') || wanted('anki')) {
      await offline(() => ensureNotes(target, bank.examId, log));
      const noter = { authorization: `Bearer ${tokens[1]}` };
      rows.push(
        await scenario('notebook first page (2,000 notes)', { url: `${url}/api/notes`, headers: noter }),
      );
      rows.push(
        await scenario('notebook search (2,000 notes)', {
          url: `${url}/api/notes?search=${NOTE_SEARCH_WORD}`,
          headers: noter,
        }),
      );
      rows.push(
        await scenario('anki export (1,000 missed questions, 1 connection)', {
          url: `${url}/api/notes/export/anki?source=missed`,
          headers: noter,
          connections: 1,
        }),
      );
    }
    // Decision 0068: the accountant downloads a year of payments (100,000 rows) as CSV, one request.
    // Targets (docs/performance.md): ≤ 10 s for the whole file, the server's RSS growing by ≤ 50 MB.
    let exportFigures: ExportFigures | undefined;
    if (wanted('payments export')) {
      await offline(() => ensureExportPayments(target, benchExam._id, log));
      exportFigures = await paymentsExport(url, adminAuth, child.pid!, log);
    }
    rows.push(await scenario('article list', { url: `${url}/api/articles/published?limit=20` }));
    rows.push(await scenario('article detail', { url: `${url}/api/articles/${article}` }));
    // Decision 0053: 1,000 courses; the course page's outline and a learner's progress in it.
    if (['course list', 'course page', 'course progress'].some(wanted)) {
      const articleIds = (
        await json<{ articles: Array<{ _id: string }> }>(`${url}/api/articles/published?limit=2`)
      ).articles.map((item) => item._id);
      const courseId = await offline(() =>
        ensureCourses(
          target,
          { examId: benchExam._id, articleIds: [articleIds[0]!, articleIds[1] ?? articleIds[0]!] },
          log,
        ),
      );
      await enrolLearner(url, courseId, tokens[0]!);
      rows.push(await scenario('course list', { url: `${url}/api/courses?limit=24` }));
      rows.push(await scenario('course page', { url: `${url}/api/courses/${courseId}` }));
      rows.push(
        await scenario('course progress (enrolled learner)', {
          url: `${url}/api/courses/${courseId}/progress`,
          headers: auth,
        }),
      );
    }
    // Decision 0079: a cohort of 500 members, five assignments, three results each. Target
    // (docs/performance.md): each of the tutors' reads of it p99 ≤ 100 ms with ten tutors at once.
    if (wanted('cohort')) {
      const cohort = await offline(() => ensureCohort(target, { examId: benchExam._id }, log));
      const base = `${url}/api/admin/cohorts/${cohort.cohortId}`;
      // 10 connections: ten tutors reading at the same moment (their reads are not exam-day traffic).
      const tutors = { headers: adminAuth, connections: 10 };
      // One tutor: the page as they wait for it.
      rows.push(
        await scenario('cohort page (500 members, 1 connection)', {
          url: base,
          headers: adminAuth,
          connections: 1,
        }),
      );
      rows.push(await scenario('cohort page (500 members, 10 connections)', { url: base, ...tutors }));
      rows.push(
        await scenario('cohort assignment progress (500 members, 10 connections)', {
          url: `${base}/assignments/${cohort.assignmentId}`,
          ...tutors,
        }),
      );
      rows.push(
        await scenario('cohort against everyone (500 members, 10 connections)', {
          url: `${base}/insights`,
          ...tutors,
        }),
      );
      // The report as one tutor downloads it (the target's own case), then ten at once.
      rows.push(
        await scenario('cohort report CSV (500 members, 1 connection)', {
          url: `${base}/report`,
          headers: adminAuth,
          connections: 1,
        }),
      );
      rows.push(
        await scenario('cohort report CSV (500 members, 10 connections)', {
          url: `${base}/report`,
          ...tutors,
        }),
      );
      // The page at 50 connections: how many of it two cores serve.
      rows.push(
        await scenario('cohort page (500 members, 50 connections)', { url: base, headers: adminAuth }),
      );
    }
    // Decision 0056: 100,000 comments under the benchmark exam's questions and 20 articles. Targets
    // (docs/performance.md): a question's thread of 100 comments p99 ≤ 30 ms, posting p99 ≤ 50 ms.
    if (['question thread', 'article thread', 'post a comment'].some(wanted)) {
      const articleIds = (
        await json<{ articles: Array<{ _id: string }> }>(`${url}/api/articles/published?limit=20`)
      ).articles.map((item) => item._id);
      const reader = (await json<{ _id: string }>(`${url}/api/users/me`, { headers: auth }))._id;
      // Posting: each learner may post 20 an hour, one under each of 20 questions, so the pool must outlast
      // the warm-up and the measured seconds at the highest rate expected (50 connections × 30 posts/s each,
      // twice the 749 posts/s two cores gave on 2026-11-27), or posts are refused (429, counted as non-2xx).
      const posting = wanted('post a comment');
      const firstPoster = connections;
      const posters = posting
        ? Math.min(
            Math.ceil((connections * 30 * (duration + warmup)) / POST_QUESTIONS),
            size.learners - firstPoster,
          )
        : 0;
      if (posting) log(`Community: logging in ${posters} posting learners…`);
      const posterTokens = posting ? await loginMany(url, posters, firstPoster) : [];
      const { community, posterIds } = await offline(async () => {
        const data = await ensureComments(target, { examId: benchExam._id, articleIds }, log);
        await prepareLearners(target, [reader], [data.questionId]);
        const ids = posting ? await learnerIds(target, firstPoster, posters) : [];
        if (posting) await prepareLearners(target, ids, data.postQuestions);
        return { community: data, posterIds: ids };
      });
      const threadUrl = `${url}/api/questions/${community.questionId}/comments`;
      const shown = await json<{ total: number; comments: Array<{ replies: unknown[] }> }>(threadUrl, {
        headers: auth,
      });
      log(
        `  the measured thread's first page: ${shown.comments.length} of ${shown.total} top-level comments, ${shown.comments.reduce((sum, c) => sum + c.replies.length, 0)} replies`,
      );
      rows.push(await scenario('question thread (100 comments)', { url: threadUrl, headers: auth }));
      rows.push(
        await scenario(`article thread (${community.articleComments} comments)`, {
          url: `${url}/api/articles/${community.articleId}/comments`,
          headers: auth,
        }),
      );
      if (posting) {
        const posts = postScenario(url, posterTokens, community.postQuestions);
        rows.push(await scenario('post a comment', posts.options));
        const removed = await offline(() => removePosts(target, posterIds));
        log(
          `  post a comment: ${posts.used()} of ${posts.pool} (learner, question) pairs used, ${removed} posts deleted`,
        );
      }
    }
    // Question images: the target is ≥ 2,000 req/s from one process (docs/performance.md); the bytes come
    // from the in-process cache after the first.
    const imageUrl = `${url}/api/media/${image.hash}`;
    const kilobytes = Math.round(image.bytes / 1024);
    rows.push(await scenario(`question image (${kilobytes} KB JPEG)`, { url: imageUrl }));
    const byCurl = curlScenario(
      `question image (${kilobytes} KB JPEG), curl`,
      imageUrl,
      quick ? 5000 : 20000,
    );
    if (byCurl) rows.push(byCurl);
    // 304s count as non-2xx in autocannon's figures: here they are the expected answer.
    rows.push(
      await scenario('question image, revalidated (304)', {
        url: imageUrl,
        headers: { 'if-none-match': `"${image.hash}"` },
      }),
    );
    if (!quick && (wanted('practice set:') || wanted('tutor answer'))) {
      // Practice sets and tutor answers (closed loops, each call measured on its own).
      rows.push(...(await studyScenarios(target, url, tokens, duration, warmup, log)));
    }
    if (only) {
      if (exportFigures) log(JSON.stringify(exportFigures));
      if (importFigures) log(JSON.stringify(importFigures));
      await stopServer(child);
      return;
    }
    const health = rows[0]!.requestsPerSecond || 1;
    for (const row of rows) row.ratioToHealth = Math.round((row.requestsPerSecond / health) * 100) / 100;
    const rss = peakRssMb(child.pid!);

    log('Burst: 500 learners each fetch and submit the exam…');
    const burstTokens = await loginMany(url, 500, BENCH_LEARNERS - 500);
    let autoSubmit: Awaited<ReturnType<typeof autoSubmitExpired>> | undefined;
    if (!quick) {
      log('Auto-submit: 1,000 timed sittings run out of time…');
      const saved = await startTimedSittings(target, url, await loginMany(url, 1000), benchExam._id);
      await stopServer(child);
      autoSubmit = await autoSubmitExpired(target, serverEnv(target), saved, log);
    } else {
      await stopServer(child);
    }
    const before = await countResults(target, benchExam._id);
    ({ url, child } = await startServer(target));
    const burstResult = await burst(url, benchExam._id, burstTokens);
    await stopServer(child);
    const after = await countResults(target, benchExam._id);
    const burstSummary = {
      ...burstResult,
      newResults: after - before,
      exact: after - before === 500 - burstResult.failures && burstResult.failures === 0,
    };
    log(
      `  burst: ${burstSummary.learners} learners in ${burstSummary.seconds.toFixed(1)} s, p95 ${burstSummary.p95} ms, new results ${burstSummary.newResults}, failures ${burstSummary.failures}`,
    );

    const steal = stealPercent(cpuAtStart, cpuSample());
    const report = {
      kind,
      cpuStealPercent: steal,
      quick,
      size,
      connections,
      durationSeconds: duration,
      seedSeconds,
      peakRssMb: rss,
      scenarios: rows,
      paymentsExport: exportFigures,
      questionImport: importFigures,
      burst: burstSummary,
      autoSubmit,
      at: new Date().toISOString(),
    };
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    const file = path.join(root, 'bench/results', `api-${kind}${quick ? '-quick' : ''}-${Date.now()}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    log('');
    log('| scenario | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | × health |');
    log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
    for (const row of rows)
      log(
        `| ${row.scenario} | ${row.requestsPerSecond} | ${row.p50} | ${row.p95 ?? ''} | ${row.p99} | ${row.errors} | ${row.non2xx} | ${row.ratioToHealth} |`,
      );
    log(`\nServer peak RSS ${rss} MB. Written to ${path.relative(root, file)}`);
    if (steal !== null) log(`CPU time stolen by the hypervisor during the run: ${steal}%.`);
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
  }
}

if (existsSync(path.join(root, 'apps/api/src/server.ts'))) await main();
