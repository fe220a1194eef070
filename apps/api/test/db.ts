import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const TEMPLATE_DUMP_PATH = path.resolve(
  here,
  '../../../node_modules/.cache/mlp-test/pglite-template.tar',
);
/**
 * The migrated template on the PostgreSQL server, one per checkout: two checkouts (a CI run and a
 * working copy, or two worktrees) testing against one server at once never drop each other's template.
 */
export const TEMPLATE_DATABASE = `mlp_test_template_${createHash('sha256').update(here).digest('hex').slice(0, 10)}`;

/** The dump's bytes, read once per test worker (the API project shares its modules across files). */
let templateDump: Blob | undefined;

/** The maintenance database on the same server, for CREATE/DROP DATABASE. */
export function adminUrl(serverUrl: string): string {
  const url = new URL(serverUrl);
  url.pathname = '/postgres';
  return url.toString();
}

export interface TestDatabase extends Database {
  /** drop the per-file database (PostgreSQL) and close */
  destroy(): Promise<void>;
  /** PostgreSQL only: the per-file database's URL */
  url?: string;
}

/**
 * A database of its own for one test file: PGlite from the migrated dump by default, or a fresh copy
 * of the migrated template on the PostgreSQL server named by TEST_DATABASE_URL.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `mlp_test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    return {
      ...database,
      url: url.toString(),
      async destroy() {
        await database.close();
        const cleanup = new pg.Client({ connectionString: adminUrl(serverUrl) });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      },
    };
  }
  templateDump ??= new Blob([readFileSync(TEMPLATE_DUMP_PATH)]);
  // 16MB of shared buffers: a start takes ~0.4 s instead of ~0.6 s with the default 128MB (decision 0081).
  const database = await openDatabase({
    dataDir: 'memory://',
    loadDataDir: templateDump,
    sharedBuffers: '16MB',
  });
  return { ...database, destroy: () => database.close() };
}
