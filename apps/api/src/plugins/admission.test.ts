import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BUSY_CODE,
  BUSY_MESSAGE,
  BUSY_RETRY_AFTER_S,
  registerAdmission,
  type AdmissionOptions,
} from './admission.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server whose /api/slow/:n answers when the test lets it, recording the order requests started in. */
async function serve(options: AdmissionOptions) {
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  app = Fastify();
  registerAdmission(app, options);
  app.get('/api/slow/:n', async (request) => {
    const { n } = request.params as { n: string };
    started.push(n);
    await new Promise<void>((resolve) => gates.set(n, resolve));
    return { n };
  });
  app.get('/api/health', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const open = (n: string) =>
    fetch(`${base}/api/slow/${n}`).then(async (r) => ({
      status: r.status,
      headers: r.headers,
      body: (await r.json()),
    }));
  const finish = async (n: string) => {
    for (let i = 0; i < 100 && !gates.has(n); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    gates.get(n)?.();
  };
  return { base, started, open, finish };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 100));

describe('admission to the API (embedded database)', () => {
  it('processes at most `limit` requests at once and admits the others in arrival order', async () => {
    const server = await serve({ limit: 2, maxWaitMs: 5000, maxQueue: 10 });
    const answers = ['a', 'b', 'c', 'd'].map((n) => server.open(n));
    await settle();
    expect(server.started).toEqual(['a', 'b']);
    await server.finish('b');
    await settle();
    expect(server.started).toEqual(['a', 'b', 'c']);
    await server.finish('a');
    await server.finish('c');
    await server.finish('d');
    expect((await Promise.all(answers)).map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    expect(server.started).toEqual(['a', 'b', 'c', 'd']);
  });

  it('answers 503 busy with Retry-After when a request waits too long, without running it', async () => {
    const server = await serve({ limit: 1, maxWaitMs: 150, maxQueue: 10 });
    const first = server.open('a');
    await settle();
    const refused = await server.open('b');
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({ message: BUSY_MESSAGE, code: BUSY_CODE });
    expect(refused.headers.get('retry-after')).toBe(String(BUSY_RETRY_AFTER_S));
    await server.finish('a');
    expect((await first).status).toBe(200);
    expect(server.started).toEqual(['a']);
    // Its turn is not kept: the next request runs at once.
    const next = server.open('c');
    await server.finish('c');
    expect((await next).status).toBe(200);
  });

  it('refuses at once when the queue is full, and lets health checks through', async () => {
    const server = await serve({ limit: 1, maxWaitMs: 5000, maxQueue: 1 });
    const running = server.open('a');
    await settle();
    const queued = server.open('b');
    await settle();
    const t0 = Date.now();
    const refused = await server.open('c');
    expect(refused.status).toBe(503);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect((await fetch(`${server.base}/api/health`)).status).toBe(200);
    await server.finish('a');
    await server.finish('b');
    expect([(await running).status, (await queued).status]).toEqual([200, 200]);
  });
});
