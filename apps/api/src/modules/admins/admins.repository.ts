import type { AdminRole } from '@mlp/contract';
import { and, asc, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminSessions, admins } from '../../db/schema/index.ts';

export type AdminRow = typeof admins.$inferSelect;
const ADMIN_SESSION_IDLE_HOURS = 12;

export async function countAdmins(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(admins);
  return row?.value ?? 0;
}

export async function countOwners(db: Executor): Promise<number> {
  const [row] = await db.select({ value: count() }).from(admins).where(eq(admins.role, 'owner'));
  return row?.value ?? 0;
}

/** Serialises first-admin creation, role changes and deletions (at least one Owner stays) (works on PostgreSQL and PGlite). */
export async function lockAdmins(db: Executor): Promise<void> {
  await db.execute(sql`lock table ${admins} in exclusive mode`);
}

export async function findAdminByEmail(db: Executor, email: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.email, email)).limit(1);
  return row;
}

export async function findAdminById(db: Executor, id: string): Promise<AdminRow | undefined> {
  const [row] = await db.select().from(admins).where(eq(admins.id, id)).limit(1);
  return row;
}

export async function insertAdmin(
  db: Executor,
  values: { email: string; name: string; passwordHash: string; role: AdminRole },
): Promise<AdminRow | undefined> {
  const [row] = await db
    .insert(admins)
    .values(values)
    .onConflictDoNothing({ target: admins.email })
    .returning();
  return row;
}

export async function listAdmins(db: Executor): Promise<AdminRow[]> {
  return db.select().from(admins).orderBy(asc(admins.createdAt));
}

export async function deleteAdmin(db: Executor, id: string): Promise<void> {
  await db.delete(admins).where(eq(admins.id, id));
}

export async function setAdminRole(db: Executor, id: string, role: AdminRole): Promise<void> {
  await db.update(admins).set({ role }).where(eq(admins.id, id));
}

export async function setAdminPassword(db: Executor, id: string, passwordHash: string): Promise<void> {
  await db.update(admins).set({ passwordHash }).where(eq(admins.id, id));
}

export async function recordAdminLogin(db: Executor, id: string): Promise<void> {
  await db
    .update(admins)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(admins.id, id));
}

export async function insertAdminSession(db: Executor, adminId: string, tokenHash: string): Promise<void> {
  await db.insert(adminSessions).values({
    adminId,
    tokenHash,
    expiresAt: sql`now() + ${`${ADMIN_SESSION_IDLE_HOURS} hours`}::interval`,
  });
}

export interface AdminSessionRecord {
  sessionId: string;
  adminId: string;
  email: string;
  role: AdminRole;
  lastUsedAt: Date;
}

export async function findLiveAdminSession(
  db: Executor,
  tokenHash: string,
): Promise<AdminSessionRecord | undefined> {
  const [row] = await db
    .select({
      sessionId: adminSessions.id,
      adminId: admins.id,
      email: admins.email,
      role: admins.role,
      lastUsedAt: adminSessions.lastUsedAt,
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.tokenHash, tokenHash),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1);
  return row;
}

export async function touchAdminSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ lastUsedAt: sql`now()`, expiresAt: sql`now() + ${`${ADMIN_SESSION_IDLE_HOURS} hours`}::interval` })
    .where(eq(adminSessions.id, sessionId));
}

export async function revokeAdminSession(db: Executor, sessionId: string): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(eq(adminSessions.id, sessionId));
}

export async function revokeOtherAdminSessions(
  db: Executor,
  adminId: string,
  keepSessionId: string,
): Promise<void> {
  await db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(adminSessions.adminId, adminId),
        isNull(adminSessions.revokedAt),
        ne(adminSessions.id, keepSessionId),
      ),
    );
}
