import { and, count, eq, gt, inArray, lte, min, sql, type SQL } from 'drizzle-orm';
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

async function countOutbox(db: Executor, where: SQL | undefined): Promise<number> {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(mailOutbox)
    .where(where)
    .limit(COUNT_CAP)
    .as('limited');
  const [row] = await db.select({ n: count() }).from(limited);
  return row?.n ?? 0;
}

async function countRenewals(db: Executor, where: SQL | undefined): Promise<number> {
  const limited = db
    .select({ one: sql`1`.as('one') })
    .from(subscriptionRenewals)
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
  return { backlog: await countOutbox(db, pending), oldestQueuedAt: oldest?.at ?? null };
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
    await countRenewals(db, and(inArray(r.status, ['scheduled', 'retrying']), lte(r.nextAttemptAt, now))),
    await countRenewals(db, eq(r.status, 'retrying')),
    await countRenewals(db, and(eq(r.status, 'failed'), gt(r.finishedAt, new Date(now.getTime() - DAY_MS)))),
    await countRenewals(db, eq(r.status, 'review')),
  ];
  return { due, retrying, failedLastDay, inReview };
}
