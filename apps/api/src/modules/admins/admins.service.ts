import { createHmac, timingSafeEqual } from 'node:crypto';
import type {
  AdminAccount,
  AdminRole,
  AdminLoginBody,
  AdminPasswordBody,
  AdminRegisterBody,
  CreateAdminBody,
} from '@mlp/contract';
import { CreateAdminBodySchema } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import {
  assertPasswordAcceptable,
  hashChangedPassword,
  hashPassword,
  verifyLoginPassword,
} from '../../lib/passwords.ts';
import { throttleLogin } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { recordAudit } from '../audit/audit.service.ts';
import {
  countAdmins,
  countOwners,
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
  setAdminRole,
  type AdminRow,
  type AdminSessionRecord,
} from './admins.repository.ts';
import * as adminsRepository from './admins.repository.ts';

export type { AdminSessionRecord } from './admins.repository.ts';
import { ADMIN_MESSAGES } from './admins.messages.ts';

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

/**
 * The one-time set-up code a production install asks of its first administrator (decision 0067), as
 * Grafana and Jenkins do: ADMIN_SETUP_CODE when set, else derived from APP_SECRET, so every process of a
 * cluster prints and accepts the same code and nothing needs storing. Undefined outside production, where
 * 'Create First Admin' stays open (spec §6). It is worthless once an administrator exists.
 */
export function setupCode(ctx: AppContext): string | undefined {
  if (!ctx.config.isProduction) return undefined;
  if (ctx.config.adminSetupCode) return ctx.config.adminSetupCode;
  const digest = createHmac('sha256', ctx.config.appSecret).update('first-administrator-set-up').digest();
  // 16 characters of an alphabet without look-alikes (0/O, 1/l/I), in groups of four: about 80 bits.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const characters = Array.from(digest.subarray(0, 16), (byte) => alphabet[byte % alphabet.length]).join('');
  return characters.match(/.{4}/g)!.join('-');
}

/**
 * Prints the set-up code in the server's log while a production install has no administrator, with where
 * to use it: whoever can read the server's log may create the first administrator, nobody else.
 */
export async function announceSetupCode(
  ctx: AppContext,
  log: { warn: (message: string) => void },
): Promise<void> {
  const code = setupCode(ctx);
  if (code === undefined || (await exists(ctx))) return;
  log.warn(
    `No administrator exists yet. Create the first one at ${ctx.config.appUrl}/admin/login with the set-up code ${code}` +
      (ctx.config.adminSetupCode
        ? ' (ADMIN_SETUP_CODE)'
        : ' (derived from APP_SECRET; set ADMIN_SETUP_CODE to choose one)'),
  );
}

function sameCode(given: string | undefined, expected: string): boolean {
  const normalise = (code: string) => Buffer.from(code.replace(/[\s-]/g, '').toUpperCase());
  if (given === undefined) return false;
  const a = normalise(given);
  const b = normalise(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What the first-administrator screen needs to know. */
export async function check(ctx: AppContext): Promise<{ exists: boolean; setupCodeRequired: boolean }> {
  const adminExists = await exists(ctx);
  return { exists: adminExists, setupCodeRequired: !adminExists && setupCode(ctx) !== undefined };
}

/**
 * Creates the first administrator, an Owner, only while none exists; of racing requests exactly one
 * wins. On a production install the set-up code must come with it.
 */
export async function registerFirst(ctx: AppContext, body: AdminRegisterBody, ip: string): Promise<string> {
  await ctx.limiter.hit(`admin-register:ip:${ip}`, LOGIN_LIMITS.perIp, TOO_MANY);
  const expectedCode = setupCode(ctx);
  if (expectedCode !== undefined && !sameCode(body.setupCode, expectedCode)) {
    if (await exists(ctx)) throw new ConflictError(ADMIN_MESSAGES.alreadyExists);
    throw new ForbiddenError(ADMIN_MESSAGES.setupCodeWrong);
  }
  assertPasswordAcceptable(body.password);
  const passwordHash = await hashPassword(body.password);
  const admin = await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    if ((await countAdmins(tx)) > 0) {
      throw new ConflictError(ADMIN_MESSAGES.alreadyExists);
    }
    const created = await insertAdmin(tx, {
      email: body.email,
      name: body.name,
      passwordHash,
      role: 'owner',
    });
    if (!created) throw new ConflictError(ADMIN_MESSAGES.alreadyExists);
    await recordAudit(
      tx,
      { role: 'admin', id: created.id, email: created.email, sessionId: '', adminRole: 'owner' },
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
  const ok = await verifyLoginPassword(admin?.passwordHash, body.password);
  if (!admin || !ok) throw new UnauthorizedError(ADMIN_MESSAGES.invalidLogin);
  await throttle.succeeded();
  return openSession(ctx, admin.id);
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeAdminSession(ctx.db, actor.sessionId);
}

export async function me(ctx: AppContext, actor: Actor): Promise<AdminAccount> {
  const admin = await findAdminById(ctx.db, actor.id);
  if (!admin) throw new UnauthorizedError(ADMIN_MESSAGES.loginRequired);
  return toAccount(admin, actor.id);
}

export async function list(ctx: AppContext, actor: Actor): Promise<AdminAccount[]> {
  return (await listAdmins(ctx.db)).map((row) => toAccount(row, actor.id));
}

export async function create(ctx: AppContext, actor: Actor, input: CreateAdminBody): Promise<AdminAccount> {
  const body = CreateAdminBodySchema.parse(input);
  assertPasswordAcceptable(body.password);
  const name = body.name || body.email.split('@')[0] || body.email;
  const passwordHash = await hashPassword(body.password);
  return ctx.db.transaction(async (tx) => {
    const created = await insertAdmin(tx, { email: body.email, name, passwordHash, role: body.role });
    if (!created) throw new ConflictError(ADMIN_MESSAGES.emailTaken);
    await recordAudit(tx, actor, {
      action: 'created',
      entityType: 'administrator',
      entityId: created.id,
      details: { label: created.email, role: created.role },
    });
    return toAccount(created, actor.id);
  });
}

export async function remove(ctx: AppContext, actor: Actor, adminId: string): Promise<void> {
  if (!isUuid(adminId)) throw new NotFoundError(ADMIN_MESSAGES.notFound);
  if (adminId === actor.id) throw new ForbiddenError(ADMIN_MESSAGES.notYourself);
  await ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const target = await findAdminById(tx, adminId);
    if (!target) throw new NotFoundError(ADMIN_MESSAGES.notFound);
    if ((await countAdmins(tx)) <= 1) throw new ConflictError(ADMIN_MESSAGES.lastAdministrator);
    if (target.role === 'owner' && (await countOwners(tx)) <= 1) {
      throw new ConflictError(ADMIN_MESSAGES.lastOwner);
    }
    await deleteAdmin(tx, adminId);
    await recordAudit(tx, actor, {
      action: 'deleted',
      entityType: 'administrator',
      entityId: adminId,
      details: { label: target.email },
    });
  });
}

/**
 * Changes an administrator's role (decision 0067). Only an Owner gets here (admin-roles.ts), so nobody
 * raises their own role: an Owner changing their own can only lower it, and at least one Owner stays
 * (checked under the admins lock, so two Owners demoting each other at once cannot both win). The new role
 * holds from the target's next request: sessions read the role on every request.
 */
export async function changeRole(
  ctx: AppContext,
  actor: Actor,
  adminId: string,
  role: AdminRole,
): Promise<AdminAccount> {
  if (!isUuid(adminId)) throw new NotFoundError(ADMIN_MESSAGES.notFound);
  return ctx.db.transaction(async (tx) => {
    await lockAdmins(tx);
    const target = await findAdminById(tx, adminId);
    if (!target) throw new NotFoundError(ADMIN_MESSAGES.notFound);
    if (target.role === role) return toAccount(target, actor.id);
    if (target.role === 'owner' && (await countOwners(tx)) <= 1) {
      throw new ConflictError(ADMIN_MESSAGES.lastOwner);
    }
    await setAdminRole(tx, adminId, role);
    await recordAudit(tx, actor, {
      action: 'changed_role',
      entityType: 'administrator',
      entityId: adminId,
      details: { label: target.email, from: target.role, to: role },
    });
    return toAccount({ ...target, role }, actor.id);
  });
}

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: AdminPasswordBody,
): Promise<string> {
  await ctx.limiter.hit(`admin-password:${actor.id}`, LOGIN_LIMITS.passwordChange, TOO_MANY);
  const admin = await findAdminById(ctx.db, actor.id);
  if (!admin) throw new UnauthorizedError(ADMIN_MESSAGES.loginRequired);
  const passwordHash = await hashChangedPassword(
    admin.passwordHash,
    body,
    ADMIN_MESSAGES.wrongCurrentPassword,
  );
  await ctx.db.transaction(async (tx) => {
    await setAdminPassword(tx, admin.id, passwordHash);
    await revokeOtherAdminSessions(tx, admin.id, actor.sessionId);
    await recordAudit(tx, actor, {
      action: 'changed_password',
      entityType: 'administrator',
      entityId: admin.id,
      details: { label: admin.email },
    });
  });
  return ADMIN_MESSAGES.passwordChanged;
}

/*
 * What the administrator auth plugin reads and writes of a session (decision 0051: the admins repository is
 * this module's own). Each takes the executor first.
 */

/** The live administrator session of a token's hash, with the administrator's role. */
export function findLiveAdminSession(
  db: Executor,
  tokenHash: string,
): Promise<AdminSessionRecord | undefined> {
  return adminsRepository.findLiveAdminSession(db, tokenHash);
}

/** Slides an administrator session's idle expiry forward. */
export function touchAdminSession(db: Executor, sessionId: string): Promise<void> {
  return adminsRepository.touchAdminSession(db, sessionId);
}
