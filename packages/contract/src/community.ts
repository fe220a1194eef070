import { z } from 'zod';
import { safeString } from './strings.ts';
import { IdSchema, pageQuery, pagedResponse } from './common.ts';

/*
 * The learning community (decision 0056): a discussion under each question, open only to learners who
 * have answered it (a submitted sitting, or a tutor-mode answer locked), and under each article; threaded
 * one level deep, plain text with a small formatting subset, helpful votes, reports and a moderation queue
 * in the panel. Learners post under a public display name, never their e-mail; an administrator's reply is
 * badged "Team".
 */

export const COMMUNITY_LIMITS = {
  /** characters in a comment */
  body: 2000,
  displayNameMin: 3,
  displayNameMax: 30,
  /** comments a learner may post in an hour, across all threads */
  perHour: 20,
  /** comments a learner may post in one thread in an hour */
  perThreadPerHour: 5,
  /** a comment may be edited for this long after it was posted */
  editMinutes: 15,
  reportDetails: 500,
  moderationReason: 500,
  /** top-level comments per page of a thread */
  threadPage: 20,
  /** replies shown under one comment */
  replies: 50,
} as const;

export const COMMUNITY_MESSAGES = {
  bodyRequired: 'Write something before posting',
  bodyTooLong: `Comments can be at most ${COMMUNITY_LIMITS.body} characters`,
  noHtml: 'Comments are plain text: remove the HTML tags',
  displayNameRequired: 'Choose a display name',
  displayNameLength: `A display name has ${COMMUNITY_LIMITS.displayNameMin} to ${COMMUNITY_LIMITS.displayNameMax} characters`,
  displayNameCharacters:
    "A display name may use letters, digits, spaces and . _ - ' only (not an e-mail address)",
  reasonRequired: 'Give a reason (the author is shown it)',
  reasonTooLong: `A reason can be at most ${COMMUNITY_LIMITS.moderationReason} characters`,
  detailsTooLong: `Details can be at most ${COMMUNITY_LIMITS.reportDetails} characters`,
} as const;

export const COMMENT_STATUSES = ['visible', 'held', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const COMMENT_REPORT_REASONS = ['incorrect', 'rude', 'spam', 'other'] as const;
export type CommentReportReason = (typeof COMMENT_REPORT_REASONS)[number];
export const COMMENT_REPORT_REASON_LABELS: Record<CommentReportReason, string> = {
  incorrect: 'Medically incorrect or misleading',
  rude: 'Rude or abusive',
  spam: 'Spam or advertising',
  other: 'Something else',
};

/** Tag-like text (`<b>`, `</script>`, `<!--`): refused, so a comment is never mistaken for markup. */
const HTML_TAG = /<\s*\/?\s*[a-z!][^>]*>/i;
/** Whether a comment body holds an HTML tag ("K+ < 3.5" does not). */
export function hasHtmlTag(value: string): boolean {
  return HTML_TAG.test(value);
}

export const CommentBodySchema = safeString({ message: COMMUNITY_MESSAGES.bodyRequired })
  .trim()
  .min(1, COMMUNITY_MESSAGES.bodyRequired)
  .max(COMMUNITY_LIMITS.body, COMMUNITY_MESSAGES.bodyTooLong)
  .refine((value) => !hasHtmlTag(value), COMMUNITY_MESSAGES.noHtml);

const DISPLAY_NAME_CHARACTERS = /^[\p{L}\p{N}][\p{L}\p{N} ._'-]*$/u;
export const DisplayNameSchema = safeString({ message: COMMUNITY_MESSAGES.displayNameRequired })
  .trim()
  .min(1, COMMUNITY_MESSAGES.displayNameRequired)
  .min(COMMUNITY_LIMITS.displayNameMin, COMMUNITY_MESSAGES.displayNameLength)
  .max(COMMUNITY_LIMITS.displayNameMax, COMMUNITY_MESSAGES.displayNameLength)
  .regex(DISPLAY_NAME_CHARACTERS, COMMUNITY_MESSAGES.displayNameCharacters)
  .transform((value) => value.replace(/\s+/g, ' '));

export const CommentAuthorSchema = z.object({
  displayName: safeString(),
  /** an administrator's reply */
  team: z.boolean(),
  /** the viewer wrote it */
  you: z.boolean(),
});

/**
 * A comment as a learner sees it. Another learner's held, hidden or deleted comment is never listed; a
 * deleted or hidden comment with replies stays as a placeholder with an empty body (status says which).
 * The author sees their own held and hidden comments, with the moderator's reason for a hidden one.
 */
export const CommentSchema = z.object({
  _id: safeString(),
  parentId: safeString().nullable(),
  author: CommentAuthorSchema,
  body: safeString(),
  status: z.enum(COMMENT_STATUSES),
  /** the moderator's reason, shown to the author of a hidden comment */
  moderatorNote: safeString().nullable(),
  createdAt: safeString(),
  editedAt: safeString().nullable(),
  helpful: z.number().int(),
  helpfulByYou: z.boolean(),
  reportedByYou: z.boolean(),
  /** the viewer may edit it now (their own, within COMMUNITY_LIMITS.editMinutes of posting) */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type Comment = z.infer<typeof CommentSchema>;

export const ThreadCommentSchema = CommentSchema.extend({ replies: z.array(CommentSchema) });
export type ThreadComment = z.infer<typeof ThreadCommentSchema>;

export const CommunityProfileSchema = z.object({
  /** null until the learner chooses one (they must before posting) */
  displayName: safeString().nullable(),
  /** an administrator suspended the learner's commenting */
  commentingSuspended: z.boolean(),
});
export type CommunityProfile = z.infer<typeof CommunityProfileSchema>;

export const ThreadQuerySchema = pageQuery({
  defaultLimit: COMMUNITY_LIMITS.threadPage,
  maxLimit: 50,
});

/** A thread: top-level comments by helpful votes then newest, each with its replies oldest first. */
export const ThreadResponseSchema = pagedResponse({
  comments: z.array(ThreadCommentSchema),
  /** top-level comments the viewer can see */
  total: z.number().int(),
  profile: CommunityProfileSchema,
});
export type ThreadResponse = z.infer<typeof ThreadResponseSchema>;

/** Ids in paths are loose: an unknown or malformed one is a 404, as elsewhere. */
export const QuestionThreadParamsSchema = z.object({ questionId: safeString().max(100) });
export const ArticleThreadParamsSchema = z.object({ articleId: safeString().max(100) });

export const PostCommentBodySchema = z.object({
  body: CommentBodySchema,
  /** a reply: the comment answered (a reply to a reply joins its thread's top-level comment) */
  parentId: IdSchema.optional(),
});
export type PostCommentBody = z.input<typeof PostCommentBodySchema>;

export const CommentResponseSchema = z.object({ message: safeString(), comment: CommentSchema });
export type CommentResponse = z.infer<typeof CommentResponseSchema>;

export const EditCommentBodySchema = z.object({ body: CommentBodySchema });

export const HelpfulResponseSchema = z.object({
  helpful: z.number().int(),
  helpfulByYou: z.boolean(),
});
export type HelpfulResponse = z.infer<typeof HelpfulResponseSchema>;

export const ReportCommentBodySchema = z.object({
  reason: z.enum(COMMENT_REPORT_REASONS, { message: 'Choose why you are reporting this comment' }),
  details: safeString()
    .trim()
    .max(COMMUNITY_LIMITS.reportDetails, COMMUNITY_MESSAGES.detailsTooLong)
    .optional()
    .default(''),
});
export type ReportCommentBody = z.input<typeof ReportCommentBodySchema>;

export const DisplayNameBodySchema = z.object({ displayName: DisplayNameSchema });
export const DisplayNameResponseSchema = z.object({
  message: safeString(),
  profile: CommunityProfileSchema,
});

// ---- The panel ------------------------------------------------------------------------------------

/** Which comments the moderation queue lists: needing attention (held or reported), or one kind. */
export const MODERATION_VIEWS = ['attention', 'held', 'reported', 'hidden', 'all'] as const;
export type ModerationView = (typeof MODERATION_VIEWS)[number];

export const ModerationQuerySchema = pageQuery({ defaultLimit: 20, maxLimit: 100 }).extend({
  view: z.enum(MODERATION_VIEWS, { message: 'Unknown view' }).optional().default('attention'),
});
export type ModerationQuery = z.input<typeof ModerationQuerySchema>;

/** What the last moderation did (approve: shown or reports dismissed; hide; delete). */
export const MODERATION_OUTCOMES = ['approved', 'hidden', 'deleted'] as const;
export type ModerationOutcome = (typeof MODERATION_OUTCOMES)[number];

export const AdminCommentSchema = z.object({
  _id: safeString(),
  parentId: safeString().nullable(),
  body: safeString(),
  status: z.enum(COMMENT_STATUSES),
  createdAt: safeString(),
  editedAt: safeString().nullable(),
  helpful: z.number().int(),
  author: z.object({
    /** the learner (null for an administrator's reply) */
    userId: safeString().nullable(),
    displayName: safeString(),
    /** the learner's account name and e-mail, for the panel only */
    name: safeString(),
    email: safeString(),
    team: z.boolean(),
    commentingSuspended: z.boolean(),
  }),
  /** where the comment is: a question (its text, shortened) or an article (its title) */
  target: z.object({
    kind: z.enum(['question', 'article']),
    id: safeString(),
    title: safeString(),
    /** the question's exam */
    examTitle: safeString().nullable(),
  }),
  /** open reports, newest first (at most 5 listed) */
  reports: z.array(
    z.object({
      reason: z.enum(COMMENT_REPORT_REASONS),
      details: safeString(),
      createdAt: safeString(),
    }),
  ),
  reportCount: z.number().int(),
  /** the last moderation: what, why and when */
  moderation: z.object({ action: safeString(), reason: safeString(), at: safeString() }).nullable(),
});
export type AdminComment = z.infer<typeof AdminCommentSchema>;

export const ModerationResponseSchema = pagedResponse({
  comments: z.array(AdminCommentSchema),
  total: z.number().int(),
  /** how many held and reported comments wait (the tabs' badges) */
  counts: z.object({ held: z.number().int(), reported: z.number().int() }),
});
export type ModerationResponse = z.infer<typeof ModerationResponseSchema>;

export const MODERATION_ACTIONS = ['approve', 'hide', 'delete'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/**
 * approve: show a held or hidden comment, or dismiss the reports of a visible one; hide and delete need a
 * reason.
 */
export const ModerateBodySchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS, { message: 'Choose approve, hide or delete' }),
    reason: safeString()
      .trim()
      .max(COMMUNITY_LIMITS.moderationReason, COMMUNITY_MESSAGES.reasonTooLong)
      .optional()
      .default(''),
  })
  .refine((body) => body.action === 'approve' || body.reason.length > 0, {
    message: COMMUNITY_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type ModerateBody = z.input<typeof ModerateBodySchema>;

export const AdminCommentResponseSchema = z.object({
  message: safeString(),
  comment: AdminCommentSchema,
});

export const AdminReplyBodySchema = z.object({ body: CommentBodySchema });

export const CommentingBodySchema = z
  .object({
    suspended: z.boolean({ message: 'suspended must be true or false' }),
    reason: safeString()
      .trim()
      .max(COMMUNITY_LIMITS.moderationReason, COMMUNITY_MESSAGES.reasonTooLong)
      .optional()
      .default(''),
  })
  .refine((body) => !body.suspended || body.reason.length > 0, {
    message: COMMUNITY_MESSAGES.reasonRequired,
    path: ['reason'],
  });
export type CommentingBody = z.input<typeof CommentingBodySchema>;
