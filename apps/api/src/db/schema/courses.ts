import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { articles } from './articles.ts';
import { media } from './bank.ts';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { startedPracticeSet, type SittingMode } from './results.ts';
import { users } from './users.ts';

/*
 * Structured courses (decision 0053): an ordered list of units (an article to read, a practice set drawn
 * from an exam, a checkpoint exam with a pass mark), learners' enrolments and what they did per unit.
 * A learner's scores are not copied here: progress reads the practice sets started from a unit
 * (course_unit_sittings) and the exam results themselves.
 */

const COURSE_CATEGORIES = ['medical', 'nursing', 'pharmacy', 'other'] as const;

export const courses = pgTable(
  'courses',
  {
    id: id(),
    title: text().notNull(),
    summary: text().notNull().default(''),
    category: text({ enum: COURSE_CATEGORIES }).notNull(),
    /** an uploaded image (media.hash), or none */
    coverImage: text().references(() => media.hash, { onDelete: 'set null' }),
    coverImageAlt: text().notNull().default(''),
    status: text({ enum: ['draft', 'published'] })
      .notNull()
      .default('draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** when it was last published (null while it has never been) */
    publishedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // The public list: published courses, newest first.
    index('courses_status_created').on(table.status, table.createdAt.desc()),
    // Search in title and summary, as articles_search_trgm does for articles (migration 0002): the list
    // filters on exactly this expression, so PostgreSQL can use the index for `like '%term%'`.
    index('courses_search_trgm').using(
      'gin',
      sql`lower(${table.title} || ' ' || ${table.summary}) gin_trgm_ops`,
    ),
    check('courses_category', sql`${table.category} in ('medical', 'nursing', 'pharmacy', 'other')`),
    check('courses_status', sql`${table.status} in ('draft', 'published')`),
  ],
);

const COURSE_UNIT_KINDS = ['article', 'practice', 'checkpoint'] as const;

/**
 * One step of a course, at `position` (0, 1, … in course order). An article or exam a unit uses cannot be
 * deleted (ON DELETE RESTRICT): the articles and exam authoring modules answer 409 instead.
 */
export const courseUnits = pgTable(
  'course_units',
  {
    id: id(),
    courseId: belongsTo(() => courses.id),
    position: integer().notNull(),
    kind: text({ enum: COURSE_UNIT_KINDS }).notNull(),
    /** the administrator's title; '' shows the article's or the exam's */
    title: text().notNull().default(''),
    articleId: uuid().references(() => articles.id, { onDelete: 'restrict' }),
    examId: uuid().references(() => exams.id, { onDelete: 'restrict' }),
    /** practice: the exam's topics to draw from ([] = all) */
    topics: jsonb().$type<string[]>().notNull().default([]),
    /** practice: how many questions */
    size: integer(),
    /** practice: the sitting's mode */
    mode: text({ enum: ['exam', 'timed', 'tutor'] }).$type<SittingMode>(),
    /** checkpoint: the score (%) that passes */
    passMark: integer(),
  },
  (table) => [
    // Positions are rewritten inside the saving transaction (moved out of the way first).
    unique('course_units_position').on(table.courseId, table.position),
    index('course_units_article').on(table.articleId),
    index('course_units_exam').on(table.examId),
    check('course_units_position_non_negative', sql`${table.position} >= 0`),
    // Each kind carries its own fields and none of another kind's.
    check(
      'course_units_kind_fields',
      sql`(${table.kind} = 'article' and ${table.articleId} is not null and ${table.examId} is null
          and ${table.size} is null and ${table.mode} is null and ${table.passMark} is null)
        or (${table.kind} = 'practice' and ${table.examId} is not null and ${table.articleId} is null
          and ${table.size} is not null and ${table.mode} is not null and ${table.passMark} is null)
        or (${table.kind} = 'checkpoint' and ${table.examId} is not null and ${table.articleId} is null
          and ${table.size} is null and ${table.mode} is null and ${table.passMark} is not null)`,
    ),
    check('course_units_mode', sql`${table.mode} is null or ${table.mode} in ('exam', 'timed', 'tutor')`),
    check('course_units_pass_mark', sql`${table.passMark} is null or ${table.passMark} between 1 and 100`),
    check('course_units_size', sql`${table.size} is null or ${table.size} >= 1`),
  ],
);

/**
 * A learner enrolled in a course. `completedAt` and `certificateId` are set together, once, when every unit
 * is first seen complete; they stay even if the course later gains units.
 */
export const courseEnrolments = pgTable(
  'course_enrolments',
  {
    courseId: belongsTo(() => courses.id),
    userId: belongsTo(() => users.id),
    enrolledAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp({ withTimezone: true }),
    /** random and unguessable: the certificate's number */
    certificateId: uuid().unique('course_enrolments_certificate_id'),
  },
  (table) => [
    primaryKey({ columns: [table.courseId, table.userId] }),
    index('course_enrolments_user').on(table.userId, table.enrolledAt.desc()),
    check(
      'course_enrolments_certificate',
      sql`(${table.completedAt} is null) = (${table.certificateId} is null)`,
    ),
  ],
);

/** An article unit a learner marked read. */
export const courseUnitReads = pgTable(
  'course_unit_reads',
  {
    unitId: belongsTo(() => courseUnits.id),
    userId: belongsTo(() => users.id),
    readAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.unitId, table.userId] })],
);

/** A practice set a learner started from a practice unit (`startedPracticeSet`). */
export const courseUnitSittings = pgTable(
  'course_unit_sittings',
  {
    id: id(),
    attemptId: startedPracticeSet('course_unit_sittings_attempt'),
    unitId: belongsTo(() => courseUnits.id),
    userId: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('course_unit_sittings_user_unit').on(table.userId, table.unitId)],
);
