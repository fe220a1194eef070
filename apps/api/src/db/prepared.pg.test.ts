import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { openDatabase, type Database } from './client.ts';
import { executeNamed } from './prepared.ts';

/*
 * PostgreSQL only (TEST_DATABASE_URL; *.pg.test.ts files, see vitest.config.ts).
 *
 * executeNamed reaches into Drizzle's handle (`$client`, `dialect.sqlToQuery`) to send a named prepared
 * statement; if an upgrade of Drizzle or pg moved either, it would fall back to a plain statement without a
 * word and every submit would pay for planning again (docs/performance.md). These tests fail instead.
 */
const opened: Array<Database | TestDatabase> = [];
afterAll(async () => {
  for (const database of opened.reverse()) {
    if ('destroy' in database) await database.destroy();
    else await database.close();
  }
});

describe('executeNamed on a PostgreSQL pool', () => {
  it('finds the pool and the SQL builder where it expects them', async () => {
    const target = await createTestDatabase();
    opened.push(target);
    const internals = target.db as unknown as {
      $client?: { query?: unknown; totalCount?: unknown };
      dialect?: { sqlToQuery?: unknown };
    };
    expect(typeof internals.$client?.query).toBe('function');
    expect(typeof internals.$client?.totalCount).toBe('number');
    expect(typeof internals.dialect?.sqlToQuery).toBe('function');
  });

  it('runs the statement as a named prepared statement on the connection', async () => {
    const target = await createTestDatabase();
    opened.push(target);
    // One connection, so the statement and the look-up below meet on the same session.
    const single = await openDatabase({ databaseUrl: target.url, poolSize: 1 });
    opened.push(single);
    const rows = await executeNamed<{ answer: number }>(
      single.db,
      'execute_named_guard',
      sql`select ${41}::int + 1 as answer`,
    );
    expect(rows).toEqual([{ answer: 42 }]);
    const prepared = await single.db.execute(
      sql`select name from pg_prepared_statements where name = 'execute_named_guard'`,
    );
    expect((prepared as { rows: unknown[] }).rows).toEqual([{ name: 'execute_named_guard' }]);
  });
});

describe('the pool’s connections', () => {
  it('never JIT-compile a statement (decision 0080)', async () => {
    const target = await createTestDatabase();
    opened.push(target);
    const pool = await openDatabase({ databaseUrl: target.url, poolSize: 2 });
    opened.push(pool);
    const settings = await Promise.all(
      [1, 2].map(async () => {
        // Two at once, so the pool opens both of its connections.
        const result: unknown = await pool.db.execute(
          sql`select current_setting('jit') as jit, pg_sleep(0.05)`,
        );
        return (result as { rows: Array<{ jit: string }> }).rows[0]?.jit;
      }),
    );
    expect(settings).toEqual(['off', 'off']);
  });
});
