import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import { startServer } from './server.ts';

const serverFile = path.join(path.dirname(fileURLToPath(import.meta.url)), 'server.ts');
const dataDirs: string[] = [];
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function run(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', serverFile], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('start-up', () => {
  it('stops with one line naming the variable when PORT is bad', () => {
    const result = run({ PORT: 'eighty' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('Invalid configuration: PORT must be a number (got "eighty")');
  });

  it('stops with one clear line when DATABASE_URL cannot be reached', () => {
    const result = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing', PORT: '0' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot use the database at DATABASE_URL: /);
  });
});

describe('graceful shutdown', () => {
  it('finishes in-flight requests, then refuses new connections and closes the database', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mlp-shutdown-'));
    dataDirs.push(dataDir);
    const server = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'silent',
      }),
    );
    // The stop begins once the server has taken the request in (a fixed pause was not always enough
    // on a busy machine: the request then arrived after the stop and was refused with 503).
    // Registration takes at least 300 ms (uniform timing), so it is still in flight then.
    const received = new Promise((resolve) => server.app.server.once('request', resolve));
    const inFlight = fetch(`${server.url}/api/users/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Late', email: 'late@example.com', password: 'Correct-Horse-42' }),
    });
    await received;
    const stopped = server.stop();
    const response = await inFlight;
    expect(response.status).toBe(201);
    await stopped;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
