import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ConfigError } from '../config/env.ts';
import { lockDataDir } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';
import { listenOnChannels, type ChannelListener, type ChannelListenerOptions } from './listener.ts';

export type Schema = typeof schema;
/** The database handle every repository receives: PGlite and node-postgres share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repositories accept `Db | Tx` as `Executor`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs start-up work (migrations, the demo seed) while holding a lock that every process on the same
   * database takes for it (PostgreSQL: a session advisory lock), so several processes starting at once do
   * it one after the other (decision 0045). PGlite has one process by construction: it just runs the work.
   */
  startupLock<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * Plain SQL with `$n` parameters, outside Drizzle: the job queue's driver (pg-boss). Text without
   * parameters may hold several statements (pg-boss's migrations and its BEGIN … COMMIT blocks).
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** PostgreSQL only: the pool's connections now (the operators' metrics, decision 0070). */
  poolStats?(): { total: number; idle: number; waiting: number };
  /**
   * PostgreSQL only: LISTEN on a dedicated session connection that reconnects when it drops (decision
   * 0071). PGlite has one process, which drops its own caches, so it has none.
   */
  listen?(options: Omit<ChannelListenerOptions, 'connectionString'>): ChannelListener;
  /** PGlite only: the raw client (tests dump and reload data directories). */
  pglite?: PGlite;
}

/** The advisory lock key of start-up work (any fixed 64-bit number; this one spells "mlp start"). */
const STARTUP_LOCK_KEY = '7236880761087226228';

export interface OpenDatabaseOptions {
  databaseUrl?: string | undefined;
  /** PostgreSQL only: where LISTEN connects, when not `databaseUrl` (a pooler in transaction mode) */
  listenUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory. */
  dataDir?: string;
  /** PGlite only: start from a dumped data directory (fast test databases). */
  loadDataDir?: Blob | File;
  /**
   * PGlite only: the shared buffer pool, PostgreSQL's 128MB by default. PGlite zeroes the whole pool at
   * every start, so the tests' throwaway databases take a small one (decision 0081).
   */
  sharedBuffers?: string;
  /** node-postgres pool size */
  poolSize?: number;
  /** errors of idle pooled connections (server restart, killed backend) */
  onPoolError?: (error: Error) => void;
}

/**
 * Turns JIT off on a new pool connection (decision 0080). pg-pool (3.14) awaits the promise an `onConnect`
 * hook returns before handing the connection out, though @types/pg types the hook as returning nothing. A
 * server that refuses the setting still serves: it is an optimisation.
 */
const withoutJit = ((client: pg.ClientBase): Promise<void> =>
  client.query('set jit = off').then(
    () => undefined,
    () => undefined,
  )) as (client: pg.ClientBase) => void;

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const databaseUrl = options.databaseUrl;
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
      idleTimeoutMillis: 30_000,
      // Decision 0080: no JIT compilation. PostgreSQL compiles any statement it estimates dear (cost over
      // jit_above_cost), which a cohort's progress of 500 members × 5 assignments is: 55 ms of compiling
      // for 7 ms of work, on every call.
      onConnect: withoutJit,
    });
    // Without a listener, an idle client's error (a database restart, a killed backend) would crash the
    // process. pg drops the broken client; the next query opens a new connection.
    pool.on('error', (error) => options.onPoolError?.(error));
    const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        await migratePg(drizzlePg(pool, { schema, casing: 'snake_case' }), { migrationsFolder });
      },
      startupLock: async (work) => {
        const client = await pool.connect();
        try {
          await client.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      executeSql: async (text, values) => {
        const result = await pool.query(text, values);
        // Several statements answer one result each; the last one is what the caller asked for.
        const last = Array.isArray(result) ? (result.at(-1) as pg.QueryResult | undefined) : result;
        return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
      },
      listen: (listenOptions) =>
        listenOnChannels({ ...listenOptions, connectionString: options.listenUrl ?? databaseUrl }),
    };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://');
  let unlock = (): void => undefined;
  if (!inMemory) {
    try {
      mkdirSync(dataDir, { recursive: true });
    } catch (error) {
      throw dataDirError(dataDir, error);
    }
    unlock = await lockDataDir(dataDir);
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      dataDir,
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      ...(options.sharedBuffers
        ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
        : {}),
    });
  } catch (error) {
    unlock();
    throw dataDirError(dataDir, error);
  }
  const pgliteDb = drizzlePglite(client, { schema, casing: 'snake_case' });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(pgliteDb, { migrationsFolder });
    },
    startupLock: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      await client.close();
      unlock();
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows };
      }
      // PGlite's query() takes one statement; exec() takes several (without parameters).
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** One line naming DATA_DIR, like every configuration error (decision 0026), instead of a stack. */
function dataDirError(dataDir: string, error: unknown): ConfigError {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === 'EEXIST'
      ? 'it is a file, not a folder'
      : code === 'ENOTDIR'
        ? 'part of the path is a file, not a folder'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : ((error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error');
  return new ConfigError(`Cannot open the embedded database in DATA_DIR (${dataDir}): ${reason}`);
}
