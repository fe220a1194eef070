// `npm run dev`: the API restarting on change (tsx watch, port 3000) and the Vite dev server with hot
// reload (port 5173, proxying /api to the API). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const children = [
  spawn(
    process.execPath,
    [
      path.join(root, 'node_modules/tsx/dist/cli.mjs'),
      'watch',
      '--clear-screen=false',
      'apps/api/src/server.ts',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js')], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
  }),
];
console.log('API on http://localhost:3000, web app with hot reload on http://localhost:5173');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
