// After `vite build`: the JavaScript every page loads before it renders (the entry script and the chunks
// index.html preloads) must stay within its budget, so a change that pulls a large library into the first
// load fails the build instead of passing unnoticed. Budgets: decision 0015 and docs/performance.md ("JS
// before render", 206 KiB gzip when last measured; 189 KiB on 2026-11-27).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
/** gzip bytes of all first-load JavaScript together */
const TOTAL_GZIP_BUDGET = 230 * 1024;
/** raw bytes of any one first-load chunk (vite's chunkSizeWarningLimit) */
const CHUNK_BUDGET = 650 * 1024;

const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const files = [
  ...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1]);
let totalGzip = 0;
const problems = [];
for (const file of new Set(files)) {
  const bytes = readFileSync(path.join(dist, file.replace(/^\//, '')));
  totalGzip += gzipSync(bytes).length;
  if (bytes.length > CHUNK_BUDGET)
    problems.push(`${file} is ${(bytes.length / 1024).toFixed(1)} KB (budget ${CHUNK_BUDGET / 1024} KB)`);
}
if (totalGzip > TOTAL_GZIP_BUDGET)
  problems.push(
    `first-load JavaScript is ${(totalGzip / 1024).toFixed(1)} KiB gzip (budget ${TOTAL_GZIP_BUDGET / 1024} KiB)`,
  );
if (files.length === 0) problems.push('no entry script found in apps/web/dist/index.html');
if (problems.length > 0) {
  console.error(
    `First-load budget exceeded:\n  ${problems.join('\n  ')}\nLoad what only some pages need with lazy().`,
  );
  process.exit(1);
}
console.log(
  `First load: ${files.length} scripts, ${(totalGzip / 1024).toFixed(1)} KiB gzip (budget ${TOTAL_GZIP_BUDGET / 1024} KiB)`,
);
