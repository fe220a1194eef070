import type {
  ChangePasswordBody,
  EmailServiceStatus,
  LoginBody,
  Me,
  RegisterBody,
  RegisterResponse,
} from '@mlp/contract';
import { MAX_DEVICES_PER_ACCOUNT } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import type { OutgoingMail } from '../../lib/mail/mailer.ts';
import {
  alreadyRegisteredMail,
  confirmEmailChangeMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
  type MailArgs,
} from '../../lib/mail/templates.ts';
import {
  assertPasswordAcceptable,
  hashChangedPassword,
  hashPassword,
  verifyLoginPassword,
} from '../../lib/passwords.ts';
import { clearLoginThrottle, throttleLogin, type RateLimitRule } from '../../lib/rate-limiter.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  countSignedInDevices,
  deleteUserDevices,
  findDeviceByKey,
  insertDevice,
  touchDevice,
} from '../devices/devices.service.ts';
import { insertSession, revokeSession, type SessionRecord } from './sessions.repository.ts';
import * as sessionsRepository from './sessions.repository.ts';
import {
  consumeToken,
  findUserByEmail,
  insertUser,
  isTokenLive,
  markEmailVerified,
  replaceToken,
  setPasswordHash,
  type TokenPurpose,
  type UserRow,
} from './users.repository.ts';
import * as usersRepository from './users.repository.ts';

export type { UserRow } from './users.repository.ts';
export type { SessionRecord } from './sessions.repository.ts';
import { USER_MESSAGES } from './users.messages.ts';

const VERIFY_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

// Spec §8 texts where the spec has them; our own wording elsewhere.

const LIMITS = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  passwordChange: { max: 10, windowMs: 15 * 60_000 },
  mailPerIp: { max: 20, windowMs: 60 * 60_000 },
  mailPerEmail: { max: 5, windowMs: 60 * 60_000 },
  resetPerIp: { max: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Register, resend and forgot-password answer alike whether or not the address has an account; padding
 * them to one minimum duration keeps their timing alike too (no account enumeration).
 */
const UNIFORM_RESPONSE_MS = 300;
async function uniformDuration<T>(work: () => Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await work();
  } finally {
    const left = UNIFORM_RESPONSE_MS - (Date.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}

function link(ctx: AppContext, path: string, params: Record<string, string>): string {
  return `${ctx.config.appUrl}${path}?${new URLSearchParams(params).toString()}`;
}

type Recipient = Pick<UserRow, 'id' | 'email' | 'name'>;

/** Queues a mail to the user in the transaction that causes it: it goes out only once that commits. */
async function queueMail(
  tx: Executor,
  user: Recipient,
  mail: (args: MailArgs) => OutgoingMail,
  siteName: string,
  url: string,
): Promise<void> {
  await enqueueMail(tx, mail({ to: user.email, name: user.name, siteName, url }), user.id);
}

/** A new link token for `purpose`; the user's earlier unused ones stop working. */
async function issueToken(
  tx: Executor,
  userId: string,
  purpose: TokenPurpose,
  ttlMs: number,
): Promise<string> {
  const token = newToken();
  await replaceToken(tx, { userId, purpose, tokenHash: hashToken(token), ttlMs });
  return token;
}

/** Mails the user a new verification link; an earlier one stops working. */
/** A new verification link by mail (registration, resend, and an administrator's resend). */
export async function queueVerificationMail(
  ctx: AppContext,
  tx: Executor,
  user: Recipient,
  siteName: string,
) {
  const token = await issueToken(tx, user.id, 'verify_email', VERIFY_TOKEN_TTL_MS);
  const url = link(ctx, '/verify-email', { token, userId: user.id });
  await queueMail(tx, user, verificationMail, siteName, url);
}

/** Mails the user a new password-reset link (forgotten password, and an administrator's send). */
export async function queuePasswordResetMail(
  ctx: AppContext,
  tx: Executor,
  user: Recipient,
  siteName: string,
): Promise<void> {
  const token = await issueToken(tx, user.id, 'reset_password', RESET_TOKEN_TTL_MS);
  const url = link(ctx, '/reset-password', { token, userId: user.id });
  await queueMail(tx, user, passwordResetMail, siteName, url);
}

/** Tells the user their password changed, with a link to reset it if they did not change it. */
async function queuePasswordChangedMail(ctx: AppContext, tx: Executor, user: Recipient, siteName: string) {
  const url = link(ctx, '/forgot-password', { email: user.email });
  await queueMail(tx, user, passwordChangedMail, siteName, url);
}

/**
 * Outside production, with no e-mail configured (SMTP_URL unset), new accounts are verified at once
 * (spec: Login banner). An SMTP server that is set but unreachable does not count (decision 0020): that is
 * a broken mail set-up to fix, not a reason to skip verification.
 */
function bypassVerification(ctx: AppContext): boolean {
  return !ctx.config.isProduction && !ctx.config.smtpUrl;
}

export async function emailServiceStatus(ctx: AppContext): Promise<EmailServiceStatus> {
  return {
    environment: ctx.config.env,
    emailServiceWorking: await ctx.mailer.isWorking(),
    verificationBypassed: bypassVerification(ctx),
  };
}

export async function register(ctx: AppContext, body: RegisterBody, ip: string): Promise<RegisterResponse> {
  // Closed registration answers before the limiter counts (decision 0020): a refused request is no attempt.
  const settings = await ctx.settings.get();
  if (!settings.registrationEnabled) throw new ForbiddenError(USER_MESSAGES.registrationClosed);
  await ctx.limiter.hit(`register:ip:${ip}`, LIMITS.mailPerIp, USER_MESSAGES.tooMany);
  await ctx.limiter.hit(`register:email:${body.email}`, LIMITS.mailPerEmail, USER_MESSAGES.tooMany);
  assertPasswordAcceptable(body.password);
  // The same answer for a new and an existing address: it depends on the configuration only.
  const autoVerify = bypassVerification(ctx);
  await uniformDuration(async () => {
    const passwordHash = await hashPassword(body.password);
    await ctx.db.transaction(async (tx) => {
      const created = await insertUser(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        emailVerifiedAt: autoVerify ? new Date() : null,
      });
      if (!created) {
        // The address has an account: create nothing, tell its owner instead of the requester.
        const existing = await findUserByEmail(tx, body.email);
        if (existing) {
          const url = link(ctx, '/forgot-password', { email: existing.email });
          await queueMail(tx, existing, alreadyRegisteredMail, settings.siteName, url);
        }
        return;
      }
      if (autoVerify) return;
      await queueVerificationMail(ctx, tx, created, settings.siteName);
    });
    ctx.outbox.nudge();
  });
  return { message: USER_MESSAGES.registered, emailVerified: autoVerify };
}

export async function verifyEmail(ctx: AppContext, userId: string, token: string): Promise<string> {
  if (!isUuid(userId)) throw new BadRequestError(USER_MESSAGES.verifyLinkInvalid);
  const email = await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, userId, 'verify_email', hashToken(token)))) return undefined;
    await markEmailVerified(tx, userId);
    return (await findUserById(tx, userId))?.email;
  });
  if (!email) throw new BadRequestError(USER_MESSAGES.verifyLinkInvalid);
  // The mailbox owner proved control: lift any login throttle on the account (decision 0020).
  await clearLoginThrottle(ctx.limiter, 'login', email);
  return USER_MESSAGES.verified;
}

export async function resendVerification(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limiter.hit(`mail:ip:${ip}`, LIMITS.mailPerIp, USER_MESSAGES.tooMany);
  await ctx.limiter.hit(`verify:email:${email}`, LIMITS.mailPerEmail, USER_MESSAGES.tooMany);
  await uniformDuration(async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user || user.emailVerifiedAt) return;
    if (bypassVerification(ctx)) {
      await markEmailVerified(ctx.db, user.id);
      return;
    }
    const settings = await ctx.settings.get();
    await ctx.db.transaction((tx) => queueVerificationMail(ctx, tx, user, settings.siteName));
    ctx.outbox.nudge();
  });
  return USER_MESSAGES.verificationSent;
}

export async function forgotPassword(ctx: AppContext, email: string, ip: string): Promise<string> {
  await ctx.limiter.hit(`mail:ip:${ip}`, LIMITS.mailPerIp, USER_MESSAGES.tooMany);
  await ctx.limiter.hit(`reset:email:${email}`, LIMITS.mailPerEmail, USER_MESSAGES.tooMany);
  await uniformDuration(async () => {
    const user = await findUserByEmail(ctx.db, email);
    if (!user) return;
    const settings = await ctx.settings.get();
    await ctx.db.transaction((tx) => queuePasswordResetMail(ctx, tx, user, settings.siteName));
    ctx.outbox.nudge();
  });
  return USER_MESSAGES.resetSent;
}

export async function validateResetToken(
  ctx: AppContext,
  userId: string,
  token: string,
  ip: string,
): Promise<void> {
  await ctx.limiter.hit(`reset:ip:${ip}`, LIMITS.resetPerIp, USER_MESSAGES.tooMany);
  if (!isUuid(userId) || !(await isTokenLive(ctx.db, userId, 'reset_password', hashToken(token)))) {
    throw new BadRequestError(USER_MESSAGES.resetLinkInvalid);
  }
}

export async function resetPassword(
  ctx: AppContext,
  userId: string,
  token: string,
  password: string,
  ip: string,
): Promise<string> {
  await ctx.limiter.hit(`reset:ip:${ip}`, LIMITS.resetPerIp, USER_MESSAGES.tooMany);
  if (!isUuid(userId)) throw new BadRequestError(USER_MESSAGES.resetLinkInvalid);
  assertPasswordAcceptable(password);
  const passwordHash = await hashPassword(password);
  const settings = await ctx.settings.get();
  const email = await ctx.db.transaction(async (tx) => {
    if (!(await consumeToken(tx, userId, 'reset_password', hashToken(token)))) {
      throw new BadRequestError(USER_MESSAGES.resetLinkInvalid);
    }
    const user = await findUserById(tx, userId);
    if (!user) throw new BadRequestError(USER_MESSAGES.resetLinkInvalid);
    await setPasswordHash(tx, userId, passwordHash);
    // The mailbox owner proved control: their address is verified, and every session and device ends
    // (this is also how someone locked out by the device limit frees their slots).
    await markEmailVerified(tx, userId);
    await revokeUserSessions(tx, userId);
    await deleteUserDevices(tx, userId);
    await queuePasswordChangedMail(ctx, tx, user, settings.siteName);
    return user.email;
  });
  ctx.outbox.nudge();
  // A reset proves control of the mailbox: lift any login throttle on the account (decision 0020).
  await clearLoginThrottle(ctx.limiter, 'login', email);
  return USER_MESSAGES.resetDone;
}

export async function login(ctx: AppContext, body: LoginBody, ip: string): Promise<string> {
  await ctx.limiter.hit(`login:ip:${ip}`, LIMITS.loginPerIp, USER_MESSAGES.tooMany);
  // Per account and address, not per account alone: a stranger's wrong guesses must not lock the owner
  // out (decision 0020). The attempt counts before the check, so parallel guesses cannot slip past.
  const throttle = await throttleLogin(ctx.limiter, 'login', body.email, ip, USER_MESSAGES.tooMany);
  const user = await findUserByEmail(ctx.db, body.email);
  // Unknown address: spend the same time on a hash check, then answer like a wrong password.
  const passwordOk = await verifyLoginPassword(user?.passwordHash, body.password);
  if (!user || !passwordOk) throw new UnauthorizedError(USER_MESSAGES.badCredentials);
  await throttle.succeeded();
  if (user.suspendedAt) throw new ForbiddenError(USER_MESSAGES.suspended);
  if (!user.emailVerifiedAt) throw new ForbiddenError(USER_MESSAGES.unverified);

  const token = newToken();
  await ctx.db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    let device = await findDeviceByKey(tx, user.id, body.deviceId);
    if (device) {
      // A known device keeps its name: the learner may have renamed it (Settings → Device Management).
      // Signing a signed-out device back in takes a slot again, so it is counted like a new one.
      if ((await countSignedInDevices(tx, user.id, device.id)) >= MAX_DEVICES_PER_ACCOUNT)
        throw new ConflictError(USER_MESSAGES.tooManyDevices);
      await touchDevice(tx, device.id);
    } else {
      // Only signed-in devices hold one of the slots (decision 0020): signed-out ones stay listed for free.
      if ((await countSignedInDevices(tx, user.id)) >= MAX_DEVICES_PER_ACCOUNT)
        throw new ConflictError(USER_MESSAGES.tooManyDevices);
      device = await insertDevice(tx, {
        userId: user.id,
        deviceKey: body.deviceId,
        deviceName: body.deviceName,
      });
    }
    await insertSession(tx, { userId: user.id, deviceId: device.id, tokenHash: hashToken(token) });
  });
  return token;
}

export async function logout(ctx: AppContext, actor: Actor): Promise<void> {
  await revokeSession(ctx.db, actor.sessionId);
}

export async function me(ctx: AppContext, actor: Actor): Promise<Me> {
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new NotFoundError(USER_MESSAGES.accountNotFound);
  return { _id: user.id, name: user.name, email: user.email };
}

export async function changePassword(
  ctx: AppContext,
  actor: Actor,
  body: ChangePasswordBody,
): Promise<string> {
  await ctx.limiter.hit(`password:user:${actor.id}`, LIMITS.passwordChange, USER_MESSAGES.tooMany);
  const user = await findUserById(ctx.db, actor.id);
  if (!user) throw new NotFoundError(USER_MESSAGES.accountNotFound);
  const passwordHash = await hashChangedPassword(user.passwordHash, body, USER_MESSAGES.wrongCurrentPassword);
  const settings = await ctx.settings.get();
  await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, passwordHash);
    await revokeUserSessions(tx, user.id, actor.sessionId);
    await queuePasswordChangedMail(ctx, tx, user, settings.siteName);
  });
  ctx.outbox.nudge();
  return USER_MESSAGES.passwordUpdated;
}

/*
 * What other modules read and lock of a user (decision 0051: the users repositories are this module's
 * own). Each takes the executor first, so a caller's transaction passes through.
 */

export function findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
  return usersRepository.findUserById(db, id);
}

/** Locks the user's row for the rest of the transaction (serialises device slots, purchases, renewals). */
export function lockUser(db: Executor, id: string): Promise<void> {
  return usersRepository.lockUser(db, id);
}

/** Signs the user out everywhere, optionally but for one session. */
export function revokeUserSessions(db: Executor, userId: string, exceptSessionId?: string): Promise<void> {
  return sessionsRepository.revokeUserSessions(db, userId, exceptSessionId);
}

/** The live session of a token's hash (the learner auth plugin's read on every request). */
export function findLiveSession(db: Executor, tokenHash: string): Promise<SessionRecord | undefined> {
  return sessionsRepository.findLiveSession(db, tokenHash);
}

/** Whether a token's session was revoked rather than merely expired (read on a 401 only). */
export function isRevokedSession(db: Executor, tokenHash: string): Promise<boolean> {
  return sessionsRepository.isRevokedSession(db, tokenHash);
}

/** Slides a session's idle expiry forward and records its device's last use. */
export function touchSession(
  db: Executor,
  session: Pick<SessionRecord, 'sessionId' | 'deviceId'>,
): Promise<void> {
  return sessionsRepository.touchSession(db, session);
}

/** Corrects the learner's name (an administrator's support action, decision 0072). */
export function setUserName(db: Executor, userId: string, name: string): Promise<void> {
  return usersRepository.setUserName(db, userId, name);
}

/** Marks the learner's address verified (kept as it was when it already is). */
export function markUserVerified(db: Executor, userId: string): Promise<void> {
  return markEmailVerified(db, userId);
}

/** The link to the learner's app at `path` (for mails other modules send). */
export function appLink(ctx: AppContext, path: string, params: Record<string, string> = {}): string {
  return link(ctx, path, params);
}

/**
 * Starts a change of the learner's address (decision 0072, an administrator's support action): a link to
 * the new address, which replaces the old one only once opened, and a note to the old address. A later
 * request replaces an earlier one's link. The caller holds the learner's row lock and checked that no
 * other account uses the address.
 */
export async function queueEmailChange(
  ctx: AppContext,
  tx: Executor,
  user: Recipient,
  newEmail: string,
  siteName: string,
): Promise<void> {
  const token = newToken();
  await replaceToken(tx, {
    userId: user.id,
    purpose: 'change_email',
    tokenHash: hashToken(token),
    ttlMs: VERIFY_TOKEN_TTL_MS,
    newEmail,
  });
  const url = link(ctx, '/confirm-email', { token, userId: user.id });
  await enqueueMail(tx, confirmEmailChangeMail({ to: newEmail, name: user.name, siteName, url }), user.id);
  await enqueueMail(
    tx,
    emailChangeRequestedMail({
      to: user.email,
      name: user.name,
      siteName,
      url: link(ctx, '/forgot-password', { email: user.email }),
      newEmail,
    }),
    user.id,
  );
}

/** Whether another account than `userId` uses the address. */
export async function emailUsedByAnother(db: Executor, email: string, userId: string): Promise<boolean> {
  const other = await usersRepository.findUserByEmail(db, email);
  return other !== undefined && other.id !== userId;
}

/**
 * The learner opens the link sent to their new address: the address replaces the old one (verified, as
 * the link proves it), once; a link that is used, expired or unknown says so, and an address another
 * account took meanwhile is refused. Their sessions stay (they are the same person).
 */
export async function confirmEmailChange(ctx: AppContext, userId: string, token: string): Promise<string> {
  if (!isUuid(userId)) throw new BadRequestError(USER_MESSAGES.emailChangeLinkInvalid);
  const changed = await ctx.db.transaction(async (tx) => {
    await usersRepository.lockUser(tx, userId);
    const newEmail = await usersRepository.consumeEmailChangeToken(tx, userId, hashToken(token));
    if (!newEmail) return undefined;
    if (await emailUsedByAnother(tx, newEmail, userId)) throw new ConflictError(USER_MESSAGES.emailTaken);
    await usersRepository.setUserEmail(tx, userId, newEmail);
    return newEmail;
  });
  if (!changed) throw new BadRequestError(USER_MESSAGES.emailChangeLinkInvalid);
  await clearLoginThrottle(ctx.limiter, 'login', changed);
  return USER_MESSAGES.emailChanged;
}
