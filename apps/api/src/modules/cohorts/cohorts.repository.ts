import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { executeNamed } from '../../db/prepared.ts';
import {
  admins,
  cohortAssignmentSittings,
  cohortAssignments,
  cohortInvites,
  cohortMembers,
  cohortTutors,
  cohorts,
  examAttempts,
  examResults,
  exams,
  learnerTopicStats,
  mockExams,
  questionStats,
  questions,
  users,
} from '../../db/schema/index.ts';

/*
 * Cohorts (decision 0079): cohorts, their tutors, members, invite codes and assignments, and what an
 * assignment's status reads of the members' sittings and results.
 */

export type CohortRow = typeof cohorts.$inferSelect;
export type CohortValues = Pick<CohortRow, 'name' | 'description' | 'startsOn' | 'endsOn'>;
export type InviteRow = typeof cohortInvites.$inferSelect;
export type AssignmentRow = typeof cohortAssignments.$inferSelect;
export type TutorRow = { id: string; name: string; email: string };

/** Where `cohorts` is one the administrator may see: every cohort for an Owner, their own for a tutor. */
function visibleTo(adminId: string, owner: boolean): SQL | undefined {
  return owner
    ? undefined
    : sql`exists (select 1 from ${cohortTutors} ct where ct.cohort_id = ${cohorts.id} and ct.admin_id = ${adminId})`;
}

/** A cohort the administrator may see (locked for the caller's transaction when `lock`), else undefined. */
export async function findVisibleCohort(
  db: Executor,
  id: string,
  adminId: string,
  owner: boolean,
  lock = false,
): Promise<CohortRow | undefined> {
  const query = db
    .select()
    .from(cohorts)
    .where(and(eq(cohorts.id, id), visibleTo(adminId, owner)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function listVisibleCohorts(
  db: Executor,
  adminId: string,
  owner: boolean,
): Promise<Array<CohortRow & { members: number; assignments: number }>> {
  const rows = await db
    .select({
      cohort: cohorts,
      members: sql<number>`(select count(*) from ${cohortMembers} m where m.cohort_id = ${cohorts.id})::int`,
      assignments: sql<number>`(select count(*) from ${cohortAssignments} a where a.cohort_id = ${cohorts.id})::int`,
    })
    .from(cohorts)
    .where(visibleTo(adminId, owner))
    .orderBy(desc(cohorts.startsOn), asc(cohorts.name))
    .limit(500);
  return rows.map((row) => ({ ...row.cohort, members: row.members, assignments: row.assignments }));
}

export async function countsOf(
  db: Executor,
  cohortId: string,
): Promise<{ members: number; assignments: number }> {
  const [row] = await db
    .select({
      members: sql<number>`(select count(*) from ${cohortMembers} m where m.cohort_id = ${cohortId})::int`,
      assignments: sql<number>`(select count(*) from ${cohortAssignments} a where a.cohort_id = ${cohortId})::int`,
    })
    .from(sql`(select 1) as one`);
  return row ?? { members: 0, assignments: 0 };
}

/** The tutors of these cohorts, by cohort id. */
export async function tutorsOf(db: Executor, cohortIds: string[]): Promise<Map<string, TutorRow[]>> {
  const byCohort = new Map<string, TutorRow[]>();
  if (cohortIds.length === 0) return byCohort;
  const rows = await db
    .select({ cohortId: cohortTutors.cohortId, id: admins.id, name: admins.name, email: admins.email })
    .from(cohortTutors)
    .innerJoin(admins, eq(admins.id, cohortTutors.adminId))
    .where(inArray(cohortTutors.cohortId, cohortIds))
    .orderBy(asc(admins.name));
  for (const { cohortId, ...tutor } of rows)
    byCohort.set(cohortId, [...(byCohort.get(cohortId) ?? []), tutor]);
  return byCohort;
}

/** The administrators among `ids` whose role is Tutor. */
export async function findTutors(db: Executor, ids: string[]): Promise<TutorRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: admins.id, name: admins.name, email: admins.email })
    .from(admins)
    .where(and(inArray(admins.id, ids), eq(admins.role, 'tutor')));
}

/** Inserts a cohort; undefined when another has the same name (any case). */
export async function insertCohort(db: Executor, values: CohortValues): Promise<CohortRow | undefined> {
  const [row] = await db.insert(cohorts).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateCohort(
  db: Executor,
  id: string,
  values: CohortValues,
): Promise<CohortRow | undefined> {
  const [row] = await db
    .update(cohorts)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(cohorts.id, id))
    .returning();
  return row;
}

/** Whether a cohort other than `exceptId` has this name (any case). */
export async function nameTaken(db: Executor, name: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: cohorts.id })
    .from(cohorts)
    .where(
      and(
        sql`lower(${cohorts.name}) = lower(${name})`,
        exceptId ? sql`${cohorts.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function setTutors(db: Executor, cohortId: string, adminIds: string[]): Promise<void> {
  await db.delete(cohortTutors).where(eq(cohortTutors.cohortId, cohortId));
  if (adminIds.length > 0)
    await db.insert(cohortTutors).values(adminIds.map((adminId) => ({ cohortId, adminId })));
}

export async function deleteCohort(db: Executor, id: string): Promise<boolean> {
  const rows = await db.delete(cohorts).where(eq(cohorts.id, id)).returning({ id: cohorts.id });
  return rows.length > 0;
}

/* Members. */

export async function membersOf(
  db: Executor,
  cohortId: string,
): Promise<Array<{ id: string; name: string; email: string; joinedAt: Date; extraTimePercent: number }>> {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      joinedAt: cohortMembers.joinedAt,
      extraTimePercent: cohortMembers.extraTimePercent,
    })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(eq(cohortMembers.cohortId, cohortId))
    .orderBy(asc(users.name), asc(users.email))
    .limit(5000);
}

/**
 * The members whose account is in use: not suspended, not erased (at most 5,000, as `membersOf`). Mail
 * and access paid by the organisation go to these.
 */
export async function activeMembersOf(
  db: Executor,
  cohortId: string,
): Promise<Array<{ id: string; name: string; email: string }>> {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(cohortMembers)
    .innerJoin(users, eq(users.id, cohortMembers.userId))
    .where(and(eq(cohortMembers.cohortId, cohortId), isNull(users.suspendedAt), isNull(users.erasedAt)))
    .orderBy(asc(users.id))
    .limit(5000);
}

/**
 * The learner accounts with these addresses (not erased), each with whether it is already a member of the
 * cohort.
 */
export async function learnersByEmail(
  db: Executor,
  cohortId: string,
  emails: string[],
): Promise<Array<{ id: string; name: string; email: string; member: boolean }>> {
  if (emails.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      member: sql<boolean>`exists (select 1 from ${cohortMembers} m where m.cohort_id = ${cohortId} and m.user_id = ${users.id})`,
    })
    .from(users)
    .where(and(inArray(users.email, emails), isNull(users.erasedAt)));
}

/** Adds members; those already in stay as they were. Returns how many were added. */
export async function addMembers(db: Executor, cohortId: string, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const rows = await db
    .insert(cohortMembers)
    .values(userIds.map((userId) => ({ cohortId, userId })))
    .onConflictDoNothing()
    .returning({ userId: cohortMembers.userId });
  return rows.length;
}

export async function removeMember(
  db: Executor,
  cohortId: string,
  userId: string,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .delete(cohortMembers)
    .where(and(eq(cohortMembers.cohortId, cohortId), eq(cohortMembers.userId, userId)))
    .returning({ userId: cohortMembers.userId });
  if (!row) return undefined;
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  return { email: user?.email ?? '' };
}

/** Sets a member's extra time; undefined when the learner is not a member of the cohort. */
export async function updateMemberTime(
  db: Executor,
  cohortId: string,
  userId: string,
  extraTimePercent: number,
): Promise<{ email: string } | undefined> {
  const [row] = await db
    .update(cohortMembers)
    .set({ extraTimePercent })
    .from(users)
    .where(and(eq(cohortMembers.cohortId, cohortId), eq(cohortMembers.userId, userId), eq(users.id, userId)))
    .returning({ email: users.email });
  return row;
}

/**
 * The most extra time (percent) the learner holds in a cohort that is assigned one of the exams (as an
 * exam or by one of its mocks); 0 when none. By the member's index, then the assignments' unique index.
 */
export async function extraTimePercentFor(db: Executor, userId: string, examIds: string[]): Promise<number> {
  if (examIds.length === 0) return 0;
  const [row] = await db
    .select({ percent: sql<number>`coalesce(max(${cohortMembers.extraTimePercent}), 0)::int` })
    .from(cohortMembers)
    .where(
      and(
        eq(cohortMembers.userId, userId),
        sql`${cohortMembers.extraTimePercent} > 0`,
        sql`exists (select 1 from ${cohortAssignments} a
          where a.cohort_id = ${cohortMembers.cohortId} and a.exam_id = any(${sql.param(examIds)}::uuid[]))`,
      ),
    );
  return row?.percent ?? 0;
}

/* Invite codes. */

export async function insertInvite(
  db: Executor,
  values: Pick<InviteRow, 'cohortId' | 'codeHash' | 'codePrefix' | 'expiresAt'>,
): Promise<InviteRow> {
  const [row] = await db.insert(cohortInvites).values(values).returning();
  if (!row) throw new Error('insert into cohort_invites returned no row');
  return row;
}

export async function invitesOf(db: Executor, cohortId: string): Promise<InviteRow[]> {
  return db
    .select()
    .from(cohortInvites)
    .where(eq(cohortInvites.cohortId, cohortId))
    .orderBy(desc(cohortInvites.createdAt), desc(cohortInvites.id))
    .limit(200);
}

export async function revokeInvite(
  db: Executor,
  cohortId: string,
  inviteId: string,
  now: Date,
): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(cohortInvites)
    .set({ revokedAt: sql`coalesce(${cohortInvites.revokedAt}, ${now})` })
    .where(and(eq(cohortInvites.id, inviteId), eq(cohortInvites.cohortId, cohortId)))
    .returning();
  return row;
}

/** The invite with this code's hash and its cohort's name, locked for the join's transaction. */
export async function findInviteByHash(
  db: Executor,
  codeHash: string,
): Promise<(InviteRow & { cohortName: string }) | undefined> {
  const [row] = await db
    .select({ invite: cohortInvites, cohortName: cohorts.name })
    .from(cohortInvites)
    .innerJoin(cohorts, eq(cohorts.id, cohortInvites.cohortId))
    .where(eq(cohortInvites.codeHash, codeHash))
    .limit(1)
    .for('update', { of: cohortInvites });
  return row ? { ...row.invite, cohortName: row.cohortName } : undefined;
}

export async function countInviteUse(db: Executor, inviteId: string): Promise<void> {
  await db
    .update(cohortInvites)
    .set({ uses: sql`${cohortInvites.uses} + 1` })
    .where(eq(cohortInvites.id, inviteId));
}

/* Assignments. */

/** A published exam and, when given, its mock (not cancelled); undefined parts when missing. */
export async function findAssignable(
  db: Executor,
  examId: string,
  mockId: string | null,
): Promise<{
  exam?: {
    id: string;
    title: string;
    isActive: boolean;
    pricePence: number;
    topics: string[];
    modes: Array<'exam' | 'timed' | 'tutor'>;
  };
  mock?: { id: string; title: string; opensAt: Date };
}> {
  const [exam] = await db
    .select({
      id: exams.id,
      title: exams.title,
      isActive: exams.isActive,
      pricePence: exams.pricePence,
      topics: exams.topics,
      modes: exams.modes,
    })
    .from(exams)
    .where(eq(exams.id, examId))
    .limit(1);
  if (!mockId) return { exam };
  const [mock] = await db
    .select({ id: mockExams.id, title: mockExams.title, opensAt: mockExams.opensAt })
    .from(mockExams)
    .where(and(eq(mockExams.id, mockId), eq(mockExams.examId, examId), isNull(mockExams.cancelledAt)))
    .limit(1);
  return { exam, mock };
}

/** Published exams with their topics and modes, their mocks not cancelled that have not closed. */
export async function assignableExams(
  db: Executor,
  now: Date,
): Promise<
  Array<{
    id: string;
    title: string;
    topics: string[];
    modes: Array<'exam' | 'timed' | 'tutor'>;
    mocks: Array<{ id: string; title: string; opensAt: Date }>;
  }>
> {
  const examRows = await db
    .select({ id: exams.id, title: exams.title, topics: exams.topics, modes: exams.modes })
    .from(exams)
    .where(eq(exams.isActive, true))
    .orderBy(asc(exams.title))
    .limit(1000);
  const mockRows = await db
    .select({
      id: mockExams.id,
      examId: mockExams.examId,
      title: mockExams.title,
      opensAt: mockExams.opensAt,
    })
    .from(mockExams)
    .where(and(isNull(mockExams.cancelledAt), sql`${mockExams.closesAt} > ${now}`))
    .orderBy(asc(mockExams.opensAt));
  return examRows.map((exam) => ({
    ...exam,
    mocks: mockRows.filter((mock) => mock.examId === exam.id).map(({ examId: _, ...mock }) => mock),
  }));
}

/**
 * Inserts an assignment; undefined when the cohort already has one of this exam (or mock), or a practice
 * set with this title.
 */
export async function insertAssignment(
  db: Executor,
  values: Pick<AssignmentRow, 'cohortId' | 'examId' | 'mockId' | 'kind' | 'title' | 'dueAt'> &
    Partial<Pick<AssignmentRow, 'topics' | 'size' | 'mode'>>,
): Promise<AssignmentRow | undefined> {
  const [row] = await db.insert(cohortAssignments).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteAssignment(
  db: Executor,
  cohortId: string,
  assignmentId: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .delete(cohortAssignments)
    .where(and(eq(cohortAssignments.id, assignmentId), eq(cohortAssignments.cohortId, cohortId)))
    .returning();
  return row;
}

export type AssignmentWithNames = AssignmentRow & { examTitle: string; mockTitle: string | null };

const assignmentColumns = {
  assignment: cohortAssignments,
  examTitle: exams.title,
  mockTitle: mockExams.title,
};

export async function assignmentsOf(db: Executor, cohortId: string): Promise<AssignmentWithNames[]> {
  const rows = await db
    .select(assignmentColumns)
    .from(cohortAssignments)
    .innerJoin(exams, eq(exams.id, cohortAssignments.examId))
    .leftJoin(mockExams, eq(mockExams.id, cohortAssignments.mockId))
    .where(eq(cohortAssignments.cohortId, cohortId))
    .orderBy(asc(cohortAssignments.dueAt), asc(cohortAssignments.id))
    .limit(500);
  return rows.map((row) => ({ ...row.assignment, examTitle: row.examTitle, mockTitle: row.mockTitle }));
}

export async function findAssignment(
  db: Executor,
  cohortId: string,
  assignmentId: string,
): Promise<AssignmentWithNames | undefined> {
  const [row] = await db
    .select(assignmentColumns)
    .from(cohortAssignments)
    .innerJoin(exams, eq(exams.id, cohortAssignments.examId))
    .leftJoin(mockExams, eq(mockExams.id, cohortAssignments.mockId))
    .where(and(eq(cohortAssignments.id, assignmentId), eq(cohortAssignments.cohortId, cohortId)))
    .limit(1);
  return row ? { ...row.assignment, examTitle: row.examTitle, mockTitle: row.mockTitle } : undefined;
}

/*
 * What one member has done of one assignment (decision 0079). An exam's assignment counts the exam's own
 * sittings (not practice, not a mock's) from the assignment's creation: a result completed since is done (the
 * best score counts), an open sitting worked on since is in progress. A mock's assignment counts the
 * member's one sitting of that mock: handed in is done, open is in progress; its score once released. A
 * practice set's counts the sets the member started from it (cohort_assignment_sittings): one handed in is
 * done (the best score counts), one open is in progress.
 */
const linkedResults = sql`${cohortAssignmentSittings} l join ${examResults} r on r.attempt_id = l.attempt_id
  where l.assignment_id = a.id and l.user_id = m.user_id`;
const doneScore = sql<number | null>`case a.kind
  when 'exam' then (select max(r.score) from ${examResults} r where r.user_id = m.user_id
      and r.exam_id = a.exam_id and r.kind = 'exam' and r.mock_id is null and r.completed_at >= a.created_at)
  when 'mock' then (select max(r.score) from ${examResults} r where r.user_id = m.user_id and r.mock_id = a.mock_id)
  else (select max(r.score) from ${linkedResults}) end`;
const isDone = sql<boolean>`case a.kind
  when 'exam' then exists (select 1 from ${examResults} r where r.user_id = m.user_id and r.exam_id = a.exam_id
      and r.kind = 'exam' and r.mock_id is null and r.completed_at >= a.created_at)
  when 'mock' then exists (select 1 from ${examAttempts} s where s.user_id = m.user_id and s.mock_id = a.mock_id
      and s.submitted_at is not null)
  else exists (select 1 from ${linkedResults}) end`;
const isStarted = sql<boolean>`case a.kind
  when 'exam' then exists (select 1 from ${examAttempts} s where s.user_id = m.user_id and s.exam_id = a.exam_id
      and s.kind = 'exam' and s.mock_id is null and s.submitted_at is null and s.last_active_at >= a.created_at)
  when 'mock' then exists (select 1 from ${examAttempts} s where s.user_id = m.user_id and s.mock_id = a.mock_id
      and s.submitted_at is null)
  else exists (select 1 from ${cohortAssignmentSittings} l join ${examAttempts} s on s.id = l.attempt_id
      where l.assignment_id = a.id and l.user_id = m.user_id and s.submitted_at is null) end`;

export type ProgressRow = {
  assignmentId: string;
  userId: string;
  done: boolean;
  started: boolean;
  score: number | null;
};

/**
 * Each member's progress on the cohort's assignments (one assignment when `assignmentId`). A named
 * prepared statement (`executeNamed`): its nine sub-plans cost 2–3 ms to plan, more than the answer for a
 * cohort of 500 (docs/performance.md).
 */
export async function progressOf(
  db: Executor,
  cohortId: string,
  assignmentId?: string,
): Promise<ProgressRow[]> {
  return executeNamed<ProgressRow>(
    db,
    'cohort_progress',
    sql`select a.id as "assignmentId", m.user_id as "userId", ${isDone} as done, ${isStarted} as started,
      ${doneScore} as score
    from ${cohortAssignments} a join ${cohortMembers} m on m.cohort_id = a.cohort_id
    where a.cohort_id = ${cohortId} and (${assignmentId ?? null}::uuid is null or a.id = ${assignmentId ?? null}::uuid)`,
  );
}

export type AssignmentCounts = {
  assignmentId: string;
  done: number;
  inProgress: number;
  notStarted: number;
  overdue: number;
};

/**
 * How many members are at each stage of each of the cohort's assignments (one when `assignmentId`), counted
 * in the statement: the cohort's page needs the counts, not 500 rows per assignment. Prepared, as
 * `progressOf`. The stages are those
 * of `statusOf` in the service (done; else overdue after the due time; else in progress or not started).
 */
export async function countsByAssignment(
  db: Executor,
  cohortId: string,
  now: Date,
  assignmentId?: string,
): Promise<AssignmentCounts[]> {
  return executeNamed<AssignmentCounts>(
    db,
    'cohort_assignment_counts',
    sql`select id as "assignmentId",
      count(*) filter (where done)::int as done,
      count(*) filter (where not done and ${now} <= due_at and started)::int as "inProgress",
      count(*) filter (where not done and ${now} <= due_at and not started)::int as "notStarted",
      count(*) filter (where not done and ${now} > due_at)::int as overdue
    from (
      select a.id, a.due_at, ${isDone} as done, ${isStarted} as started
      from ${cohortAssignments} a join ${cohortMembers} m on m.cohort_id = a.cohort_id
      where a.cohort_id = ${cohortId}
        and (${assignmentId ?? null}::uuid is null or a.id = ${assignmentId ?? null}::uuid)
    ) progress
    group by id`,
  );
}

/** A learner's assignments in every cohort they belong to, with their own progress. */
export async function learnerAssignments(
  db: Executor,
  userId: string,
): Promise<Array<AssignmentWithNames & { cohortName: string; done: boolean; started: boolean }>> {
  const result: unknown = await db.execute(sql`
    select a.id, a.cohort_id as "cohortId", a.exam_id as "examId", a.mock_id as "mockId", a.kind,
      a.topics, a.size, a.mode, a.title, a.due_at as "dueAt", a.created_at as "createdAt", e.title as "examTitle", mk.title as "mockTitle",
      c.name as "cohortName", ${isDone} as done, ${isStarted} as started
    from ${cohortMembers} m
      join ${cohorts} c on c.id = m.cohort_id
      join ${cohortAssignments} a on a.cohort_id = m.cohort_id
      join ${exams} e on e.id = a.exam_id
      left join ${mockExams} mk on mk.id = a.mock_id
    where m.user_id = ${userId} and e.is_active
    order by a.due_at, a.id
    limit 100`);
  return (
    result as {
      rows: Array<
        AssignmentWithNames & {
          cohortName: string;
          done: boolean;
          started: boolean;
          dueAt: Date | string;
          createdAt: Date | string;
        }
      >;
    }
  ).rows.map((row) => ({ ...row, dueAt: new Date(row.dueAt), createdAt: new Date(row.createdAt) }));
}

/**
 * A practice set's assignment in one of the learner's cohorts; undefined when there is none (another
 * cohort's, an exam's or a mock's assignment, or none at all).
 */
export async function findMemberPractice(
  db: Executor,
  userId: string,
  assignmentId: string,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .select({ assignment: cohortAssignments })
    .from(cohortAssignments)
    .innerJoin(
      cohortMembers,
      and(eq(cohortMembers.cohortId, cohortAssignments.cohortId), eq(cohortMembers.userId, userId)),
    )
    .where(and(eq(cohortAssignments.id, assignmentId), eq(cohortAssignments.kind, 'practice')))
    .limit(1);
  return row?.assignment;
}

/** The practice sets the learner started from this assignment (those since replaced are left out). */
export async function assignmentSittingsOf(
  db: Executor,
  userId: string,
  assignmentId: string,
): Promise<string[]> {
  const rows = await db
    .select({ attemptId: cohortAssignmentSittings.attemptId })
    .from(cohortAssignmentSittings)
    .where(
      and(
        eq(cohortAssignmentSittings.assignmentId, assignmentId),
        eq(cohortAssignmentSittings.userId, userId),
        isNotNull(cohortAssignmentSittings.attemptId),
      ),
    );
  return rows.flatMap((row) => (row.attemptId ? [row.attemptId] : []));
}

/**
 * Links a practice set to the assignment it was started from, and drops the learner's links on it whose
 * set was replaced since (attempt_id set null).
 */
export async function insertAssignmentSitting(
  db: Executor,
  link: { attemptId: string; assignmentId: string; userId: string },
): Promise<void> {
  await db
    .delete(cohortAssignmentSittings)
    .where(
      and(
        eq(cohortAssignmentSittings.assignmentId, link.assignmentId),
        eq(cohortAssignmentSittings.userId, link.userId),
        isNull(cohortAssignmentSittings.attemptId),
      ),
    );
  await db.insert(cohortAssignmentSittings).values(link).onConflictDoNothing();
}

/** When the mock closes (undefined for an unknown one). */
export async function mockClosesAt(db: Executor, mockId: string): Promise<Date | undefined> {
  const [row] = await db
    .select({ closesAt: mockExams.closesAt })
    .from(mockExams)
    .where(eq(mockExams.id, mockId))
    .limit(1);
  return row?.closesAt;
}

/* The cohort against everyone (insights). */

/** The distinct exams the cohort's assignments draw on, with their titles (at most 50). */
export async function assignedExamsOf(
  db: Executor,
  cohortId: string,
): Promise<Array<{ id: string; title: string }>> {
  return db
    .selectDistinct({ id: exams.id, title: exams.title })
    .from(cohortAssignments)
    .innerJoin(exams, eq(exams.id, cohortAssignments.examId))
    .where(eq(cohortAssignments.cohortId, cohortId))
    .orderBy(asc(exams.title), asc(exams.id))
    .limit(50);
}

export type TopicFigures = { examId: string; topic: string; answered: number; correct: number };

/**
 * The members' answers by exam and topic, from their standing (learner_topic_stats, by its key: member,
 * exam, topic), with how many members answered each.
 */
export async function memberTopicFigures(
  db: Executor,
  cohortId: string,
  examIds: string[],
): Promise<Array<TopicFigures & { learners: number }>> {
  if (examIds.length === 0) return [];
  const result: unknown = await db.execute(sql`
    select ts.exam_id as "examId", ts.topic, sum(ts.answered)::int as answered,
      sum(ts.correct)::int as correct, count(*)::int as learners
    from ${cohortMembers} m join ${learnerTopicStats} ts on ts.user_id = m.user_id
    where m.cohort_id = ${cohortId} and ts.exam_id = any(${sql.param(examIds)}::uuid[]) and ts.answered > 0
    group by ts.exam_id, ts.topic`);
  return (result as { rows: Array<TopicFigures & { learners: number }> }).rows;
}

/**
 * Every learner's answers by exam and topic: the exams' questions (by their exam index) with everyone's
 * roll-up (question_stats), the topic spelled as the standing spells it ('General' when none).
 */
export async function everyoneTopicFigures(db: Executor, examIds: string[]): Promise<TopicFigures[]> {
  if (examIds.length === 0) return [];
  const result: unknown = await db.execute(sql`
    select q.exam_id as "examId", coalesce(q.topic, 'General') as topic,
      sum(s.answered)::int as answered, sum(s.correct)::int as correct
    from ${questions} q join ${questionStats} s on s.question_id = q.id
    where q.exam_id = any(${sql.param(examIds)}::uuid[])
    group by q.exam_id, coalesce(q.topic, 'General')`);
  return (result as { rows: TopicFigures[] }).rows;
}

/**
 * The members' results of these exams' own sittings (not practice sets, not mocks, whose scores wait for
 * their release) completed in [from, to), by UTC week: how many, by how many members, their mean score.
 * By each member's results in time order (exam_results_user_order).
 */
export async function memberWeeks(
  db: Executor,
  cohortId: string,
  examIds: string[],
  from: Date,
  to: Date,
): Promise<Array<{ weekStart: string; results: number; members: number; meanScore: number }>> {
  if (examIds.length === 0) return [];
  const result: unknown = await db.execute(sql`
    select to_char(date_trunc('week', r.completed_at at time zone 'UTC'), 'YYYY-MM-DD') as "weekStart",
      count(*)::int as results, count(distinct r.user_id)::int as members, round(avg(r.score))::int as "meanScore"
    from ${cohortMembers} m join ${examResults} r on r.user_id = m.user_id
    where m.cohort_id = ${cohortId} and r.exam_id = any(${sql.param(examIds)}::uuid[])
      and r.kind = 'exam' and r.mock_id is null and r.completed_at >= ${from} and r.completed_at < ${to}
    group by 1 order by 1`);
  return (
    result as { rows: Array<{ weekStart: string; results: number; members: number; meanScore: number }> }
  ).rows;
}
