import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { TEMPLATE_DATABASE, TEMPLATE_DUMP_PATH, adminUrl } from './db.ts';

const BUILD_SCRIPT = path.resolve(import.meta.dirname, '../../../scripts/build-api.mjs');

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded-database folder of this run, copied by tests that start a real server. */
    pgliteTemplateDir: string;
    /** This run's build of the API (scripts/build-api.mjs), which the tests that start real servers run. */
    serverFile: string;
  }
}

/**
 * Migrates once per run: a PGlite data folder on disk, which the tests that start real server processes
 * copy (test/server.ts: a copy takes milliseconds, a first start's initdb and migrations ~8 s), dumped to
 * a file that each test file's in-memory database starts from (about 0.6 s instead of 5.5 s); and, with
 * TEST_DATABASE_URL, a PostgreSQL template database.
 */
export default async function globalSetup({ provide }: TestProject): Promise<() => void> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const client = new pg.Client({ connectionString: adminUrl(serverUrl) });
    await client.connect();
    try {
      await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
    } finally {
      await client.end();
    }
    const url = new URL(serverUrl);
    url.pathname = `/${TEMPLATE_DATABASE}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await database.migrate();
    await database.close();
  }
  // This run's own folder: two runs at once (CI's two streams) never remove each other's.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mlp-pglite-template-'));
  mkdirSync(path.dirname(TEMPLATE_DUMP_PATH), { recursive: true });
  const database = await openDatabase({ dataDir });
  await database.migrate();
  if (!serverUrl) {
    // The dump each test file's database starts from holds only the migrated database: the template
    // databases (14 of its 43MB) are never used by a test, and unpacking them cost every start. It is a
    // plain tar: unzipping cost each start more than reading the larger file (decision 0081).
    // Trimmed in a copy: the folder on disk stays whole for the servers that start from it.
    const copy = await openDatabase({
      dataDir: 'memory://',
      loadDataDir: await database.pglite!.dumpDataDir('none'),
    });
    const pglite = copy.pglite!;
    for (const name of ['template0', 'template1']) {
      await pglite.exec(`alter database ${name} is_template false`);
      await pglite.exec(`drop database ${name}`);
    }
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('none');
    await copy.close();
    // Written aside and renamed: a test run starting beside this one never reads half a file.
    const partial = `${TEMPLATE_DUMP_PATH}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, TEMPLATE_DUMP_PATH);
  }
  await database.close();
  provide('pgliteTemplateDir', dataDir);
  // The API as `npm start` runs it, built into a folder of this run's (under the checkout, so Node finds
  // its packages): a server process started from the sources through tsx spent ~5 CPU-s loading them,
  // from the build ~2 (decision 0083).
  const buildDir = mkdtempSync(path.join(path.dirname(TEMPLATE_DUMP_PATH), 'api-build-'));
  const built = spawnSync(process.execPath, [BUILD_SCRIPT, '--out', buildDir], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`building the API failed:\n${built.stderr}`);
  provide('serverFile', path.join(buildDir, 'server.js'));
  return () => {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(buildDir, { recursive: true, force: true });
  };
}
