import type { AdminUserDetail, AdminUsersResponse } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../lib/actor.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { ADMIN_USER_MESSAGES } from './admin-users.messages.ts';
import { deleteUserCascade, findUserForDeletion, pageUsers } from './admin-users.repository.ts';
import { findUserById } from '../users/users.repository.ts';
import { allSubscriptionsOf } from '../subscriptions/subscriptions.service.ts';

/** How many of a learner's subscriptions their page lists (newest period first). */
const DETAIL_SUBSCRIPTIONS = 100;

/** Spec §2 Admin users: learners, newest first, searched by e-mail or name. */
export async function listUsers(
  ctx: AppContext,
  query: { page: number; keyword: string; limit: number },
): Promise<AdminUsersResponse> {
  const { page, keyword, limit } = query;
  const { rows, total } = await pageUsers(ctx.db, { keyword, limit, offset: (page - 1) * limit });
  return {
    users: rows.map((row) => ({
      _id: row.id,
      email: row.email,
      name: row.name,
      createdAt: row.createdAt.toISOString(),
      verified: row.emailVerifiedAt !== null,
    })),
    page,
    pages: pageCount(total, limit),
    total,
  };
}

/** A learner's page for administrators: the account and their subscriptions (issue 17). */
export async function userDetail(ctx: AppContext, id: string): Promise<AdminUserDetail> {
  if (!isUuid(id)) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  const user = await findUserById(ctx.db, id);
  if (!user) throw new NotFoundError(ADMIN_USER_MESSAGES.notFound);
  return {
    user: {
      _id: user.id,
      email: user.email,
      name: user.name,
      createdAt: user.createdAt.toISOString(),
      verified: user.emailVerifiedAt !== null,
    },
    subscriptions: await allSubscriptionsOf(ctx.db, id, DETAIL_SUBSCRIPTIONS),
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
