import { desc } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditLog } from '../../db/schema/index.ts';

export interface AuditActor {
  adminId: string;
  email: string;
}

export interface AuditRecord {
  action: string;
  entityType: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
}

/** Records an administrator's change; call it in the same transaction as the change. */
export async function recordAudit(db: Executor, actor: AuditActor, record: AuditRecord): Promise<void> {
  await db.insert(auditLog).values({
    adminId: actor.adminId,
    adminEmail: actor.email,
    action: record.action,
    entityType: record.entityType,
    entityId: record.entityId ?? null,
    details: record.details ?? null,
  });
}

export async function latestAudit(db: Executor, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt), desc(auditLog.id)).limit(limit);
}
