import { and, count, eq, gt, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { mailOutbox, subscriptionRenewals } from '../../db/schema/index.ts';

/*
 * The database-backed figures of the operators' metrics (decision 0070). Each reads an index only: the
 * outbox's pending rows through `mail_outbox_pending_created_at_index` (migration 0039), the renewals
 * through their (status, next_attempt_at) index. Counts stop at COUNT_CAP, so a huge backlog costs no more
 * than a bounded scan.
 */

export const COUNT_CAP = 100_000;

const DAY_MS = 24 * 3600 * 1000;

/** How many rows of `table` match `where`, counted no further than COUNT_CAP. */
async function cappedCount(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(COUNT_CAP)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}

export interface OutboxFigures {
  backlog: number;
  /** when the oldest pending mail was queued; null with none */
  oldestQueuedAt: Date | null;
}

export async function outboxFigures(db: Executor): Promise<OutboxFigures> {
  const pending = eq(mailOutbox.status, 'pending');
  const [oldest] = await db
    .select({ at: min(mailOutbox.createdAt) })
    .from(mailOutbox)
    .where(pending);
  return { backlog: await cappedCount(db, mailOutbox, pending), oldestQueuedAt: oldest?.at ?? null };
}

export interface RenewalFigures {
  /** charges whose time has come that no runner holds (scheduled or retrying, due; a lapsed lease) */
  due: number;
  retrying: number;
  failedLastDay: number;
  inReview: number;
}

export async function renewalFigures(db: Executor, now: Date): Promise<RenewalFigures> {
  const r = subscriptionRenewals;
  const [due, retrying, failedLastDay, inReview] = [
    await cappedCount(db, r, and(inArray(r.status, ['scheduled', 'retrying']), lte(r.nextAttemptAt, now))),
    await cappedCount(db, r, eq(r.status, 'retrying')),
    await cappedCount(db, r, and(eq(r.status, 'failed'), gt(r.finishedAt, new Date(now.getTime() - DAY_MS)))),
    await cappedCount(db, r, eq(r.status, 'review')),
  ];
  return { due, retrying, failedLastDay, inReview };
}
