import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { auditLog } from '../../db/schema/index.ts';
import type { RecordedChange } from './audit-changes.ts';

export interface AuditRecord {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId?: string | null;
  /**
   * What the entry is about: `label` names the thing ('Cardiology basics'), `changes` lists what an
   * edit changed (never a secret's value), and other keys add facts for the activity log's text.
   */
  details?: { label?: string; changes?: RecordedChange[] } & Record<string, unknown>;
}

export type AuditRow = typeof auditLog.$inferSelect;

/** Records an administrator's change; call it in the same transaction as the change. */
export async function recordAudit(db: Executor, actor: Actor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.id,
    adminEmail: actor.email,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId ?? null,
    details: record.details ?? null,
  });
}

export interface AuditFilters {
  action?: AuditAction;
  entityType?: AuditEntityType;
  adminId?: string;
  /** inclusive */
  from?: Date;
  /** exclusive */
  to?: Date;
}

/**
 * One page of the log, newest first, and how many entries match. The order (created_at, then the
 * time-ordered id) is served by the created_at index, which also bounds a date range; the other filters
 * are checked on the rows it walks (the log grows by administrators' actions only).
 */
export async function pageAudit(
  db: Executor,
  filters: AuditFilters,
  paging: { limit: number; offset: number },
): Promise<{ rows: AuditRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.entityType) conditions.push(eq(auditLog.entityType, filters.entityType));
  if (filters.adminId) conditions.push(eq(auditLog.adminId, filters.adminId));
  if (filters.from) conditions.push(gte(auditLog.createdAt, filters.from));
  if (filters.to) conditions.push(lt(auditLog.createdAt, filters.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(paging.limit)
      .offset(paging.offset),
    db.select({ value: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}
