// Compiles the API for production: apps/api/src/server.ts and the contract it imports, bundled by
// esbuild into one ES module, apps/api/dist/server.js, with the SQL migrations beside it. Packages from
// node_modules stay external (loaded by Node as usual). Decision 0013.
//
//   node scripts/build-api.mjs          build
//   node scripts/build-api.mjs --out D  build into folder D instead (the API tests' servers, decision 0083)
//   import { ensureApiBuilt } from …    build only when the sources are newer than the build
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'apps/api');
export const API_SERVER_FILE = path.join(apiDir, 'dist/server.js');
/** `npm run worker`: the background work without the web server (decision 0030). */
export const API_WORKER_FILE = path.join(apiDir, 'dist/worker.js');

/** The newest modification time in a file or folder (0 when missing). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = [
  path.join(apiDir, 'src'),
  path.join(root, 'packages/contract/src'),
  fileURLToPath(import.meta.url),
];

export function apiBuildIsStale() {
  const builtAt = Math.min(
    ...[API_SERVER_FILE, API_WORKER_FILE].map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)),
  );
  return builtAt < Math.max(...sources.map(newestMtime));
}

export async function buildApi(distDir = path.dirname(API_SERVER_FILE)) {
  mkdirSync(distDir, { recursive: true });
  const result = await build({
    entryPoints: [path.join(apiDir, 'src/server.ts'), path.join(apiDir, 'src/worker.ts')],
    outdir: distDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        // Bundle our own code (relative imports and the @mlp/* workspaces); leave every package to Node.
        name: 'packages-external',
        setup(builder) {
          builder.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mlp/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  // Migrations are read from beside the module at run time (db/client.ts).
  const migrations = path.join(distDir, 'migrations');
  rmSync(migrations, { recursive: true, force: true });
  cpSync(path.join(apiDir, 'src/db/migrations'), migrations, { recursive: true });
  // Written under a temporary name and renamed: a server starting meanwhile never reads half a file.
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
}

/** Builds the API when its sources are newer than the build (or there is none). */
export async function ensureApiBuilt() {
  if (apiBuildIsStale()) await buildApi();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv.indexOf('--out');
  if (out > 0) {
    await buildApi(path.resolve(process.argv[out + 1]));
  } else {
    await buildApi();
    console.log(`API built: ${path.relative(root, API_SERVER_FILE)}`);
  }
}
