import {
  MAX_GRANT_DAYS,
  type AdminUserDetail,
  type AdminUsersResponse,
  type GrantAccessBody,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { complimentaryAccessMail, formatMailDate } from '../../lib/mail/templates.ts';
import { endOfUtcDay } from '../../lib/local-days.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import { recordAudit, type AuditRecord } from '../audit/audit.service.ts';
import { ADMIN_USER_MESSAGES } from './admin-users.messages.ts';
import {
  deleteUserCascade,
  findUserForDeletion,
  latestResults,
  pageUsers,
  setSuspended,
} from './admin-users.repository.ts';
import {
  appLink,
  emailUsedByAnother,
  findUserById,
  lockUser,
  markUserVerified,
  queueEmailChange,
  queuePasswordResetMail,
  queueVerificationMail,
  revokeUserSessions,
  setUserName,
  type UserRow,
} from '../users/users.service.ts';
import { findExam } from '../exams/exams.service.ts';
import { recordComplimentaryAccess } from '../payments/payments.service.ts';
import { listDevices } from '../devices/devices.service.ts';
import { allSubscriptionsOf, grantUntil } from '../subscriptions/subscriptions.service.ts';

/** How many of a learner's subscriptions their page lists (newest period first). */
const DETAIL_SUBSCRIPTIONS = 100;
/** How many of their latest results it lists. */
const DETAIL_RESULTS = 20;

function toAdminUser(user: {
  id: string;
  email: string;
  name: string;
  createdAt: Date;
  emailVerifiedAt: Date | null;
  suspendedAt: Date | null;
}) {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    createdAt: user.createdAt.toISOString(),
    verified: user.emailVerifiedAt !== null,
    suspended: user.suspendedAt !== null,
  };
}

/** Spec §2 Admin users: learners, newest first, searched by e-mail or name. */
export async function listUsers(
  ctx: AppContext,
  query: { page: number; keyword: string; limit: number },
): Promise<AdminUsersResponse> {
  const { page, keyword, limit } = query;
  const { rows, total } = await pageUsers(ctx.db, { keyword, limit, offset: (page - 1) * limit });
  return {
    users: rows.map(toAdminUser),
    page,
    pages: pageCount(total, limit),
    total,
  };
}

/** A learner's page for administrators: the account and their subscriptions (decision 0033). */
export async function userDetail(ctx: AppContext, id: string): Promise<AdminUserDetail> {
  if (!isUuid(id)) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  const user = await findUserById(ctx.db, id);
  if (!user || user.erasedAt) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  const [subscriptions, results, devices] = await Promise.all([
    allSubscriptionsOf(ctx.db, id, DETAIL_SUBSCRIPTIONS),
    latestResults(ctx.db, id, DETAIL_RESULTS),
    listDevices(ctx.db, id),
  ]);
  return {
    user: toAdminUser(user),
    subscriptions,
    results: results.map((result) => ({
      _id: result.id,
      examTitle: result.examTitle,
      kind: result.kind,
      score: result.score,
      completedAt: result.completedAt.toISOString(),
    })),
    devices: devices.map((device) => ({
      _id: device.id,
      deviceName: device.deviceName,
      lastUsedAt: device.lastUsedAt.toISOString(),
      signedIn: Boolean(device.loggedIn),
    })),
  };
}

/** Deletes a learner and everything of theirs (decision 0010), recorded in the activity log. */
export async function deleteUser(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  await ctx.db.transaction(async (tx) => {
    const user = await findUserForDeletion(tx, id);
    if (!user) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
    await deleteUserCascade(tx, id);
    // The audit entry names the account by id only: the person's data is gone.
    await recordAudit(tx, actor, { action: 'deleted', entityType: 'user', entityId: id });
  });
}

/** The learner, locked for the rest of the transaction; 404 when there is none. */
async function lockedLearner(tx: Executor, id: string): Promise<UserRow> {
  if (!isUuid(id)) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  await lockUser(tx, id);
  const user = await findUserById(tx, id);
  if (!user || user.erasedAt) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  return user;
}

/** `work` in one transaction holding the learner's row lock (404 for no such learner, or an erased one). */
function withLearner<T>(
  ctx: AppContext,
  id: string,
  work: (tx: Executor, user: UserRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => work(tx, await lockedLearner(tx, id)));
}

/**
 * The activity-log entry of an action on a learner. Entries name the learner by id only (decision 0010): a
 * later deletion leaves no personal data behind in the log.
 */
function logOnLearner(
  tx: Executor,
  actor: Actor,
  id: string,
  action: AuditRecord['action'],
  details: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, actor, { action, entityType: 'user', entityId: id, details });
}

/*
 * The account actions (decision 0041) carry the administrator's reason into the activity log, as the
 * support desk's actions do (decision 0072).
 */

/**
 * Queues a mail to the learner (`queue`, given the site's name) and logs `action` with the reason, in one
 * transaction, then wakes the outbox.
 */
async function mailLearner(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
  action: AuditRecord['action'],
  queue: (tx: Executor, user: UserRow, siteName: string) => Promise<void>,
): Promise<void> {
  const settings = await ctx.settings.get();
  await withLearner(ctx, id, async (tx, user) => {
    await queue(tx, user, settings.siteName);
    await logOnLearner(tx, actor, id, action, { reason });
  });
  ctx.outbox.nudge();
}

/** Sends an unverified learner a new verification link (their earlier links stop working). */
export async function resendVerification(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<string> {
  await mailLearner(ctx, actor, id, reason, 'resent_verification', async (tx, user, siteName) => {
    if (user.emailVerifiedAt) throw new ConflictError(ADMIN_USER_MESSAGES.alreadyVerified);
    await queueVerificationMail(ctx, tx, user, siteName);
  });
  return ADMIN_USER_MESSAGES.verificationSent;
}

/** Ends every session of the learner (their devices stay listed, signed out). */
export async function signOutEverywhere(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<string> {
  await withLearner(ctx, id, async (tx) => {
    await revokeUserSessions(tx, id);
    await logOnLearner(tx, actor, id, 'signed_out', { reason });
  });
  return ADMIN_USER_MESSAGES.signedOut;
}

/**
 * Suspends a learner (every session ends; signing in is refused until restored) or restores them. Their
 * subscriptions, results and payments stay as they are; renewals are not stopped by a suspension.
 */
export async function suspendUser(
  ctx: AppContext,
  actor: Actor,
  id: string,
  { suspended, reason }: { suspended: boolean; reason: string },
): Promise<{ message: string; user: ReturnType<typeof toAdminUser> }> {
  const user = await withLearner(ctx, id, async (tx, before) => {
    await setSuspended(tx, id, suspended);
    if (suspended) await revokeUserSessions(tx, id);
    if ((before.suspendedAt !== null) !== suspended) {
      await logOnLearner(tx, actor, id, suspended ? 'suspended' : 'unsuspended', { reason });
    }
    return (await findUserById(tx, id))!;
  });
  return {
    message: suspended ? ADMIN_USER_MESSAGES.suspended : ADMIN_USER_MESSAGES.unsuspended,
    user: toAdminUser(user),
  };
}

/*
 * The support desk (decision 0072): what a learner asks the team for, each with the reason in the
 * activity log beside who did it. The log names the learner by id, as above; the reason is the
 * administrator's own words.
 */

/**
 * Complimentary access to a published exam until the end of a day: a new subscription or a longer one,
 * recorded as a £0 payment of kind 'complimentary' with the reason; the learner is told by e-mail. Never
 * charges, never shortens access (409 when it already runs as long), and a repeat changes nothing.
 */
export async function grantAccess(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: GrantAccessBody,
): Promise<string> {
  const until = endOfUtcDay(body.until);
  const now = ctx.clock.now();
  if (!until || until <= now || until.getTime() - now.getTime() > MAX_GRANT_DAYS * 24 * 3600 * 1000) {
    throw new BadRequestError(ADMIN_USER_MESSAGES.untilInvalid);
  }
  const settings = await ctx.settings.get();
  const message = await withLearner(ctx, id, async (tx, user) => {
    const exam = await findExam(tx, body.examId);
    if (!exam) throw new NotFoundError(ADMIN_USER_MESSAGES.examNotFound);
    if (!exam.isActive) throw new ConflictError(ADMIN_USER_MESSAGES.examNotPublished);
    const granted = await grantUntil(tx, {
      userId: user.id,
      examId: exam.id,
      isFree: exam.pricePence === 0,
      until,
    });
    if (granted.outcome === 'covered') {
      throw new ConflictError(ADMIN_USER_MESSAGES.alreadyCovered(formatMailDate(granted.endDate)));
    }
    await recordComplimentaryAccess(tx, {
      userId: user.id,
      examId: exam.id,
      subscriptionId: granted.subscriptionId,
      until,
      reason: body.reason,
    });
    await logOnLearner(tx, actor, id, 'granted_access', {
      examTitle: exam.title,
      until: body.until,
      reason: body.reason,
    });
    await enqueueMail(
      tx,
      complimentaryAccessMail({
        to: user.email,
        name: user.name,
        siteName: settings.siteName,
        examTitle: exam.title,
        examUrl: appLink(ctx, `/exams/${exam.id}`),
        until,
      }),
      user.id,
    );
    return ADMIN_USER_MESSAGES.accessGranted(exam.title, formatMailDate(until));
  });
  ctx.outbox.nudge();
  return message;
}

/** Corrects the learner's name (a typo at registration, a changed name). */
export async function changeName(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { name: string; reason: string },
): Promise<{ message: string; user: ReturnType<typeof toAdminUser> }> {
  const user = await withLearner(ctx, id, async (tx, before) => {
    if (before.name !== body.name) {
      await setUserName(tx, id, body.name);
      await logOnLearner(tx, actor, id, 'changed_name', { reason: body.reason });
    }
    return (await findUserById(tx, id))!;
  });
  return { message: ADMIN_USER_MESSAGES.nameChanged, user: toAdminUser(user) };
}

/** Mails the learner a password-reset link (their earlier one stops working), as 'Forgot password' does. */
export async function sendPasswordReset(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<string> {
  await mailLearner(ctx, actor, id, reason, 'sent_password_reset', (tx, user, siteName) =>
    queuePasswordResetMail(ctx, tx, user, siteName),
  );
  return ADMIN_USER_MESSAGES.passwordResetSent;
}

/** Marks the learner's address verified (they confirmed it to the team another way). */
export async function markVerified(
  ctx: AppContext,
  actor: Actor,
  id: string,
  reason: string,
): Promise<{ message: string; user: ReturnType<typeof toAdminUser> }> {
  const user = await withLearner(ctx, id, async (tx, before) => {
    if (before.emailVerifiedAt) throw new ConflictError(ADMIN_USER_MESSAGES.alreadyVerified);
    await markUserVerified(tx, id);
    await logOnLearner(tx, actor, id, 'marked_verified', { reason });
    return (await findUserById(tx, id))!;
  });
  return { message: ADMIN_USER_MESSAGES.markedVerified, user: toAdminUser(user) };
}

/**
 * Starts a change of the learner's e-mail address: a link to the new address, which replaces the old one
 * only once the learner opens it there (so a typo cannot lock them out); the old address is told.
 */
export async function changeEmail(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: { email: string; reason: string },
): Promise<string> {
  const settings = await ctx.settings.get();
  await withLearner(ctx, id, async (tx, user) => {
    if (user.email === body.email) throw new ConflictError(ADMIN_USER_MESSAGES.emailSame);
    if (await emailUsedByAnother(tx, body.email, id)) throw new ConflictError(ADMIN_USER_MESSAGES.emailTaken);
    await queueEmailChange(ctx, tx, user, body.email, settings.siteName);
    await logOnLearner(tx, actor, id, 'requested_email_change', { reason: body.reason });
  });
  ctx.outbox.nudge();
  return ADMIN_USER_MESSAGES.emailChangeSent;
}
