import { describe, expect, it } from 'vitest';
import { clientAddress } from '../../test/app.ts';
import { appOn, closedPort, expectUnavailable } from '../../test/unreachable-database.ts';
import { openDatabase } from '../db/client.ts';

describe('an unreachable database (decision 0026)', () => {
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
});
