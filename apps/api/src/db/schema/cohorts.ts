import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { admins } from './admins.ts';
import { belongsTo, createdAt, id, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { mockExams } from './mocks.ts';
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

/** An exam (or a mock of it) a cohort is asked to sit by a due time. */
export const cohortAssignments = pgTable(
  'cohort_assignments',
  {
    id: id(),
    cohortId: belongsTo(() => cohorts.id),
    examId: belongsTo(() => exams.id),
    mockId: uuid().references(() => mockExams.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    dueAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    // One assignment of an exam (or of one mock) per cohort: a double submit makes one.
    unique('cohort_assignments_once').on(table.cohortId, table.examId, table.mockId).nullsNotDistinct(),
  ],
);
