import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { queryRows } from './factories.ts';

/* Query plans for the plan tests: which scans and indexes PostgreSQL (or PGlite) chooses for a statement. */

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The plan's nodes, depth first. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The nodes of the plan `explain (format json)` gives for the query, depth first. */
export async function planOf(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const [row] = await queryRows<Record<string, unknown>>(db, sql`explain (format json) ${query}`);
  const raw = Object.values(row ?? {})[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodes(parsed[0]!.Plan);
}
