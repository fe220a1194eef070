import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  serverEnv,
  serverFile,
  startServerProcess as startProcess,
  useTempDataDirs,
} from '../test/server.ts';
import { loadConfig } from './config/env.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './plugins/errors.ts';
import { startServer } from './server.ts';

const tempDataDir = useTempDataDirs('mlp-server-');

function run(env: Record<string, string>) {
  return spawnSync(process.execPath, [serverFile()], {
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

  it('stops with one line naming DATA_DIR when it is a file', () => {
    const file = path.join(tempDataDir({ empty: true }), 'not-a-folder');
    writeFileSync(file, 'x');
    const result = run({ DATA_DIR: file, PORT: '0' });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(
      `Cannot open the embedded database in DATA_DIR (${file}): it is a file, not a folder`,
    );
  });

  it('stops with one clear line when DATABASE_URL cannot be reached', () => {
    const result = run({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing', PORT: '0' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Cannot use the database at DATABASE_URL: /);
  });
});

describe('one server per embedded database (decision 0026)', () => {
  it('refuses a second server on the same DATA_DIR, naming it and the owner pid, and recovers a crashed one', async () => {
    const dataDir = tempDataDir();
    const lockFile = path.join(dataDir, 'server.lock');
    const env = serverEnv(dataDir);

    const first = await startProcess(env);
    const second = run(env);
    expect(second.status).toBe(1);
    expect(second.stderr.trim().split('\n')).toEqual([
      `DATA_DIR (${dataDir}) is in use by another server (pid ${first.pid}); stop that server or set DATA_DIR to another folder (if no server runs, delete ${lockFile})`,
    ]);
    expect((await fetch(`${first.url}/api/ready`)).status).toBe(200);

    // A crash leaves the lock behind with a pid that no longer runs: the next server takes it over.
    first.child.kill('SIGKILL');
    await first.exited;
    expect(existsSync(lockFile)).toBe(true);
    const third = await startProcess(env);
    expect((await fetch(`${third.url}/api/ready`)).status).toBe(200);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
    // A clean shutdown removes the lock.
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);

  it('treats a lock naming no live process as stale', async () => {
    const dataDir = tempDataDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(path.join(dataDir, 'server.lock'), `${gone}\n`);
    const server = await startProcess(serverEnv(dataDir));
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
  }, 240_000);
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A GET on a connection of its own (no keep-alive pool): what a new client sees. */
function getOnNewConnection(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
  });
}

describe('graceful shutdown', () => {
  it('finishes in-flight requests, answers new ones 503 with Connection: close meanwhile, then refuses connections and closes the database', async () => {
    const dataDir = tempDataDir();
    const server = await startServer(loadConfig(serverEnv(dataDir, { LOG_LEVEL: 'silent' })));
    const url = new URL(server.url);
    // The request stays in flight for as long as the test holds back the end of its body, so no
    // timing assumption is needed: the stop begins once the server has taken it in.
    const body = JSON.stringify({ name: 'Late', email: 'late@example.com', password: 'Correct-Horse-42' });
    const received = new Promise((resolve) => server.app.server.once('request', resolve));
    const inFlight = http.request({
      host: '127.0.0.1',
      port: url.port,
      method: 'POST',
      path: '/api/users/register',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const answered = new Promise<Answer>((resolve, reject) => {
      inFlight.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
        );
      });
      inFlight.on('error', reject);
    });
    inFlight.write(body.slice(0, 10));
    await received;
    const stopped = server.stop();

    // While it drains, a new connection is answered, not reset or refused. (The stop sets in at once;
    // a request that still slips in before it is simply served.)
    let during = await getOnNewConnection(`${server.url}/api/health`);
    for (let tries = 0; during.status === 200 && tries < 100; tries += 1) {
      during = await getOnNewConnection(`${server.url}/api/health`);
    }
    expect(during.status).toBe(503);
    expect(during.headers.connection).toBe('close');
    expect(during.headers['retry-after']).toBe('5');
    expect(JSON.parse(during.body)).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });

    inFlight.end(body.slice(10));
    expect((await answered).status).toBe(201);
    await stopped;
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
    await expect(server.ctx.database.ping()).rejects.toThrow();
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false);
    // A real server (or worker) starts and stops here: seconds alone, far more on a loaded machine.
  }, 120_000);
});
