import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import { clientAddress } from '../../test/app.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config/env.ts';
import { closeAppContext, createAppContext, type AppContext } from '../context.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from './errors.ts';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real app on `database` (any Database, here one whose server is not there). */
async function appOn(database: Database): Promise<FastifyInstance> {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const ctx: AppContext = createAppContext(config, database, { settingsTtlMs: 0 });
  const app = await buildApp({ ctx });
  await app.ready();
  cleanups.push(async () => {
    await app.close();
    await closeAppContext(ctx);
    await database.close();
  });
  return app;
}

async function listen(server: net.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as net.AddressInfo).port;
}

/** A TCP port on which nothing listens: connecting there is refused, as with a stopped server. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP relay to the database server; `cut()` stops it like a server going away mid-connection. */
async function startRelay(target: URL, port = 0) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream);
    upstream.pipe(client);
  });
  const actualPort = await listen(server, port);
  return {
    port: actualPort,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
}

describe('an unreachable database (issue 22.9)', () => {
  it('answers 503 with Retry-After, not 500, when the database server refuses connections', async () => {
    const port = await closedPort();
    const database = await openDatabase({
      databaseUrl: `postgres://postgres@127.0.0.1:${port}/nothing`,
      poolSize: 1,
      onPoolError: () => undefined,
    });
    const app = await appOn(database);

    expectUnavailable(await app.inject({ method: 'GET', url: '/api/exams/published' }));
    expectUnavailable(
      await app.inject({
        method: 'POST',
        url: '/api/users/register',
        payload: { name: 'Nobody', email: 'nobody@example.com', password: 'Correct-Horse-42' },
        remoteAddress: clientAddress(),
      }),
    );
    expectUnavailable(
      await app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${'a'.repeat(43)}` },
      }),
    );
    // Readiness says the same in its own words.
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(503);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 503 while a PostgreSQL server it was using is gone, and serves again once it is back',
    async () => {
      const target = await createTestDatabase();
      cleanups.push(() => target.destroy());
      const url = new URL(target.url ?? '');
      const relay = await startRelay(url);
      const relayed = new URL(url);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(relay.port);
      const database = await openDatabase({
        databaseUrl: relayed.toString(),
        poolSize: 2,
        onPoolError: () => undefined,
      });
      const app = await appOn(database);
      expect((await app.inject({ method: 'GET', url: '/api/exams/published' })).statusCode).toBe(200);

      // The server goes away: pooled connections are cut, new ones refused.
      await relay.cut();
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/exams/published' }));
      expectUnavailable(await app.inject({ method: 'GET', url: '/api/exams/published' }));

      const back = await startRelay(url, relay.port);
      cleanups.push(() => back.cut());
      expect((await app.inject({ method: 'GET', url: '/api/exams/published' })).statusCode).toBe(200);
    },
  );
});
