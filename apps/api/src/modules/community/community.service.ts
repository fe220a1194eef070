import {
  COMMUNITY_LIMITS,
  type Comment,
  type CommunityProfile,
  type HelpfulResponse,
  type ThreadResponse,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError } from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import { readCacheOf } from '../../lib/read-cache.ts';
import { COMMENTS_MESSAGES } from './community.messages.ts';
import {
  addVote,
  findComment,
  findProfile,
  hasAnswered,
  insertComment,
  insertReport,
  isPublishedArticle,
  markDeleted,
  postingFacts,
  removeVote,
  saveDisplayName,
  sharedThreadPage,
  viewerThreadFacts,
  updateBody,
  type CommentRow,
  type ProfileRow,
  type Thread,
} from './community.repository.ts';

export type { Thread } from './community.repository.ts';

/*
 * The learner's side of the community (decision 0056): threads under questions (only for learners who have
 * answered them) and articles, posting, editing within 15 minutes, deleting, helpful votes and reports.
 */

const EDIT_WINDOW_MS = COMMUNITY_LIMITS.editMinutes * 60_000;
const HOUR_MS = 3_600_000;

async function requireCommunityOn(ctx: AppContext): Promise<void> {
  const settings = await ctx.settings.get();
  if (!settings.communityEnabled) throw new NotFoundError(COMMENTS_MESSAGES.off);
}

/** Why a thread is closed to the learner: a question not answered (403), an article not published (404). */
function closedThread(thread: Thread): Error {
  return thread.kind === 'question'
    ? new ForbiddenError(COMMENTS_MESSAGES.answerFirst)
    : new NotFoundError(COMMENTS_MESSAGES.articleNotFound);
}

/** The thread a learner asks for, checked: a question they answered, or a published article. */
async function openThread(ctx: AppContext, actor: Actor, thread: Thread): Promise<void> {
  await requireCommunityOn(ctx);
  const open =
    thread.kind === 'question'
      ? isUuid(thread.questionId) && (await hasAnswered(ctx.db, actor.id, thread.questionId))
      : isUuid(thread.articleId) && (await isPublishedArticle(ctx.db, thread.articleId));
  if (!open) throw closedThread(thread);
}

function profileOf(row: ProfileRow | undefined): CommunityProfile {
  return {
    displayName: row?.displayName ?? null,
    commentingSuspended: Boolean(row?.commentingSuspendedAt),
  };
}

/** A comment as `actor` sees it: another's hidden or deleted comment keeps only its place. */
function toComment(ctx: AppContext, actor: Actor, row: CommentRow): Comment {
  const own = row.userId === actor.id;
  const shownBody = row.status === 'deleted' || (row.status === 'hidden' && !own) ? '' : row.body;
  const live = row.status === 'visible' || row.status === 'held';
  return {
    _id: row.id,
    parentId: row.parentId,
    author: {
      displayName: row.teamName ?? row.displayName ?? 'A learner',
      team: row.teamName !== null,
      you: own,
    },
    body: shownBody,
    status: row.status,
    moderatorNote: own && row.status === 'hidden' ? row.moderationReason : null,
    createdAt: row.createdAt.toISOString(),
    editedAt: row.editedAt?.toISOString() ?? null,
    helpful: row.helpful,
    helpfulByYou: row.helpfulByYou,
    reportedByYou: row.reportedByYou,
    canEdit: own && live && ctx.clock.now().getTime() - row.createdAt.getTime() < EDIT_WINDOW_MS,
    canDelete: own && row.status !== 'deleted',
  };
}

export async function profile(ctx: AppContext, actor: Actor): Promise<CommunityProfile> {
  return profileOf(await findProfile(ctx.db, actor.id));
}

export async function saveProfile(
  ctx: AppContext,
  actor: Actor,
  displayName: string,
): Promise<{ message: string; profile: CommunityProfile }> {
  if (!(await saveDisplayName(ctx.db, actor.id, displayName)))
    throw new ConflictError(COMMENTS_MESSAGES.displayNameTaken);
  return { message: COMMENTS_MESSAGES.displayNameSaved, profile: await profile(ctx, actor) };
}

type SharedPage = Awaited<ReturnType<typeof sharedThreadPage>>;

const sharedPages = (ctx: AppContext) =>
  readCacheOf<SharedPage>(ctx.db, 'discussion pages', ctx.config.readCacheMs);

function threadKey(target: Thread): string {
  return target.kind === 'question' ? `question:${target.questionId}` : `article:${target.articleId}`;
}

/** Forgets the kept pages of a thread (a comment in it was posted, changed, voted on or moderated). */
export function forgetThread(ctx: AppContext, target: Thread): void {
  sharedPages(ctx).forget(threadKey(target));
}

/** A page of the thread as everyone sees it, kept by this process for `READ_CACHE_MS` (decision 0056). */
async function sharedPage(ctx: AppContext, target: Thread, query: { page: number; limit: number }) {
  return sharedPages(ctx).through(threadKey(target), `${query.page}:${query.limit}`, () =>
    sharedThreadPage(ctx.db, target, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
      repliesPerComment: COMMUNITY_LIMITS.replies,
    }),
  );
}

/**
 * A page of a thread for one learner: the page as everyone sees it (kept for a moment by this process)
 * with the learner's own facts read per request: their votes and reports on it, and their own held and
 * hidden comments (with their text and the moderator's reason), which only they see. Their own top-level
 * held or hidden comments come first on the first page.
 */
export async function thread(
  ctx: AppContext,
  actor: Actor,
  target: Thread,
  query: { page: number; limit: number },
): Promise<ThreadResponse> {
  // A malformed id is refused before any statement uses it.
  if (!isUuid(target.kind === 'question' ? target.questionId : target.articleId)) throw closedThread(target);
  await requireCommunityOn(ctx);
  // The shared page (usually kept by this process), then the learner's facts with the access check in
  // the same statement: nothing of the page is answered unless the learner may open the thread.
  const page = await sharedPage(ctx, target, query);
  const facts = await viewerThreadFacts(
    ctx.db,
    target,
    actor.id,
    page.rows.flatMap((row) => [row.id, ...row.replies.map((reply) => reply.id)]),
  );
  if (!facts.allowed) throw closedThread(target);
  const own = new Map(facts.own.map((comment) => [comment.id, comment]));
  const mark = (row: CommentRow): CommentRow => ({
    ...(own.get(row.id) ?? row),
    helpfulByYou: facts.voted.has(row.id),
    reportedByYou: facts.reported.has(row.id),
  });
  const rows = page.rows.map((row) => ({ ...mark(row), replies: row.replies.map(mark) }));
  const shown = new Set(rows.flatMap((row) => [row.id, ...row.replies.map((reply) => reply.id)]));
  for (const reply of facts.own.filter((comment) => comment.parentId !== null && !shown.has(comment.id))) {
    const parent = rows.find((row) => row.id === reply.parentId);
    if (parent)
      parent.replies = [...parent.replies, reply].sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
  }
  const ownTop = facts.own.filter((comment) => comment.parentId === null && !shown.has(comment.id));
  const listed =
    query.page === 1 ? [...ownTop.map((comment) => ({ ...comment, replies: [] })), ...rows] : rows;
  const total =
    page.total + facts.own.filter((comment) => comment.parentId === null && comment.status === 'held').length;
  return {
    comments: listed.map((row) => ({
      ...toComment(ctx, actor, row),
      replies: row.replies.map((reply) => toComment(ctx, actor, reply)),
    })),
    total,
    page: query.page,
    pages: pageCount(total, query.limit),
    profile: profileOf(facts.profile),
  };
}

/**
 * Posts a comment or a reply, in one transaction with its checks: a display name, commenting not
 * suspended, the rate limits (the learner's row lock serialises their concurrent posts), and held for a
 * moderator when the setting says so and none of the learner's comments has been approved yet.
 */
export async function post(
  ctx: AppContext,
  actor: Actor,
  target: Thread,
  body: { body: string; parentId?: string | undefined },
): Promise<{ message: string; comment: Comment }> {
  await openThread(ctx, actor, target);
  const settings = await ctx.settings.get();
  const posted = await ctx.db.transaction(async (tx) => {
    // The profile's row lock serialises the learner's posts (a double click, two tabs), so the rate
    // limits, read after it in a statement of their own, count each of them.
    const profileRow = await findProfile(tx, actor.id, true);
    if (profileRow?.commentingSuspendedAt) throw new ForbiddenError(COMMENTS_MESSAGES.suspended);
    if (!profileRow?.displayName) throw new ConflictError(COMMENTS_MESSAGES.chooseDisplayName);
    const now = ctx.clock.now().getTime();
    const recent = await postingFacts(tx, actor.id, target, new Date(now - HOUR_MS));
    const waitFor = (oldest: Date | null) => ((oldest?.getTime() ?? now) + HOUR_MS - now) / 1000;
    if (recent.all >= COMMUNITY_LIMITS.perHour)
      throw new TooManyRequestsError(COMMENTS_MESSAGES.perHour, waitFor(recent.oldestAll));
    if (recent.inThread >= COMMUNITY_LIMITS.perThreadPerHour)
      throw new TooManyRequestsError(COMMENTS_MESSAGES.perThread, waitFor(recent.oldestInThread));
    const parentId = body.parentId ? await replyTarget(tx, actor, target, body.parentId) : null;
    const held = settings.communityHoldFirstComments && !recent.hasVisible;
    const status: CommentRow['status'] = held ? 'held' : 'visible';
    const { id, createdAt } = await insertComment(tx, {
      thread: target,
      parentId,
      userId: actor.id,
      adminId: null,
      teamName: null,
      body: body.body,
      status,
    });
    // The new comment as its author sees it, from what was just written (no read back).
    const row: CommentRow = {
      id,
      questionId: target.kind === 'question' ? target.questionId : null,
      articleId: target.kind === 'article' ? target.articleId : null,
      parentId,
      userId: actor.id,
      teamName: null,
      displayName: profileRow.displayName,
      body: body.body,
      status,
      helpful: 0,
      createdAt,
      editedAt: null,
      moderationReason: '',
      helpfulByYou: false,
      reportedByYou: false,
    };
    return row;
  });
  forgetThread(ctx, target);
  return {
    message: posted.status === 'held' ? COMMENTS_MESSAGES.held : COMMENTS_MESSAGES.posted,
    comment: toComment(ctx, actor, posted),
  };
}

/**
 * The top-level comment a reply goes under: the parent itself, or a reply's own parent (threads are one
 * level deep). It must be in the same thread and one the learner can see.
 */
async function replyTarget(tx: Executor, actor: Actor, target: Thread, parentId: string): Promise<string> {
  const parent = await findComment(tx, parentId, actor.id);
  const sameThread =
    parent &&
    (target.kind === 'question'
      ? parent.questionId === target.questionId
      : parent.articleId === target.articleId);
  const seen = parent && (parent.status === 'visible' || parent.userId === actor.id);
  if (!parent || !sameThread || !seen || parent.status === 'deleted')
    throw new NotFoundError(COMMENTS_MESSAGES.parentNotFound);
  return parent.parentId ?? parent.id;
}

/** The comment a learner acts on, if they can see it in a thread they may open. */
async function visibleComment(ctx: AppContext, actor: Actor, commentId: string): Promise<CommentRow> {
  await requireCommunityOn(ctx);
  const row = isUuid(commentId) ? await findComment(ctx.db, commentId, actor.id) : undefined;
  if (!row || (row.status !== 'visible' && row.userId !== actor.id) || row.status === 'deleted')
    throw new NotFoundError(COMMENTS_MESSAGES.commentNotFound);
  await openThread(ctx, actor, threadOf(row));
  return row;
}

function threadOf(row: CommentRow): Thread {
  return row.questionId
    ? { kind: 'question', questionId: row.questionId }
    : { kind: 'article', articleId: row.articleId! };
}

/** The learner's own comment, still there, locked for the change. */
async function ownComment(ctx: AppContext, actor: Actor, commentId: string) {
  const row = await visibleComment(ctx, actor, commentId);
  if (row.userId !== actor.id) throw new ForbiddenError(COMMENTS_MESSAGES.notYours);
  return row;
}

export async function edit(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  body: string,
): Promise<{ message: string; comment: Comment }> {
  const row = await ownComment(ctx, actor, commentId);
  if (row.status === 'hidden') throw new ConflictError(COMMENTS_MESSAGES.notEditable);
  if (ctx.clock.now().getTime() - row.createdAt.getTime() >= EDIT_WINDOW_MS)
    throw new ConflictError(COMMENTS_MESSAGES.editWindow);
  await updateBody(ctx.db, row.id, body);
  forgetThread(ctx, threadOf(row));
  const updated = await findComment(ctx.db, row.id, actor.id);
  return { message: COMMENTS_MESSAGES.updated, comment: toComment(ctx, actor, updated!) };
}

export async function remove(ctx: AppContext, actor: Actor, commentId: string): Promise<{ message: string }> {
  const row = await ownComment(ctx, actor, commentId);
  await ctx.db.transaction((tx) => markDeleted(tx, row.id));
  forgetThread(ctx, threadOf(row));
  return { message: COMMENTS_MESSAGES.deleted };
}

export async function vote(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  helpful: boolean,
): Promise<HelpfulResponse> {
  const row = await visibleComment(ctx, actor, commentId);
  if (row.userId === actor.id) throw new ConflictError(COMMENTS_MESSAGES.ownVote);
  if (row.status !== 'visible') throw new NotFoundError(COMMENTS_MESSAGES.commentNotFound);
  const count = await ctx.db.transaction((tx) =>
    helpful ? addVote(tx, row.id, actor.id) : removeVote(tx, row.id, actor.id),
  );
  forgetThread(ctx, threadOf(row));
  return { helpful: count, helpfulByYou: helpful };
}

export async function report(
  ctx: AppContext,
  actor: Actor,
  commentId: string,
  body: { reason: 'incorrect' | 'rude' | 'spam' | 'other'; details: string },
  reply: { status(code: number): unknown },
): Promise<{ message: string }> {
  const row = await visibleComment(ctx, actor, commentId);
  if (row.userId === actor.id) throw new ConflictError(COMMENTS_MESSAGES.ownReport);
  const filed = await ctx.db.transaction((tx) =>
    insertReport(tx, { commentId: row.id, userId: actor.id, reason: body.reason, details: body.details }),
  );
  // A repeated report changes nothing and is answered 200.
  if (!filed) reply.status(200);
  return { message: COMMENTS_MESSAGES.reported };
}
