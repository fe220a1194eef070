import type { SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A hot query built once per database handle and kept as a named prepared statement. Building a query
 * with Drizzle's builder costs more CPU per request than PostgreSQL takes to answer a primary-key lookup
 * (docs/performance.md), and a named statement is parsed once per connection. Values are passed as
 * `sql.placeholder(...)`; `name` must be unique per query text. Queries whose best plan depends on the
 * value (trigram search) are not prepared: a generic plan could pick the wrong index.
 */
export function prepared<T>(
  db: Executor,
  name: string,
  build: (db: Executor) => { prepare(name: string): T },
): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build(db).prepare(name);
    byName.set(name, statement);
  }
  return statement;
}

interface PgPoolLike {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  totalCount: number;
}

/**
 * Runs a large hand-written statement (a data-modifying CTE) as a named prepared statement on PostgreSQL:
 * parsed and planned once per connection instead of at every call, where planning alone cost 2–4 ms of a
 * submit (docs/performance.md). The statement's text must not depend on the values (it does not
 * when every value is a parameter). In a transaction it runs on the transaction's connection (a named
 * statement belongs to the connection, not to the transaction). On PGlite it runs as a plain statement.
 */
export async function executeNamed<T>(db: Executor, name: string, query: SQL): Promise<T[]> {
  const internals = db as unknown as {
    $client?: Partial<PgPoolLike>;
    /** a transaction's session: its client is the pool's connection the transaction holds */
    session?: { client?: Partial<PgPoolLike> & { connectionParameters?: unknown } };
    dialect?: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  };
  const client = internals.$client ?? internals.session?.client;
  // node-postgres only: its pool, or (in a transaction) one of its connections. PGlite has neither mark.
  const nodePostgres =
    client !== undefined &&
    (typeof client.totalCount === 'number' ||
      (internals.$client === undefined && internals.session?.client?.connectionParameters !== undefined));
  if (internals.dialect && client && typeof client.query === 'function' && nodePostgres) {
    const { sql: text, params } = internals.dialect.sqlToQuery(query);
    const result = await (client as PgPoolLike).query({ name, text, values: params });
    return result.rows as T[];
  }
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
