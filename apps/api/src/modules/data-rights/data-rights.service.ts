import { ERASE_CONFIRMATION_WORD, type DeleteAccountBody, type EraseLearnerBody } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { enqueueMail } from '../../lib/mail/outbox.repository.ts';
import { accountDeletedMail } from '../../lib/mail/templates.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import type { RateLimitRule } from '../../lib/rate-limiter.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { DATA_RIGHTS_MESSAGES } from './data-rights.messages.ts';
import {
  erasePersonalData,
  hasRenewalInFlight,
  lockLearner,
  readPersonalData,
} from './data-rights.repository.ts';

/*
 * Data rights under UK GDPR (decision 0069): the download of everything held about a learner, and the
 * erasure of their account, by themselves or by the support team on their written request.
 */

const LIMITS = {
  /** the download reads every table of the learner: a few an hour is plenty */
  downloadsPerUser: { max: 5, windowMs: 60 * 60_000 },
  /** the password check of 'Delete my account' is a guess like a login */
  deletePerUser: { max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, RateLimitRule>;

/** The erased account's name; its address is made unique from its id, under a domain that never routes. */
const ERASED_NAME = 'Deleted learner';
const erasedEmail = (id: string) => `erased-${id}@erased.invalid`;
/** Not an Argon2 hash: no password ever verifies against it. */
const UNUSABLE_PASSWORD = '!erased';

export interface PersonalDataFile {
  fileName: string;
  body: string;
}

/** The JSON file of everything held about a learner, named for today (UTC). */
async function dataFile(ctx: AppContext, userId: string): Promise<PersonalDataFile> {
  const now = ctx.clock.now();
  const data = await readPersonalData(ctx.db, userId);
  const file = {
    about:
      'Everything the platform holds about you, as of the time below (UK GDPR, right of access). Secrets such as your password and sign-in tokens are never stored in a readable form and are not included.',
    exportedAt: now.toISOString(),
    ...data,
  };
  return { fileName: `my-data-${now.toISOString().slice(0, 10)}.json`, body: JSON.stringify(file, null, 2) };
}

/** GET /api/users/me/data: the signed-in learner's own data. */
export async function downloadOwnData(ctx: AppContext, actor: Actor): Promise<PersonalDataFile> {
  await ctx.limiter.hit(
    `data-download:user:${actor.id}`,
    LIMITS.downloadsPerUser,
    DATA_RIGHTS_MESSAGES.tooManyDownloads,
  );
  return dataFile(ctx, actor.id);
}

/** GET /api/admin/users/:id/data: a learner's data on their written request, in the activity log. */
export async function downloadLearnerData(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<PersonalDataFile> {
  if (!isUuid(id)) throw new NotFoundError(DATA_RIGHTS_MESSAGES.notFound);
  const user = await lockLearner(ctx.db, id);
  if (!user || user.erasedAt) throw new NotFoundError(DATA_RIGHTS_MESSAGES.notFound);
  const file = await dataFile(ctx, id);
  await recordAudit(ctx.db, actor, { action: 'downloaded_data', entityType: 'user', entityId: id });
  return file;
}

/**
 * Erases the account in one transaction (decision 0069), then asks PayPal to forget the saved payer (the
 * payer is never charged again either way: the renewals and the vault id are gone with the commit). A
 * repeat finds the account erased and changes nothing.
 */
async function eraseAccount(
  ctx: AppContext,
  userId: string,
  options: {
    check?: (user: { email: string; passwordHash: string }) => Promise<void> | void;
    audit?: { actor: Actor; reason: string };
  },
): Promise<'erased' | 'already'> {
  const settings = await ctx.settings.get();
  const outcome = await ctx.db.transaction(async (tx) => {
    const user = await lockLearner(tx, userId);
    if (!user) throw new NotFoundError(DATA_RIGHTS_MESSAGES.notFound);
    if (user.erasedAt) return { done: 'already' as const, vaultId: null };
    await options.check?.(user);
    if (await hasRenewalInFlight(tx, userId)) throw new ConflictError(DATA_RIGHTS_MESSAGES.renewalInFlight);
    const { vaultId } = await erasePersonalData(tx, user, {
      name: ERASED_NAME,
      email: erasedEmail(userId),
      passwordHash: UNUSABLE_PASSWORD,
    });
    if (options.audit) {
      await recordAudit(tx, options.audit.actor, {
        action: 'erased_account',
        entityType: 'user',
        entityId: userId,
        details: { reason: options.audit.reason },
      });
    }
    // Written to the address before erasure, after the outbox was emptied of the learner's mail.
    await enqueueMail(
      tx,
      accountDeletedMail({
        to: user.email,
        name: user.name,
        siteName: settings.siteName,
        byTeam: options.audit !== undefined,
      }),
      userId,
    );
    return { done: 'erased' as const, vaultId };
  });
  if (outcome.done === 'erased') {
    ctx.outbox.nudge();
    const creds = ctx.settings.paypalCredentials(settings);
    if (outcome.vaultId && creds) {
      await ctx.paypal.deletePaymentToken(creds, outcome.vaultId).catch(() => undefined);
    }
  }
  return outcome.done;
}

/** POST /api/users/me/delete: the learner deletes their own account (password and DELETE typed). */
export async function deleteOwnAccount(
  ctx: AppContext,
  actor: Actor,
  body: DeleteAccountBody,
): Promise<string> {
  if (body.confirmation.trim() !== ERASE_CONFIRMATION_WORD) {
    throw new BadRequestError(DATA_RIGHTS_MESSAGES.wrongConfirmation);
  }
  await ctx.limiter.hit(
    `account-delete:user:${actor.id}`,
    LIMITS.deletePerUser,
    DATA_RIGHTS_MESSAGES.tooManyAttempts,
  );
  await eraseAccount(ctx, actor.id, {
    check: async (user) => {
      // A 400, not a 401: the session is fine, only the typed password is wrong (as a password change).
      if (!(await verifyPassword(user.passwordHash, body.password))) {
        throw new BadRequestError(DATA_RIGHTS_MESSAGES.wrongPassword);
      }
    },
  });
  return DATA_RIGHTS_MESSAGES.deleted;
}

/** POST /api/admin/users/:id/erase: the team erases an account on the learner's written request. */
export async function eraseLearner(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: EraseLearnerBody,
): Promise<string> {
  if (!isUuid(id)) throw new NotFoundError(DATA_RIGHTS_MESSAGES.notFound);
  const done = await eraseAccount(ctx, id, {
    check: (user) => {
      if (body.confirmation.trim().toLowerCase() !== user.email) {
        throw new BadRequestError(DATA_RIGHTS_MESSAGES.wrongEmail);
      }
    },
    audit: { actor, reason: body.reason },
  });
  return done === 'erased' ? DATA_RIGHTS_MESSAGES.erased : DATA_RIGHTS_MESSAGES.alreadyErased;
}
