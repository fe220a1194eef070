import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/env.ts';
import { closeAppContext, createAppContext, type AppContext } from '../src/context.ts';
import type { Database } from '../src/db/client.ts';
import { SERVICE_UNAVAILABLE_MESSAGE } from '../src/plugins/errors.ts';

/* What the tests of an unreachable database share (decision 0026): the app on a given database, closed ports,
 * a TCP relay that can be cut, and the 503 they expect. */

export const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The real app on `database` (any Database, here one whose server is not there). */
export async function appOn(database: Database): Promise<FastifyInstance> {
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
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A TCP relay to the database server; `cut()` stops it like a server going away mid-connection. */
export async function startRelay(target: URL, port = 0) {
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

export function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('5');
  expect(response.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
}
