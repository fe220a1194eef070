import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db.ts';
import { appOn, cleanups, expectUnavailable, startRelay } from '../../test/unreachable-database.ts';
import { openDatabase } from '../db/client.ts';

/* PostgreSQL only (TEST_DATABASE_URL; *.pg.test.ts files, see vitest.config.ts). */

describe('a PostgreSQL server that goes away (decision 0026)', () => {
  it('answers 503 while a PostgreSQL server it was using is gone, and serves again once it is back', async () => {
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
  });
});
