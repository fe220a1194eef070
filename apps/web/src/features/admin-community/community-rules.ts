import {
  AdminReplyBodySchema,
  CommentingBodySchema,
  MODERATION_VIEWS,
  ModerateBodySchema,
  type AdminComment,
  type CommentStatus,
  type ModerationResponse,
  type ModerationView,
} from '@mlp/contract';
import { formatDateTime } from '../../lib/format.ts';

/* What the community moderation page says and offers for each comment (decision 0056). */

export const MODERATION_VIEW_LABELS: Record<ModerationView, string> = {
  attention: 'Needs attention',
  held: 'Held',
  reported: 'Reported',
  hidden: 'Hidden',
  all: 'All',
};

/** What a view says when it holds no comments. */
export const EMPTY_VIEW_TEXT: Record<ModerationView, string> = {
  attention: 'Nothing needs attention.',
  held: 'No comments are waiting for approval.',
  reported: 'No comments have open reports.',
  hidden: 'No comments are hidden.',
  all: 'No comments yet.',
};

/** `?view=` as one of the queue's views; anything else is the default, 'attention'. */
export function readModerationView(searchParams: URLSearchParams): ModerationView {
  const value = searchParams.get('view');
  return (MODERATION_VIEWS as readonly string[]).includes(value ?? '')
    ? (value as ModerationView)
    : 'attention';
}

/** A tab's label: Held and Reported carry how many comments wait, once the queue has said. */
export function viewTabLabel(view: ModerationView, counts: ModerationResponse['counts'] | undefined): string {
  const label = MODERATION_VIEW_LABELS[view];
  if (!counts || (view !== 'held' && view !== 'reported')) return label;
  return `${label} (${counts[view]})`;
}

export const COMMENT_STATUS_LABELS: Record<CommentStatus, string> = {
  held: 'Held',
  visible: 'Visible',
  hidden: 'Hidden',
  deleted: 'Deleted',
};

/** Where the comment was posted: 'Question in Pharmacology: Which drug…' or 'Article: Sepsis bundles'. */
export function targetText(target: AdminComment['target']): string {
  if (target.kind === 'article') return `Article: ${target.title}`;
  return target.examTitle ? `Question in ${target.examTitle}: ${target.title}` : `Question: ${target.title}`;
}

/**
 * The last moderation's action in the past tense. The contract types it as free text: the API stores
 * 'approved', 'hidden' or 'deleted'; the verbs of MODERATION_ACTIONS are read too, anything else as it is.
 */
const MODERATION_DONE: Record<string, string> = {
  approved: 'Approved',
  hidden: 'Hidden',
  deleted: 'Deleted',
  approve: 'Approved',
  hide: 'Hidden',
  delete: 'Deleted',
};

/** The last moderation: 'Hidden on March 5, 2025 at 2:05 PM: Rude to another learner'. */
export function moderationText(moderation: NonNullable<AdminComment['moderation']>): string {
  const done = MODERATION_DONE[moderation.action] ?? moderation.action;
  const when = formatDateTime(moderation.at);
  return `${done}${when ? ` on ${when}` : ''}${moderation.reason ? `: ${moderation.reason}` : ''}`;
}

/**
 * The approve button's label, or null when there is nothing to approve: a held comment is approved (it
 * becomes visible); approving a reported visible comment dismisses its reports.
 */
export function approveLabel(comment: AdminComment): 'Approve' | 'Dismiss reports' | 'Show again' | null {
  if (comment.status === 'held') return 'Approve';
  // A hidden comment can be put back (decision 0056).
  if (comment.status === 'hidden') return 'Show again';
  if (comment.status === 'visible' && comment.reportCount > 0) return 'Dismiss reports';
  return null;
}

/** What a moderator may do to a comment besides approving it. */
export function commentActions(comment: AdminComment): {
  hide: boolean;
  delete: boolean;
  reply: boolean;
  /** suspend or restore the author's commenting: learners' comments only, not the team's */
  commenting: boolean;
} {
  return {
    hide: comment.status === 'held' || comment.status === 'visible',
    delete: comment.status !== 'deleted',
    // A team reply joins a thread learners can see.
    reply: comment.status === 'visible',
    commenting: !comment.author.team && comment.author.userId !== null,
  };
}

/** The contract's rule for a hide or delete reason (required, at most 500), in the server's words. */
export function moderationReasonProblem(action: 'hide' | 'delete', reason: string): string | null {
  const parsed = ModerateBodySchema.safeParse({ action, reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
}

/** The contract's rule for the reason a learner's commenting is suspended, in the server's words. */
export function suspendReasonProblem(reason: string): string | null {
  const parsed = CommentingBodySchema.safeParse({ suspended: true, reason });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Give a reason');
}

/** The contract's rule for a comment's text (required, at most 2,000, no HTML tags), in its words. */
export function replyProblem(body: string): string | null {
  const parsed = AdminReplyBodySchema.safeParse({ body });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Write something before posting');
}

/** The author as the panel names them: 'Ada Lovelace (ada@example.com)', or whichever of the two exists. */
export function authorAccount(author: AdminComment['author']): string {
  if (author.name && author.email) return `${author.name} (${author.email})`;
  return author.name || author.email || author.displayName;
}
