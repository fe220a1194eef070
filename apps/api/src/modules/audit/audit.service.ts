import type { AuditEntry, AuditQuerySchema, AuditResponse } from '@mlp/contract';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { pageCount } from '../../lib/paging.ts';
import { describeAudit, describeChanges } from './audit-text.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  pageAudit,
  recordAudit as insertAuditEntry,
  type AuditRecord,
  type AuditRow,
} from './audit.repository.ts';

export type { AuditRecord } from './audit.repository.ts';

/**
 * Records an administrator's change; call it with the transaction of the change, so both are kept or
 * neither. Every module records here (decision 0051: the audit repository is the audit module's own).
 */
export function recordAudit(db: Executor, actor: Actor, record: AuditRecord): Promise<void> {
  return insertAuditEntry(db, actor, record);
}

function toAuditEntry(row: AuditRow): AuditEntry {
  const facts = { action: row.action, entityType: row.entityType, details: row.details };
  return {
    _id: row.id,
    adminId: row.adminId,
    adminEmail: row.adminEmail,
    action: row.action,
    entityType: row.entityType,
    entityId: row.entityId,
    summary: describeAudit(facts),
    changes: describeChanges(facts),
    createdAt: row.createdAt.toISOString(),
  };
}

/** One page of the activity log (1-based), newest first, with the filters applied. */
export async function listAuditEntries(
  db: Executor,
  query: z.output<typeof AuditQuerySchema>,
): Promise<AuditResponse> {
  const { rows, total } = await pageAudit(
    db,
    {
      action: query.action,
      entityType: query.entityType,
      adminId: query.adminId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    },
    { limit: query.limit, offset: (query.page - 1) * query.limit },
  );
  return {
    entries: rows.map(toAuditEntry),
    page: query.page,
    pages: pageCount(total, query.limit),
    total,
  };
}
