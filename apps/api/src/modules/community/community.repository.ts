import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { COMMENT_REPORT_REASONS, safeString, type ModerationOutcome } from '@mlp/contract';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import { inPendingResult, rowsOf } from '../../db/shared-queries.ts';
import {
  admins,
  articles,
  commentReports,
  comments,
  commentVotes,
  communityProfiles,
  examAttempts,
  exams,
  learnerQuestions,
  questions,
  users,
  type CommentReportReason,
  type CommentStatus,
} from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import { uuidv7 } from '../../lib/ids.ts';

/*
 * The learning community (decision 0056). This repository writes the community tables only; it reads two
 * facts of other modules' tables in the statements that need them, so a thread costs one round trip: whether
 * the learner has answered a question (learner_questions, an open tutor sitting's locked answers) and
 * whether an article is published.
 */

export type Thread = { kind: 'question'; questionId: string } | { kind: 'article'; articleId: string };

function threadColumn(thread: Thread): SQL {
  return thread.kind === 'question'
    ? sql`c.question_id = ${thread.questionId}`
    : sql`c.article_id = ${thread.articleId}`;
}

// ---- Profiles -------------------------------------------------------------------------------------

export interface ProfileRow {
  displayName: string | null;
  commentingSuspendedAt: Date | null;
}

/** The learner's profile; `lock` holds its row to the transaction's end (serialising their posts). */
export async function findProfile(
  db: Executor,
  userId: string,
  lock = false,
): Promise<ProfileRow | undefined> {
  const [row] = await executeNamed<{
    display_name: string | null;
    commenting_suspended_at: Date | string | null;
  }>(
    db,
    lock ? 'community_profile_locked' : 'community_profile',
    sql`
      select display_name, commenting_suspended_at from ${communityProfiles} where user_id = ${userId}
      ${lock ? sql`for update` : sql``}`,
  );
  return row
    ? {
        displayName: row.display_name,
        commentingSuspendedAt: row.commenting_suspended_at ? new Date(row.commenting_suspended_at) : null,
      }
    : undefined;
}

/** Sets the display name; false when another learner has it already (whatever its case). */
export async function saveDisplayName(db: Executor, userId: string, displayName: string): Promise<boolean> {
  try {
    const [row] = rowsOf<{ user_id: string }>(
      await db.execute(sql`
        insert into ${communityProfiles} (user_id, display_name) values (${userId}, ${displayName})
        on conflict (user_id) do update set display_name = excluded.display_name, updated_at = now()
        returning user_id`),
    );
    return row !== undefined;
  } catch (error) {
    // Another learner has the name (the unique index on its lower case).
    if (isUniqueViolation(error, 'community_profiles_display_name')) return false;
    throw error;
  }
}

/** Suspends or restores a learner's commenting; false when the learner does not exist. */
export async function setCommentingSuspended(
  db: Executor,
  userId: string,
  suspended: boolean,
  reason: string,
): Promise<boolean> {
  const [row] = rowsOf<{ user_id: string }>(
    await db.execute(sql`
      insert into ${communityProfiles} (user_id, commenting_suspended_at, commenting_suspended_reason)
      select u.id, ${suspended ? sql`now()` : sql`null`}, ${reason} from ${users} u where u.id = ${userId}
      on conflict (user_id) do update set
        commenting_suspended_at = ${suspended ? sql`coalesce(${communityProfiles.commentingSuspendedAt}, now())` : sql`null`},
        commenting_suspended_reason = excluded.commenting_suspended_reason, updated_at = now()
      returning user_id`),
  );
  return row !== undefined;
}

export async function learnerName(db: Executor, userId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ name: string; display_name: string | null }>(
    await db.execute(sql`
      select u.name, p.display_name from ${users} u
      left join ${communityProfiles} p on p.user_id = u.id where u.id = ${userId}`),
  );
  return row ? (row.display_name ?? row.name) : undefined;
}

// ---- Who may see a thread ---------------------------------------------------------------------------

/**
 * Whether the learner has answered the question: it was in one of their submitted sittings (its answer
 * was then shown in the review; its rows written or still to be, decision 0075), or they locked an answer to it in an open tutor-mode sitting.
 */
function answeredCheck(userId: string, questionId: string): SQL {
  return sql`(exists (select 1 from ${learnerQuestions} where user_id = ${userId} and question_id = ${questionId})
    or ${inPendingResult(userId, questionId)}
    or exists (
      select 1 from ${examAttempts}
      where user_id = ${userId} and submitted_at is null and mode = 'tutor'
        and saved_answers ? (${questionId})::text
    ))`;
}

/** Whether the article is published (its thread is open to every signed-in learner). */
function publishedCheck(articleId: string): SQL {
  return sql`exists (select 1 from ${articles} where id = ${articleId} and status = 'published')`;
}

/** Whether the learner may open the thread: a question they answered, or a published article. */
function threadOpenCheck(thread: Thread, userId: string): SQL {
  return thread.kind === 'question'
    ? answeredCheck(userId, thread.questionId)
    : publishedCheck(thread.articleId);
}

// Named prepared statements (parsed and planned once per connection): planning these took about 1 ms of
// PostgreSQL's CPU at each call, more than running them (docs/performance.md, 2026-11-28).

export async function hasAnswered(db: Executor, userId: string, questionId: string): Promise<boolean> {
  const [row] = await executeNamed<{ answered: boolean }>(
    db,
    'community_has_answered',
    sql`select ${answeredCheck(userId, questionId)} as answered`,
  );
  return row?.answered === true;
}

export async function isPublishedArticle(db: Executor, articleId: string): Promise<boolean> {
  const [row] = await executeNamed<{ published: boolean }>(
    db,
    'community_article_published',
    sql`select ${publishedCheck(articleId)} as published`,
  );
  return row?.published === true;
}

export interface CommentRow {
  id: string;
  questionId: string | null;
  articleId: string | null;
  parentId: string | null;
  userId: string | null;
  teamName: string | null;
  displayName: string | null;
  body: string;
  status: CommentStatus;
  helpful: number;
  createdAt: Date;
  editedAt: Date | null;
  moderationReason: string;
  helpfulByYou: boolean;
  reportedByYou: boolean;
}

/**
 * A comment as a statement selects it (its columns named as in `CommentRow`): the times are strings when
 * they come through JSON, the count may be a string.
 */
type RawComment = Omit<CommentRow, 'helpful' | 'createdAt' | 'editedAt'> & {
  helpful: number | string;
  createdAt: Date | string;
  editedAt: Date | string | null;
};

function commentOf({ helpful, createdAt, editedAt, ...row }: RawComment): CommentRow {
  return {
    ...row,
    helpful: Number(helpful),
    createdAt: new Date(createdAt),
    editedAt: editedAt ? new Date(editedAt) : null,
  };
}

/** The columns a learner's view of a comment needs, for viewer `viewerId`. */
function viewColumns(viewerId: string): SQL {
  return sql`c.id, c.question_id as "questionId", c.article_id as "articleId", c.parent_id as "parentId",
    c.user_id as "userId", c.team_name as "teamName", p.display_name as "displayName", c.body, c.status,
    c.helpful, c.created_at as "createdAt", c.edited_at as "editedAt",
    c.moderation_reason as "moderationReason",
    exists (select 1 from ${commentVotes} v where v.comment_id = c.id and v.user_id = ${viewerId})
      as "helpfulByYou",
    exists (select 1 from ${commentReports} r where r.comment_id = c.id and r.user_id = ${viewerId})
      as "reportedByYou"`;
}

/**
 * What everyone sees of a thread's top-level comments: visible ones, and a hidden or deleted one that has
 * visible replies (as a placeholder without its text). A learner's own held and hidden comments are added
 * per request (`viewerThreadFacts`), so this part can be kept for everyone alike.
 */
// A per-row probe of the replies index: an EXISTS inside the OR was planned as a hashed subquery that read
// every visible comment of the table (30–35 ms a page at 100,000 comments).
const sharedTopLevel = sql`(c.status = 'visible'
  or (c.status in ('hidden', 'deleted') and coalesce((
    select true from ${comments} r where r.parent_id = c.id and r.status = 'visible' limit 1), false)))`;

/** A comment's columns as everyone sees them: the text of a visible one only; no viewer's facts. */
const sharedColumns = sql`c.id, c.question_id as "questionId", c.article_id as "articleId",
  c.parent_id as "parentId", c.user_id as "userId", c.team_name as "teamName",
  p.display_name as "displayName", case when c.status = 'visible' then c.body else '' end as body, c.status,
  c.helpful, c.created_at as "createdAt", c.edited_at as "editedAt", '' as "moderationReason",
  false as "helpfulByYou", false as "reportedByYou"`;

/**
 * A comment of alias `c` (its author's profile as `p`) as a JSON object with the columns `commentOf`
 * reads; `reason` is what the moderator's reason shows as (the author's own comments only).
 */
function commentJson(c: string, p: string, reason: SQL): SQL {
  const [r, rp] = [sql.raw(c), sql.raw(p)];
  return sql`json_build_object('id', ${r}.id, 'questionId', ${r}.question_id, 'articleId', ${r}.article_id,
    'parentId', ${r}.parent_id, 'userId', ${r}.user_id, 'teamName', ${r}.team_name,
    'displayName', ${rp}.display_name, 'body', ${r}.body, 'status', ${r}.status, 'helpful', ${r}.helpful,
    'createdAt', ${r}.created_at, 'editedAt', ${r}.edited_at, 'moderationReason', ${reason},
    'helpfulByYou', false, 'reportedByYou', false)`;
}

/** The visible replies under comment `c`, oldest first, at most `perParent`, as a JSON array. */
function sharedReplies(perParent: number): SQL {
  return sql`(select coalesce(json_agg(${commentJson('r', 'rp', sql`''`)} order by r.created_at, r.id), '[]'::json)
    from (select * from ${comments} r0 where r0.parent_id = c.id and r0.status = 'visible'
      order by r0.created_at, r0.id limit ${perParent}) r
    left join ${communityProfiles} rp on rp.user_id = r.user_id)`;
}

export type ThreadCommentRow = CommentRow & { replies: CommentRow[] };

function parsedJson<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/**
 * One page of a thread as everyone sees it (top-level comments by helpful votes, then newest, each with
 * its visible replies) and how many top-level comments there are: one statement.
 */
export async function sharedThreadPage(
  db: Executor,
  thread: Thread,
  page: { limit: number; offset: number; repliesPerComment: number },
): Promise<{ rows: ThreadCommentRow[]; total: number }> {
  const where = sql`${threadColumn(thread)} and c.parent_id is null and ${sharedTopLevel}`;
  const rows = rowsOf<RawComment & { total: string | number; replies: RawComment[] | string }>(
    await db.execute(sql`
      select ${sharedColumns}, count(*) over () as total, ${sharedReplies(page.repliesPerComment)} as replies
      from ${comments} c left join ${communityProfiles} p on p.user_id = c.user_id
      where ${where}
      order by c.helpful desc, c.created_at desc
      limit ${page.limit} offset ${page.offset}`),
  );
  if (rows.length > 0)
    return {
      rows: rows.map(({ total: _total, replies, ...row }) => ({
        ...commentOf(row),
        replies: parsedJson(replies).map(commentOf),
      })),
      total: Number(rows[0]!.total),
    };
  if (page.offset === 0) return { rows: [], total: 0 };
  const [counted] = rowsOf<{ total: string | number }>(
    await db.execute(sql`select count(*) as total from ${comments} c where ${where}`),
  );
  return { rows: [], total: Number(counted?.total ?? 0) };
}

/** What one learner adds to a shared page: their profile, own held and hidden comments, votes, reports. */
export interface ViewerThreadFacts {
  /** the learner may open the thread (answered the question; the article is published) */
  allowed: boolean;
  profile: ProfileRow | undefined;
  /** the learner's own held and hidden comments in the thread (newest 50), with their text */
  own: CommentRow[];
  voted: Set<string>;
  reported: Set<string>;
}

/**
 * `viewerThreadFacts` and whether the learner may open the thread, in one named statement (one per thread
 * kind); `commentIds` are the page's comments and replies. The caller shows nothing unless `allowed`.
 */
export async function viewerThreadFacts(
  db: Executor,
  thread: Thread,
  viewerId: string,
  commentIds: string[],
): Promise<ViewerThreadFacts> {
  const ids = sql`${sql.param(commentIds)}::uuid[]`;
  const [row] = await executeNamed<{
    allowed: boolean;
    profile: { display_name: string | null; suspended_at: string | null } | string | null;
    own: RawComment[] | string;
    voted: string[] | string;
    reported: string[] | string;
  }>(
    db,
    `community_viewer_facts_${thread.kind}`,
    sql`
      select ${threadOpenCheck(thread, viewerId)} as allowed,
        (select json_build_object('display_name', display_name, 'suspended_at', commenting_suspended_at)
          from ${communityProfiles} where user_id = ${viewerId}) as profile,
        (select coalesce(json_agg(${commentJson('c', 'p', sql`c.moderation_reason`)} order by c.created_at desc),
            '[]'::json)
          from (select * from ${comments} c0 where c0.user_id = ${viewerId}
            and c0.status in ('held', 'hidden')
            and ${thread.kind === 'question' ? sql`c0.question_id = ${thread.questionId}` : sql`c0.article_id = ${thread.articleId}`}
            order by c0.created_at desc limit 50) c
          left join ${communityProfiles} p on p.user_id = c.user_id) as own,
        (select coalesce(json_agg(comment_id), '[]'::json) from ${commentVotes}
          where user_id = ${viewerId} and comment_id = any(${ids})) as voted,
        (select coalesce(json_agg(comment_id), '[]'::json) from ${commentReports}
          where user_id = ${viewerId} and comment_id = any(${ids})) as reported`,
  );
  const profile = row?.profile ? parsedJson(row.profile) : null;
  return {
    allowed: row?.allowed === true,
    profile: profile
      ? {
          displayName: profile.display_name,
          commentingSuspendedAt: profile.suspended_at ? new Date(profile.suspended_at) : null,
        }
      : undefined,
    own: row ? parsedJson(row.own).map(commentOf) : [],
    voted: new Set(row ? parsedJson(row.voted) : []),
    reported: new Set(row ? parsedJson(row.reported) : []),
  };
}

/** One comment as `viewerId` sees it (whatever its status; the caller decides what may be shown). */
export async function findComment(
  db: Executor,
  commentId: string,
  viewerId: string,
  lock = false,
): Promise<CommentRow | undefined> {
  const [row] = rowsOf<RawComment>(
    await db.execute(sql`
      select ${viewColumns(viewerId)}
      from ${comments} c left join ${communityProfiles} p on p.user_id = c.user_id
      where c.id = ${commentId}
      ${lock ? sql`for update of c` : sql``}`),
  );
  return row ? commentOf(row) : undefined;
}

// ---- Writing ------------------------------------------------------------------------------------------

/** What posting checks, read after the learner's profile row is locked (so concurrent posts are counted). */
export interface PostingFacts {
  /** comments posted since `since`, in all threads and in this one, and when the oldest of each was */
  all: number;
  inThread: number;
  oldestAll: Date | null;
  oldestInThread: Date | null;
  /** one of the learner's comments is visible (approved or never held) */
  hasVisible: boolean;
}

/**
 * How many comments the learner posted since `since`, in all threads and in this one, when the oldest of
 * each was posted (a refusal says when the next post is allowed), and whether one of their comments is
 * visible: one named statement per thread kind.
 */
export async function postingFacts(
  db: Executor,
  userId: string,
  thread: Thread,
  since: Date,
): Promise<PostingFacts> {
  const [row] = await executeNamed<{
    all: string | number;
    in_thread: string | number;
    oldest_all: Date | string | null;
    oldest_in_thread: Date | string | null;
    has_visible: boolean;
  }>(
    db,
    `community_posting_facts_${thread.kind}`,
    sql`
      select count(*) as all, count(*) filter (where ${threadColumn(thread)}) as in_thread,
        min(c.created_at) as oldest_all, min(c.created_at) filter (where ${threadColumn(thread)}) as oldest_in_thread,
        exists (select 1 from ${comments} v where v.user_id = ${userId} and v.status = 'visible') as has_visible
      from ${comments} c where c.user_id = ${userId} and c.created_at > ${since.toISOString()}::timestamptz`,
  );
  return {
    all: Number(row?.all ?? 0),
    inThread: Number(row?.in_thread ?? 0),
    oldestAll: row?.oldest_all ? new Date(row.oldest_all) : null,
    oldestInThread: row?.oldest_in_thread ? new Date(row.oldest_in_thread) : null,
    hasVisible: row?.has_visible === true,
  };
}

export interface NewComment {
  thread: Thread;
  parentId: string | null;
  userId: string | null;
  adminId: string | null;
  teamName: string | null;
  body: string;
  status: CommentStatus;
}

/** Inserts a comment; answers its id and when it was written. */
export async function insertComment(
  db: Executor,
  values: NewComment,
): Promise<{ id: string; createdAt: Date }> {
  const id = uuidv7();
  const [row] = await executeNamed<{ created_at: Date | string }>(
    db,
    'community_insert_comment',
    sql`
      insert into ${comments} (id, question_id, article_id, parent_id, user_id, admin_id, team_name, body, status)
      values (${id}, ${values.thread.kind === 'question' ? values.thread.questionId : null}::uuid,
        ${values.thread.kind === 'article' ? values.thread.articleId : null}::uuid, ${values.parentId}::uuid,
        ${values.userId}::uuid, ${values.adminId}::uuid, ${values.teamName}::text, ${values.body}, ${values.status})
      returning created_at`,
  );
  return { id, createdAt: new Date(row!.created_at) };
}

export async function updateBody(db: Executor, commentId: string, body: string): Promise<void> {
  await db.execute(sql`update ${comments} set body = ${body}, edited_at = now() where id = ${commentId}`);
}

/** A learner deletes their own comment: its text goes, the row stays while replies hang on it. */
export async function markDeleted(db: Executor, commentId: string): Promise<void> {
  await db.execute(sql`
    update ${comments} set status = 'deleted', body = '', open_reports = 0 where id = ${commentId}`);
  await db.execute(sql`
    update ${commentReports} set status = 'closed' where comment_id = ${commentId} and status = 'open'`);
}

/** Adds the learner's helpful vote once; the comment's count after it. */
export async function addVote(db: Executor, commentId: string, userId: string): Promise<number> {
  const [row] = rowsOf<{ helpful: number }>(
    await db.execute(sql`
      with added as (
        insert into ${commentVotes} (comment_id, user_id) values (${commentId}, ${userId})
        on conflict do nothing returning comment_id
      ), counted as (
        update ${comments} set helpful = helpful + 1 where id = ${commentId} and exists (select 1 from added)
        returning helpful
      )
      select helpful from counted
      union all select helpful from ${comments} where id = ${commentId} and not exists (select 1 from added)`),
  );
  return Number(row?.helpful ?? 0);
}

export async function removeVote(db: Executor, commentId: string, userId: string): Promise<number> {
  const [row] = rowsOf<{ helpful: number }>(
    await db.execute(sql`
      with removed as (
        delete from ${commentVotes} where comment_id = ${commentId} and user_id = ${userId}
        returning comment_id
      ), counted as (
        update ${comments} set helpful = helpful - 1
        where id = ${commentId} and exists (select 1 from removed) returning helpful
      )
      select helpful from counted
      union all select helpful from ${comments} where id = ${commentId} and not exists (select 1 from removed)`),
  );
  return Number(row?.helpful ?? 0);
}

/** Files a report once per learner and comment; true when it is new. */
export async function insertReport(
  db: Executor,
  values: { commentId: string; userId: string; reason: CommentReportReason; details: string },
): Promise<boolean> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      with filed as (
        insert into ${commentReports} (id, comment_id, user_id, reason, details)
        values (${uuidv7()}, ${values.commentId}, ${values.userId}, ${values.reason}, ${values.details})
        on conflict (comment_id, user_id) do nothing returning id
      ), counted as (
        update ${comments} set open_reports = open_reports + 1
        where id = ${values.commentId} and exists (select 1 from filed) returning id
      )
      select id from filed`),
  );
  return row !== undefined;
}

// ---- The panel ------------------------------------------------------------------------------------------

export type ModerationView = 'attention' | 'held' | 'reported' | 'hidden' | 'all';

const VIEW_FILTER: Record<ModerationView, SQL> = {
  attention: sql`(c.status = 'held' or (c.open_reports > 0 and c.status in ('visible', 'held')))`,
  held: sql`c.status = 'held'`,
  reported: sql`c.open_reports > 0 and c.status in ('visible', 'held')`,
  hidden: sql`c.status = 'hidden'`,
  all: sql`true`,
};

export interface AdminCommentRow {
  id: string;
  parentId: string | null;
  body: string;
  status: CommentStatus;
  createdAt: Date;
  editedAt: Date | null;
  helpful: number;
  userId: string | null;
  teamName: string | null;
  displayName: string | null;
  name: string | null;
  email: string | null;
  commentingSuspended: boolean;
  kind: 'question' | 'article';
  targetId: string;
  targetTitle: string;
  examTitle: string | null;
  openReports: number;
  reports: Array<{ reason: CommentReportReason; details: string; createdAt: string }>;
  moderationAction: ModerationOutcome | null;
  moderationReason: string;
  moderatedAt: Date | null;
}

interface RawAdminComment {
  id: string;
  parent_id: string | null;
  body: string;
  status: CommentStatus;
  created_at: Date | string;
  edited_at: Date | string | null;
  helpful: number;
  user_id: string | null;
  team_name: string | null;
  display_name: string | null;
  name: string | null;
  email: string | null;
  suspended: boolean;
  question_id: string | null;
  article_id: string | null;
  target_title: string | null;
  exam_title: string | null;
  open_reports: number;
  reports: Array<{ reason: CommentReportReason; details: string; createdAt: string }> | string | null;
  moderation_action: ModerationOutcome | null;
  moderation_reason: string;
  moderated_at: Date | string | null;
}

/** The open reports a queue row carries as JSON, parsed rather than trusted. */
const ReportsSchema = z.array(
  z.object({ reason: z.enum(COMMENT_REPORT_REASONS), details: safeString(), createdAt: safeString() }),
);

function adminCommentOf(row: RawAdminComment): AdminCommentRow {
  const reports = ReportsSchema.parse(
    typeof row.reports === 'string' ? (JSON.parse(row.reports) as unknown) : (row.reports ?? []),
  );
  return {
    id: row.id,
    parentId: row.parent_id,
    body: row.body,
    status: row.status,
    createdAt: new Date(row.created_at),
    editedAt: row.edited_at ? new Date(row.edited_at) : null,
    helpful: Number(row.helpful),
    userId: row.user_id,
    teamName: row.team_name,
    displayName: row.display_name,
    name: row.name,
    email: row.email,
    commentingSuspended: row.suspended,
    kind: row.question_id ? 'question' : 'article',
    targetId: (row.question_id ?? row.article_id)!,
    targetTitle: row.target_title ?? '',
    examTitle: row.exam_title,
    openReports: Number(row.open_reports),
    reports,
    moderationAction: row.moderation_action,
    moderationReason: row.moderation_reason,
    moderatedAt: row.moderated_at ? new Date(row.moderated_at) : null,
  };
}

const ADMIN_COLUMNS = sql`c.id, c.parent_id, c.body, c.status, c.created_at, c.edited_at, c.helpful, c.user_id,
  c.team_name, p.display_name, u.name, u.email, p.commenting_suspended_at is not null as suspended,
  c.question_id, c.article_id, coalesce(left(q.question, 200), a.title) as target_title, e.title as exam_title,
  c.open_reports, c.moderation_action, c.moderation_reason, c.moderated_at,
  (select coalesce(json_agg(json_build_object('reason', r.reason, 'details', r.details,
      'createdAt', to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
      order by r.created_at desc), '[]'::json)
    from (select * from ${commentReports} r0 where r0.comment_id = c.id and r0.status = 'open'
      order by r0.created_at desc limit 5) r) as reports`;

const ADMIN_FROM = sql`${comments} c
  left join ${communityProfiles} p on p.user_id = c.user_id
  left join ${users} u on u.id = c.user_id
  left join ${questions} q on q.id = c.question_id
  left join ${exams} e on e.id = q.exam_id
  left join ${articles} a on a.id = c.article_id`;

export async function moderationPage(
  db: Executor,
  view: ModerationView,
  page: { limit: number; offset: number },
): Promise<{ rows: AdminCommentRow[]; total: number }> {
  const filter = VIEW_FILTER[view];
  const [rows, [counted]] = await Promise.all([
    db.execute(sql`
      select ${ADMIN_COLUMNS} from ${ADMIN_FROM}
      where ${filter}
      order by c.created_at desc, c.id desc
      limit ${page.limit} offset ${page.offset}`),
    db
      .execute(sql`select count(*) as total from ${comments} c where ${filter}`)
      .then((result) => rowsOf<{ total: string | number }>(result)),
  ]);
  return { rows: rowsOf<RawAdminComment>(rows).map(adminCommentOf), total: Number(counted?.total ?? 0) };
}

export async function waitingCounts(db: Executor): Promise<{ held: number; reported: number }> {
  const [row] = rowsOf<{ held: string | number; reported: string | number }>(
    await db.execute(sql`
      select (select count(*) from ${comments} c where ${VIEW_FILTER.held}) as held,
        (select count(*) from ${comments} c where ${VIEW_FILTER.reported}) as reported`),
  );
  return { held: Number(row?.held ?? 0), reported: Number(row?.reported ?? 0) };
}

export async function findAdminComment(
  db: Executor,
  commentId: string,
  lock = false,
): Promise<AdminCommentRow | undefined> {
  const [row] = rowsOf<RawAdminComment>(
    await db.execute(sql`
      select ${ADMIN_COLUMNS} from ${ADMIN_FROM} where c.id = ${commentId}
      ${lock ? sql`for update of c` : sql``}`),
  );
  return row ? adminCommentOf(row) : undefined;
}

/** Applies a moderator's decision: the new status, the reason, and the open reports closed. */
export async function applyModeration(
  db: Executor,
  commentId: string,
  values: { status: CommentStatus; action: ModerationOutcome; reason: string; clearBody: boolean },
): Promise<void> {
  await db.execute(sql`
    update ${comments} set status = ${values.status}, moderation_action = ${values.action},
      moderation_reason = ${values.reason}, moderated_at = now(), open_reports = 0
      ${values.clearBody ? sql`, body = ''` : sql``}
    where id = ${commentId}`);
  await db.execute(sql`
    update ${commentReports} set status = 'closed' where comment_id = ${commentId} and status = 'open'`);
}

export async function adminName(db: Executor, adminId: string): Promise<string | undefined> {
  const [row] = rowsOf<{ name: string }>(
    await db.execute(sql`select name from ${admins} where id = ${adminId}`),
  );
  return row?.name;
}
