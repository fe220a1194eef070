import type { AdminComment, ModerationAction, ModerationResponse } from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, findOr404, NotFoundError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { COMMENTS_MESSAGES } from './community.messages.ts';
import { forgetThread, type Thread } from './community.service.ts';
import {
  adminName,
  applyModeration,
  findAdminComment,
  insertComment,
  learnerName,
  moderationPage,
  setCommentingSuspended,
  waitingCounts,
  type AdminCommentRow,
  type ModerationView,
} from './community.repository.ts';

/*
 * The moderation queue (decision 0056): held and reported comments, approve / hide / delete with a reason,
 * team replies and suspending a learner's commenting. Every action is in the activity log with the
 * comment's author, in the transaction that makes it.
 */

function toAdminComment(row: AdminCommentRow): AdminComment {
  return {
    _id: row.id,
    parentId: row.parentId,
    body: row.body,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    helpful: row.helpful,
    author: {
      userId: row.userId,
      displayName: row.teamName ?? row.displayName ?? row.name ?? '',
      name: row.teamName ?? row.name ?? '',
      email: row.email ?? '',
      team: row.teamName !== null,
      commentingSuspended: row.commentingSuspended,
    },
    target: { kind: row.kind, id: row.targetId, title: row.targetTitle, examTitle: row.examTitle },
    reports: row.reports,
    reportCount: row.openReports,
    moderation:
      row.moderationAction && row.moderatedAt
        ? { action: row.moderationAction, reason: row.moderationReason, at: row.moderatedAt.toISOString() }
        : null,
  };
}

export async function queue(
  ctx: AppContext,
  query: { view: ModerationView; page: number; limit: number },
): Promise<ModerationResponse> {
  const [page, counts] = await Promise.all([
    moderationPage(ctx.db, query.view, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    waitingCounts(ctx.db),
  ]);
  return {
    comments: page.rows.map(toAdminComment),
    total: page.total,
    page: query.page,
    pages: pageCount(page.total, query.limit),
    counts,
  };
}

/**
 * Runs `change` on the comment, locked and not deleted, in one transaction; then this app forgets the
 * cached pages of its thread.
 */
async function changeComment(
  ctx: AppContext,
  commentId: string,
  change: (tx: Executor, row: AdminCommentRow) => Promise<{ message: string; comment: AdminComment }>,
): Promise<{ message: string; comment: AdminComment }> {
  const done = await ctx.db.transaction(async (tx) => {
    const row = await findOr404(
      commentId,
      () => findAdminComment(tx, commentId, true),
      COMMENTS_MESSAGES.commentNotFound,
    );
    if (row.status === 'deleted') throw new ConflictError(COMMENTS_MESSAGES.alreadyDeleted);
    return { ...(await change(tx, row)), row };
  });
  forgetThread(ctx, threadOfRow(done.row));
  return { message: done.message, comment: done.comment };
}

function threadOfRow(row: AdminCommentRow): Thread {
  return row.kind === 'question'
    ? { kind: 'question', questionId: row.targetId }
    : { kind: 'article', articleId: row.targetId };
}

function authorLabel(row: AdminCommentRow): string {
  return row.teamName ?? row.displayName ?? row.name ?? '';
}

/**
 * approve: a held comment becomes visible, a visible one's reports are dismissed; hide: only its author
 * sees it, with the reason; delete: its text is removed for good (replies stay under a placeholder).
 */
export async function moderate(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  body: { action: ModerationAction; reason: string },
): Promise<{ message: string; comment: AdminComment }> {
  return changeComment(ctx, commentId, async (tx, row) => {
    const dismissing = body.action === 'approve' && row.status === 'visible';
    const status = body.action === 'approve' ? 'visible' : body.action === 'hide' ? 'hidden' : 'deleted';
    const action = body.action === 'approve' ? 'approved' : body.action === 'hide' ? 'hidden' : 'deleted';
    await applyModeration(tx, row.id, {
      status,
      action,
      reason: body.reason,
      clearBody: status === 'deleted',
    });
    await recordAudit(tx, actor, {
      action:
        body.action === 'approve'
          ? 'approved_comment'
          : body.action === 'hide'
            ? 'hid_comment'
            : 'deleted_comment',
      entityType: 'comment',
      entityId: row.id,
      details: {
        label: authorLabel(row),
        reason: body.reason,
        dismissedReports: dismissing,
        reports: row.openReports,
        // what was said, kept for the record when the comment's text goes
        ...(status === 'deleted' ? { body: row.body.slice(0, 500) } : {}),
      },
    });
    const after = await findAdminComment(tx, row.id);
    const message =
      body.action === 'approve'
        ? dismissing
          ? COMMENTS_MESSAGES.reportsDismissed
          : row.status === 'hidden'
            ? COMMENTS_MESSAGES.shownAgain
            : COMMENTS_MESSAGES.approved
        : body.action === 'hide'
          ? COMMENTS_MESSAGES.hidden
          : COMMENTS_MESSAGES.deletedByModerator;
    return { message, comment: toAdminComment(after!) };
  });
}

/** A reply in the comment's thread under the administrator's name, badged as the team's. */
export async function reply(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  body: string,
): Promise<{ message: string; comment: AdminComment }> {
  return changeComment(ctx, commentId, async (tx, row) => {
    const name = (await adminName(tx, actor.id)) ?? 'Team';
    const { id } = await insertComment(tx, {
      thread: threadOfRow(row),
      parentId: row.parentId ?? row.id,
      userId: null,
      adminId: actor.id,
      teamName: name,
      body,
      status: 'visible',
    });
    await recordAudit(tx, actor, {
      action: 'replied_comment',
      entityType: 'comment',
      entityId: id,
      details: { label: authorLabel(row) },
    });
    const created = await findAdminComment(tx, id);
    return { message: COMMENTS_MESSAGES.replied, comment: toAdminComment(created!) };
  });
}

/** Suspends or restores a learner's commenting (their comments stay as they are). */
export async function setCommenting(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  body: { suspended: boolean; reason: string },
): Promise<{ message: string }> {
  if (!isUuid(userId)) throw new NotFoundError(COMMENTS_MESSAGES.learnerNotFound);
  return ctx.db.transaction(async (tx) => {
    if (!(await setCommentingSuspended(tx, userId, body.suspended, body.reason)))
      throw new NotFoundError(COMMENTS_MESSAGES.learnerNotFound);
    await recordAudit(tx, actor, {
      action: body.suspended ? 'suspended_commenting' : 'restored_commenting',
      entityType: 'comment',
      entityId: userId,
      details: { label: (await learnerName(tx, userId)) ?? '', reason: body.reason },
    });
    return {
      message: body.suspended ? COMMENTS_MESSAGES.commentingSuspended : COMMENTS_MESSAGES.commentingRestored,
    };
  });
}
