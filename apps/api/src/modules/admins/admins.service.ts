import type {
  AdminAccount,
  AdminLoginBody,
  AdminPasswordBody,
  AdminRegisterBody,
  CreateAdminBody,
} from '@mlp/contract';
import { CreateAdminBodySchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  assertNewPasswordDiffers,
  assertPasswordAcceptable,
  getDummyHash,
  hashPassword,
  verifyPassword,
} from '../../lib/passwords.ts';
import { throttleLogin } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import {
  countAdmins,
  deleteAdmin,
  findAdminByEmail,
  findAdminById,
  insertAdmin,
  insertAdminSession,
  listAdmins,
  lockAdmins,
  recordAdminLogin,
  revokeAdminSession,
  revokeOtherAdminSessions,
  setAdminPassword,
  type AdminRow,
  type AdminSessionRecord,
} from './admins.repository.ts';

const LOGIN_LIMITS = {
  perIp: { max: 30, windowMs: 15 * 60_000 },
  passwordChange: { max: 10, windowMs: 15 * 60_000 },
};
const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';

function toAccount(row: AdminRow, currentAdminId: string | undefined): AdminAccount {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastLogin: row.lastLoginAt?.toISOString() ?? null,
    isCurrent: row.id === currentAdminId,
  };
}

async function openSession(ctx: AppContext, adminId: string): Promise<string> {
  const token = newToken();
  await insertAdminSession(ctx.db, adminId, hashToken(token));
  await recordAdminLogin(ctx.db, adminId);
  return token;
}

export async function exists(ctx: AppContext): Promise<boolean> {
  return (await countAdmins(ctx.db)) > 0;
}

/** Creates the first administrator only while none exists; of racing requests exactly one wins. */
export async function registerFirst(ctx: AppContext, body: AdminRegisterBody, ip: string): Promise<string> {
  await ctx.limiter.hit(`admin-register:ip:${ip}`, LOGIN_LIMITS.perIp, TOO_MANY);
  assertPasswordAcceptable(body.password);
  const passwordHash = await hashPassword(body.password);
  const admin = await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    if ((await countAdmins(tx)) > 0) {
      throw new ConflictError('An administrator already exists. Please log in instead.');
    }
    const created = await insertAdmin(tx, { email: body.email, name: body.name, passwordHash });
    if (!created) throw new ConflictError('An administrator already exists. Please log in instead.');
    await recordAudit(
      tx,
      { adminId: created.id, email: created.email },
      {
        action: 'created',
        entityType: 'administrator',
        entityId: created.id,
        details: { label: created.email, firstAdministrator: true },
      },
    );
    return created;
  });
  return openSession(ctx, admin.id);
}

export async function login(ctx: AppContext, body: AdminLoginBody, ip: string): Promise<string> {
  await ctx.limiter.hit(`admin-login:ip:${ip}`, LOGIN_LIMITS.perIp, TOO_MANY);
  // Throttled per account and address, not locked per account (decision 0020), like learners' login.
  const throttle = await throttleLogin(ctx.limiter, 'admin-login', body.email, ip, TOO_MANY);
  const admin = await findAdminByEmail(ctx.db, body.email);
  const ok = await verifyPassword(admin?.passwordHash ?? (await getDummyHash()), body.password);
  if (!admin || !ok) throw new UnauthorizedError('Invalid email or password');
  await throttle.succeeded();
  return openSession(ctx, admin.id);
}

export async function logout(ctx: AppContext, session: AdminSessionRecord): Promise<void> {
  await revokeAdminSession(ctx.db, session.sessionId);
}

export async function me(ctx: AppContext, session: AdminSessionRecord): Promise<AdminAccount> {
  const admin = await findAdminById(ctx.db, session.adminId);
  if (!admin) throw new UnauthorizedError('Administrator login required');
  return toAccount(admin, session.adminId);
}

export async function list(ctx: AppContext, session: AdminSessionRecord): Promise<AdminAccount[]> {
  return (await listAdmins(ctx.db)).map((row) => toAccount(row, session.adminId));
}

export async function create(
  ctx: AppContext,
  session: AdminSessionRecord,
  input: CreateAdminBody,
): Promise<AdminAccount> {
  const body = CreateAdminBodySchema.parse(input);
  assertPasswordAcceptable(body.password);
  const name = body.name || body.email.split('@')[0] || body.email;
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const created = await insertAdmin(tx, { email: body.email, name, passwordHash });
    if (!created) throw new ConflictError('An administrator with this email already exists');
    await recordAudit(
      tx,
      { adminId: session.adminId, email: session.email },
      {
        action: 'created',
        entityType: 'administrator',
        entityId: created.id,
        details: { label: created.email },
      },
    );
    return toAccount(created, session.adminId);
  });
}

export async function remove(ctx: AppContext, session: AdminSessionRecord, adminId: string): Promise<void> {
  if (!isUuid(adminId)) throw new NotFoundError('Administrator not found');
  if (adminId === session.adminId) throw new ForbiddenError('You cannot delete your own account');
  await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const target = await findAdminById(tx, adminId);
    if (!target) throw new NotFoundError('Administrator not found');
    if ((await countAdmins(tx)) <= 1) throw new ConflictError('The last administrator cannot be deleted');
    await deleteAdmin(tx, adminId);
    await recordAudit(
      tx,
      { adminId: session.adminId, email: session.email },
      {
        action: 'deleted',
        entityType: 'administrator',
        entityId: adminId,
        details: { label: target.email },
      },
    );
  });
}

export async function changePassword(
  ctx: AppContext,
  session: AdminSessionRecord,
  body: AdminPasswordBody,
): Promise<string> {
  await ctx.limiter.hit(`admin-password:${session.adminId}`, LOGIN_LIMITS.passwordChange, TOO_MANY);
  const admin = await findAdminById(ctx.db, session.adminId);
  if (!admin) throw new UnauthorizedError('Administrator login required');
  if (!(await verifyPassword(admin.passwordHash, body.currentPassword))) {
    throw new BadRequestError('Current password is incorrect');
  }
  assertPasswordAcceptable(body.newPassword);
  assertNewPasswordDiffers(body.currentPassword, body.newPassword);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction(async (tx) => {
    await setAdminPassword(tx, admin.id, passwordHash);
    await revokeOtherAdminSessions(tx, admin.id, session.sessionId);
    await recordAudit(
      tx,
      { adminId: admin.id, email: admin.email },
      {
        action: 'changed_password',
        entityType: 'administrator',
        entityId: admin.id,
        details: { label: admin.email },
      },
    );
  });
  return 'Password changed successfully';
}
