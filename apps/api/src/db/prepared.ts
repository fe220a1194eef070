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
