// `npm start`: build the web app and the API when a build is missing or older than its sources, then
// run the compiled API (which serves the built SPA) in this same process.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { API_SERVER_FILE, ensureApiBuilt, newestMtime } from './build-api.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const builtIndex = path.join(webDir, 'dist/index.html');

const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'build'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'public'),
  path.join(webDir, 'vite.config.ts'),
  path.join(root, 'packages/contract/src'),
];
const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...sources.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(
    builtAt === 0 ? 'Building the web app (first start)…' : 'Web sources changed; rebuilding the web app…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // Always the production bundle: with NODE_ENV=test (the browser tests' servers) Vite would build React's
      // development bundle (a 916 KB first-load chunk instead of 617 KB), and the journeys would not test
      // what is shipped.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    console.error('The web app failed to build; see the messages above.');
    process.exit(result.status ?? 1);
  }
}

await ensureApiBuilt();
// The server module starts itself when it is the program's entry.
process.argv[1] = API_SERVER_FILE;
await import(pathToFileURL(API_SERVER_FILE).href);
