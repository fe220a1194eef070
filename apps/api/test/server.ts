import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Empty data folders for the real servers a test file starts: each call of the returned function makes
 * a new one under the system's temporary folder; all of them are removed after the file's tests.
 */
export function useTempDataDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}

/** The environment of a real test server: a free local port, its own embedded database, no demo content. */
export function serverEnv(dataDir: string, env: Record<string, string> = {}): Record<string, string> {
  return { NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', ...env };
}
