import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { articles } from './articles.ts';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { questions } from './exams.ts';
import { users } from './users.ts';

/*
 * The learning community (decision 0056): comments under questions and articles, one level of replies,
 * helpful votes, reports, and each learner's public display name and commenting suspension.
 */

export type CommentStatus = 'visible' | 'held' | 'hidden' | 'deleted';
export type CommentReportReason = 'incorrect' | 'rude' | 'spam' | 'other';

/** A learner's public face in the community; a row exists once they chose a name or were suspended. */
export const communityProfiles = pgTable(
  'community_profiles',
  {
    userId: uuid()
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** shown beside their comments; unique whatever its case */
    displayName: text(),
    /** an administrator suspended the learner's commenting (reason kept for the panel) */
    commentingSuspendedAt: timestamp({ withTimezone: true }),
    commentingSuspendedReason: text().notNull().default(''),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('community_profiles_display_name').on(sql`lower(${table.displayName})`)],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    /** the thread: a question or an article (exactly one) */
    questionId: uuid().references(() => questions.id, { onDelete: 'cascade' }),
    articleId: uuid().references(() => articles.id, { onDelete: 'cascade' }),
    /** a reply's top-level comment (replies are one level deep) */
    parentId: uuid().references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    /** the learner who wrote it; null for a team reply */
    userId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    /** a team reply's administrator (null once that administrator is deleted; the name stays) */
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    /** a team reply's author name as it was when posted */
    teamName: text(),
    body: text().notNull(),
    status: text({ enum: ['visible', 'held', 'hidden', 'deleted'] })
      .$type<CommentStatus>()
      .notNull()
      .default('visible'),
    /** helpful votes, kept with the votes in one transaction */
    helpful: integer().notNull().default(0),
    /** reports not yet dealt with by a moderator */
    openReports: integer().notNull().default(0),
    createdAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    /** the last moderation ('approved', 'hidden', 'deleted'), with the reason the author is shown */
    moderationAction: text(),
    moderationReason: text().notNull().default(''),
    moderatedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check(
      'comments_one_thread',
      sql`(${table.questionId} is null) <> (${table.articleId} is null)`,
    ),
    check('comments_team_or_learner', sql`(${table.userId} is null) <> (${table.teamName} is null)`),
    check('comments_status', sql`${table.status} in ('visible', 'held', 'hidden', 'deleted')`),
    check('comments_counts', sql`${table.helpful} >= 0 and ${table.openReports} >= 0`),
    // A thread's top-level comments in the order they are shown.
    index('comments_question_thread')
      .on(table.questionId, table.helpful.desc(), table.createdAt.desc())
      .where(sql`${table.parentId} is null and ${table.questionId} is not null`),
    index('comments_article_thread')
      .on(table.articleId, table.helpful.desc(), table.createdAt.desc())
      .where(sql`${table.parentId} is null and ${table.articleId} is not null`),
    index('comments_replies').on(table.parentId, table.createdAt),
    // Rate limits and "has an approved comment" read a learner's recent comments.
    index('comments_user_created').on(table.userId, table.createdAt),
    // The moderation queue.
    index('comments_held').on(table.createdAt).where(sql`${table.status} = 'held'`),
    index('comments_reported')
      .on(table.createdAt)
      .where(sql`${table.openReports} > 0 and ${table.status} in ('visible', 'held')`),
    index('comments_status_created').on(table.status, table.createdAt),
  ],
);

/** One helpful vote per learner per comment. */
export const commentVotes = pgTable(
  'comment_votes',
  {
    commentId: belongsTo(() => comments.id),
    userId: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);

/** A learner's report of a comment: open until a moderator acts on the comment. One per learner. */
export const commentReports = pgTable(
  'comment_reports',
  {
    id: id(),
    commentId: belongsTo(() => comments.id),
    userId: belongsTo(() => users.id),
    reason: text({ enum: ['incorrect', 'rude', 'spam', 'other'] })
      .$type<CommentReportReason>()
      .notNull(),
    details: text().notNull().default(''),
    status: text({ enum: ['open', 'closed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('comment_reports_one_per_learner').on(table.commentId, table.userId),
    index('comment_reports_open').on(table.commentId, table.createdAt).where(sql`${table.status} = 'open'`),
  ],
);
