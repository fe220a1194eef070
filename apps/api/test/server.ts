import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, inject } from 'vitest';

/**
 * The API's entry as the tests that start real server processes run it: this run's build of it
 * (test/global-setup.ts), the code `npm start` runs.
 */
export function serverFile(): string {
  return inject('serverFile');
}

export interface ServerProcess {
  child: ChildProcess;
  pid: number;
  /** the address the server says it is ready at */
  url: string;
  output(): string;
  /** resolves with the exit code once the process has ended */
  exited: Promise<number | null>;
}

/**
 * Starts the server as its own process (`node server.js` of the run's build) and resolves once it says it
 * is ready (`… is ready at <url>`, which a cluster's primary says once all its processes listen).
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverFile()], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready in 120 s:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      // eslint-disable-next-line no-control-regex
      const ready = /is ready at (http:\/\/[^\s"()]+)/.exec(output.replace(/\u001b\[[0-9;]*m/g, ''));
      if (ready?.[1]) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before it was ready:\n${output}`));
    });
  });
  return { child, pid: child.pid ?? 0, url, output: () => output, exited };
}

/**
 * Data folders for the real servers a test file starts: each call of the returned function makes a new
 * one under the system's temporary folder, holding a copy of the run's migrated embedded database
 * (test/global-setup.ts), so a server starts as on an existing install instead of running initdb and every
 * migration (~8 s each start); `{ empty: true }` gives an empty one (a first install). All of them are
 * removed after the file's tests.
 */
export function useTempDataDirs(prefix: string): (options?: { empty?: boolean }) => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return ({ empty = false } = {}) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    if (!empty) cpSync(inject('pgliteTemplateDir'), dir, { recursive: true });
    return dir;
  };
}

/** The environment of a real test server: a free local port, its own embedded database, no demo content. */
export function serverEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env };
}
