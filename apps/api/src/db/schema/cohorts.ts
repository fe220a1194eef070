import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { mockExams } from './mocks.ts';
import { startedPracticeSet, type SittingMode } from './results.ts';
import { users } from './users.ts';

/*
 * Cohorts (decision 0079): a school's group of learners, run by its tutors (administrators with the role
 * Tutor), with invite codes to join and assignments of exams and mocks with a due date.
 */
export const cohorts = pgTable(
  'cohorts',
  {
    id: id(),
    name: text().notNull(),
    description: text(),
    startsOn: date({ mode: 'string' }).notNull(),
    endsOn: date({ mode: 'string' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One cohort per name, whatever the case: a repeated create is refused, not doubled.
    uniqueIndex('cohorts_name_unique').using('btree', sql`lower(${table.name})`),
    check('cohorts_dates', sql`${table.endsOn} >= ${table.startsOn}`),
  ],
);

/** The tutors of a cohort: administrators with the role Tutor (Owners manage every cohort without a row). */
export const cohortTutors = pgTable(
  'cohort_tutors',
  {
    cohortId: belongsTo(() => cohorts.id),
    adminId: belongsTo(() => admins.id),
  },
  (table) => [primaryKey({ columns: [table.cohortId, table.adminId] }), index().on(table.adminId)],
);

export const cohortMembers = pgTable(
  'cohort_members',
  {
    cohortId: belongsTo(() => cohorts.id),
    userId: belongsTo(() => users.id),
    joinedAt: createdAt(),
    /** Accommodations: percent added to the time limit of the cohort's timed sittings and mocks. */
    extraTimePercent: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.cohortId, table.userId] }),
    index().on(table.userId),
    check('cohort_members_extra_time', sql`${table.extraTimePercent} in (0, 25, 50, 75, 100)`),
  ],
);

/** Invite codes: only the SHA-256 of the code is stored (like every token), and its first characters. */
export const cohortInvites = pgTable(
  'cohort_invites',
  {
    id: id(),
    cohortId: belongsTo(() => cohorts.id),
    codeHash: text().notNull().unique(),
    codePrefix: text().notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    uses: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index().on(table.cohortId)],
);

const ASSIGNMENT_KINDS = ['exam', 'mock', 'practice'] as const;

/**
 * What a cohort is asked to do by a due time: sit an exam, sit a mock of it, or do a practice set drawn
 * from it (its topics, a size and a mode, as a course's practice unit).
 */
export const cohortAssignments = pgTable(
  'cohort_assignments',
  {
    id: id(),
    cohortId: belongsTo(() => cohorts.id),
    examId: belongsTo(() => exams.id),
    mockId: uuid().references(() => mockExams.id, { onDelete: 'cascade' }),
    kind: text({ enum: ASSIGNMENT_KINDS }).notNull().default('exam'),
    /** practice: the exam's topics to draw from ([] = all) */
    topics: jsonb().$type<string[]>().notNull().default([]),
    /** practice: how many questions */
    size: integer(),
    /** practice: the sitting's mode */
    mode: text({ enum: ['exam', 'timed', 'tutor'] }).$type<SittingMode>(),
    title: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // The cohort's list, and the extra-time lookup by cohort and exam (extraTimePercentFor).
    index('cohort_assignments_cohort_exam').on(table.cohortId, table.examId),
    // One assignment of an exam, or of one mock, per cohort: a double submit makes one. Practice sets of
    // one exam may be several (other topics, sizes), told apart by their titles.
    uniqueIndex('cohort_assignments_exam_once')
      .on(table.cohortId, table.examId)
      .where(sql`${table.kind} = 'exam'`),
    uniqueIndex('cohort_assignments_mock_once')
      .on(table.cohortId, table.mockId)
      .where(sql`${table.kind} = 'mock'`),
    uniqueIndex('cohort_assignments_practice_title')
      .using('btree', table.cohortId, sql`lower(${table.title})`)
      .where(sql`${table.kind} = 'practice'`),
    // Each kind carries its own fields and none of another kind's.
    check(
      'cohort_assignments_kind_fields',
      sql`(${table.kind} = 'exam' and ${table.mockId} is null and ${table.size} is null and ${table.mode} is null)
        or (${table.kind} = 'mock' and ${table.mockId} is not null and ${table.size} is null and ${table.mode} is null)
        or (${table.kind} = 'practice' and ${table.mockId} is null and ${table.size} between 5 and 100
          and ${table.mode} in ('exam', 'timed', 'tutor'))`,
    ),
  ],
);

/** A practice set a member started from a practice assignment (`startedPracticeSet`). */
export const cohortAssignmentSittings = pgTable(
  'cohort_assignment_sittings',
  {
    id: id(),
    attemptId: startedPracticeSet('cohort_assignment_sittings_attempt'),
    assignmentId: belongsTo(() => cohortAssignments.id),
    userId: belongsTo(() => users.id),
    createdAt: createdAt(),
  },
  (table) => [index('cohort_assignment_sittings_assignment_user').on(table.assignmentId, table.userId)],
);
