/**
 * `npm run bench:web`: page weight and Lighthouse.
 * 1. From the Vite manifest (after `npm run build`): the JavaScript and CSS (gzip) each route needs
 *    before it renders: the entry with its static imports, plus the route module with its static imports.
 * 2. Lighthouse performance scores (mobile and desktop presets; the median of `--runs N`, default 3)
 *    for /, /exams and /articles against the real production server with the demo catalogue, driving
 *    Debian's Chromium.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { cpuSample, stealPercent } from './cpu-steal.ts';

/** Lighthouse runs per page and preset (`--runs N`, default 3); the table shows the median. */
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 3) : 3;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const log = (line: string) => console.log(line);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

function gzipKib(file: string): number {
  return gzipSync(readFileSync(path.join(dist, file))).length / 1024;
}

/** Files a chunk needs before it runs: itself and its static imports, recursively (not dynamic ones). */
function closure(
  manifest: Record<string, ManifestChunk>,
  key: string,
  seen = new Set<string>(),
): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const child of manifest[key]?.imports ?? []) closure(manifest, child, seen);
  return seen;
}

function weigh(manifest: Record<string, ManifestChunk>, keys: Set<string>) {
  let js = 0;
  let css = 0;
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    js += gzipKib(chunk.file);
    for (const sheet of chunk.css ?? []) css += gzipKib(sheet);
  }
  return { js: Math.round(js * 10) / 10, css: Math.round(css * 10) / 10 };
}

function pageWeight() {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!existsSync(manifestPath)) {
    log('Building the web app…');
    const build = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: path.join(root, 'apps/web'), stdio: 'inherit' },
    );
    if (build.status !== 0) throw new Error('web build failed');
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');
  const entry = closure(manifest, entryKey);
  const rows = [{ route: '(entry: shell, router, providers)', ...weigh(manifest, entry) }];
  for (const key of Object.keys(manifest)
    .filter((k) => k.includes('/app/routes/'))
    .sort()) {
    const needed = closure(manifest, key, new Set(entry));
    rows.push({ route: path.basename(key, '.tsx'), ...weigh(manifest, needed) });
  }
  log('\n| route module | JS before render (gzip KiB) | CSS (gzip KiB) |');
  log('| --- | ---: | ---: |');
  for (const row of rows) log(`| ${row.route} | ${row.js} | ${row.css} |`);
  return rows;
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

async function lighthouseScores() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mlp-lighthouse-'));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' };
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'apps/api/src/db/seed/seed-cli.ts')], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const port = await freePort();
  // The compiled server, as `npm start` runs it (decision 0013).
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-api.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the API failed to build');
  const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
    cwd: root,
    env: {
      ...env,
      NODE_ENV: 'production',
      APP_SECRET: 'lighthouse-secret-lighthouse-secret-000',
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 120; i += 1) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  const rows: Array<{
    path: string;
    mobile: number;
    desktop: number;
    runs: Record<string, number[]>;
    metrics: Record<string, string>;
  }> = [];
  // One Lighthouse run, retried when Lighthouse itself fails (e.g. NO_NAVSTART, seen now and then here).
  const audit = async (url: string, config: typeof desktopConfig | undefined) => {
    for (let attempt = 1; ; attempt += 1) {
      const result = await lighthouse(
        url,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        config,
      );
      if (result && !result.lhr.runtimeError) return result.lhr;
      if (attempt === 3) throw new Error(`Lighthouse failed on ${url}: ${result?.lhr.runtimeError?.code}`);
    }
  };
  try {
    // One run thrown away first: the first page load after Chromium and the server start pays one-time
    // costs (caches, the server's JIT) that scored `/`, always measured first, well below its later runs.
    await audit(`${base}/`, undefined);
    for (const page of ['/', '/exams', '/articles']) {
      const scores: Record<string, number> = {};
      const runs: Record<string, number[]> = {};
      const metrics: Record<string, string> = {};
      for (const [preset, config] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        // Scores move by several points between runs on a shared 2-core machine: the median of a few.
        const results: Array<Awaited<ReturnType<typeof audit>>> = [];
        for (let run = 0; run < RUNS; run += 1) results.push(await audit(`${base}${page}`, config));
        const score = (lhr: (typeof results)[number]) =>
          Math.round((lhr.categories.performance?.score ?? 0) * 100);
        results.sort((a, b) => score(a) - score(b));
        const median = results[Math.floor(results.length / 2)]!;
        scores[preset] = score(median);
        runs[preset] = results.map(score);
        // What the median score is made of: paint times, blocking time and layout shift.
        for (const name of [
          'first-contentful-paint',
          'largest-contentful-paint',
          'total-blocking-time',
          'cumulative-layout-shift',
          'speed-index',
        ]) {
          metrics[`${preset} ${name}`] = median.audits[name]?.displayValue ?? '';
        }
      }
      rows.push({ path: page, mobile: scores.mobile ?? 0, desktop: scores.desktop ?? 0, runs, metrics });
      log(
        `  ${page}: mobile ${scores.mobile} (runs ${runs.mobile?.join(', ')}), desktop ${scores.desktop} (runs ${runs.desktop?.join(', ')})`,
      );
      log(
        `    ${Object.entries(metrics)
          .map(([name, value]) => `${name} ${value}`)
          .join('; ')}`,
      );
    }
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  log(`\n| page | Lighthouse mobile (median of ${RUNS}) | Lighthouse desktop (median of ${RUNS}) |`);
  log('| --- | ---: | ---: |');
  for (const row of rows) log(`| ${row.path} | ${row.mobile} | ${row.desktop} |`);
  return rows;
}

const weights = pageWeight();
const cpuAtStart = cpuSample();
const scores = process.argv.includes('--no-lighthouse') ? [] : await lighthouseScores();
const steal = stealPercent(cpuAtStart, cpuSample());
if (steal !== null) log(`CPU time stolen by the hypervisor during the Lighthouse runs: ${steal}%.`);
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `web-${Date.now()}.json`);
writeFileSync(
  file,
  `${JSON.stringify(
    { pageWeight: weights, lighthouse: scores, cpuStealPercent: steal, at: new Date().toISOString() },
    null,
    2,
  )}\n`,
);
log(`\nWritten to ${path.relative(root, file)}`);
