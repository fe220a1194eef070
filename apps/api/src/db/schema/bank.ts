import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { belongsTo, createdAt, id } from './columns.ts';
import { admins } from './admins.ts';
import { examResults } from './results.ts';
import { exams, questions, type MediaType } from './exams.ts';
import { users } from './users.ts';

/** Raw bytes: PGlite hands back a Uint8Array, node-postgres a Buffer (both are Uint8Arrays). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * An uploaded image (decision 0040), stored in the database so backups include it and every API process sees
 * it. Its bytes are the re-encoded image (metadata stripped), named by their SHA-256: the URL never changes
 * meaning, so it is cached for a year. One row per distinct image; uploading the same picture twice reuses
 * it.
 */
export const media = pgTable(
  'media',
  {
    id: id(),
    /** lower-case hex SHA-256 of `data` */
    hash: text().notNull().unique(),
    contentType: text({ enum: ['image/png', 'image/jpeg', 'image/webp'] })
      .$type<MediaType>()
      .notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    byteSize: integer().notNull(),
    data: bytea().notNull(),
    uploadedBy: uuid().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [check('media_size_positive', sql`${table.byteSize} > 0`)],
);

/**
 * One confirmed import of questions into an exam (decision 0039). Its key is sent by the page with the
 * confirmation, so a double click or a retried request imports once.
 */
export const questionImports = pgTable(
  'question_imports',
  {
    id: id(),
    examId: belongsTo(() => exams.id),
    /** chosen by the client for this confirmation; a repeat returns the first outcome */
    key: text().notNull(),
    format: text({ enum: ['csv', 'moodle-xml', 'gift', 'aiken'] }).notNull(),
    fileName: text().notNull().default(''),
    created: integer().notNull(),
    refused: integer().notNull(),
    adminId: uuid().references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex().on(table.examId, table.key)],
);

export type ReportReason = 'wrong-answer' | 'unclear' | 'outdated' | 'typo' | 'other';
export type ReportOutcome = 'fixed' | 'no-change' | 'removed';

/**
 * A learner's report of a problem with a question (decision 0041): open until an administrator resolves it,
 * saying what was done and, if asked, telling the learner. At most one open report per learner and question.
 */
export const questionReports = pgTable(
  'question_reports',
  {
    id: id(),
    questionId: belongsTo(() => questions.id),
    examId: belongsTo(() => exams.id),
    userId: belongsTo(() => users.id),
    /** the result being reviewed when it was sent, if any (tutor-mode reports have none yet) */
    resultId: uuid().references(() => examResults.id, { onDelete: 'set null' }),
    reason: text({ enum: ['wrong-answer', 'unclear', 'outdated', 'typo', 'other'] })
      .$type<ReportReason>()
      .notNull(),
    details: text().notNull().default(''),
    status: text({ enum: ['open', 'resolved'] })
      .notNull()
      .default('open'),
    outcome: text({ enum: ['fixed', 'no-change', 'removed'] }).$type<ReportOutcome>(),
    resolution: text(),
    /** the learner asked to hear what was done */
    notifyLearner: boolean().notNull().default(false),
    /** when the learner was told what was done (the administrator chose to tell them), if they were */
    notifiedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => admins.id, { onDelete: 'set null' }),
    resolvedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index().on(table.status, table.createdAt),
    index().on(table.questionId, table.status),
    index().on(table.userId, table.createdAt),
    uniqueIndex('question_reports_one_open')
      .on(table.userId, table.questionId)
      .where(sql`${table.status} = 'open'`),
  ],
);
