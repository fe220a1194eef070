import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  notInArray,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  courseEnrolments,
  courseUnitReads,
  courseUnitSittings,
  courseUnits,
  courses,
} from '../../db/schema/index.ts';
import { executeNamed } from '../../db/prepared.ts';
import { likePattern } from '../../lib/paging.ts';

/*
 * Courses (decision 0053): this repository reads and writes the course tables only. What a course shows
 * of its articles and exams, and what progress needs of a learner's sittings, results and subscriptions,
 * comes from those modules' services.
 */

export type CourseRow = typeof courses.$inferSelect;
export type CourseUnitRow = typeof courseUnits.$inferSelect;
export type CourseCategory = CourseRow['category'];
export type NewCourseUnit = Omit<typeof courseUnits.$inferInsert, 'id' | 'courseId' | 'position'>;

/** The expression behind the trigram index `courses_search_trgm` (schema/courses.ts). */
const searchText = sql`lower(${courses.title} || ' ' || ${courses.summary})`;

export function publishedFilter(category: CourseCategory | undefined, search: string): SQL | undefined {
  return and(
    eq(courses.status, 'published'),
    category ? eq(courses.category, category) : undefined,
    search ? sql`${searchText} like ${likePattern(search.toLowerCase())}` : undefined,
  );
}

export function adminFilter(keyword: string): SQL | undefined {
  return keyword ? ilike(courses.title, likePattern(keyword)) : undefined;
}

/** One page of courses: newest first (`created`, the public list) or last edited first (`updated`). */
export async function pageCourses(
  db: Executor,
  options: { filter: SQL | undefined; order: 'created' | 'updated'; limit: number; offset: number },
): Promise<{ rows: CourseRow[]; total: number }> {
  const order =
    options.order === 'created'
      ? [desc(courses.createdAt), desc(courses.id)]
      : [desc(courses.updatedAt), desc(courses.id)];
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(courses)
      .where(options.filter)
      .orderBy(...order)
      .limit(options.limit)
      .offset(options.offset),
    db.select({ value: count() }).from(courses).where(options.filter),
  ]);
  return { rows, total: totals[0]?.value ?? 0 };
}

export async function findCourse(
  db: Executor,
  id: string,
  options: { publishedOnly: boolean; lock?: boolean },
): Promise<CourseRow | undefined> {
  const query = db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), options.publishedOnly ? eq(courses.status, 'published') : undefined))
    .limit(1);
  const [row] = await (options.lock ? query.for('update') : query);
  return row;
}

/** The units of these courses, each course's in order. */
export async function unitsOf(db: Executor, courseIds: string[]): Promise<CourseUnitRow[]> {
  if (courseIds.length === 0) return [];
  return db
    .select()
    .from(courseUnits)
    .where(inArray(courseUnits.courseId, courseIds))
    .orderBy(asc(courseUnits.courseId), asc(courseUnits.position));
}

export async function insertCourse(
  db: Executor,
  values: Omit<typeof courses.$inferInsert, 'id'>,
): Promise<CourseRow> {
  const [row] = await db.insert(courses).values(values).returning();
  if (!row) throw new Error('course insert returned nothing');
  return row;
}

export async function updateCourse(
  db: Executor,
  id: string,
  values: Partial<Omit<typeof courses.$inferInsert, 'id'>>,
): Promise<void> {
  await db.update(courses).set(values).where(eq(courses.id, id));
}

/** Deletes the course; its units, enrolments, reads and sitting links go with it (ON DELETE CASCADE). */
export async function deleteCourse(db: Executor, id: string): Promise<void> {
  await db.delete(courses).where(eq(courses.id, id));
}

/**
 * Makes the course's units the ones given, in order (positions 0..n-1): units not kept are deleted (the
 * learners' reads and sitting links on them go too), kept ones are rewritten in place (same id, so
 * progress on them stays), new ones are inserted. Call it inside the saving transaction.
 */
export async function replaceUnits(
  db: Executor,
  courseId: string,
  units: Array<NewCourseUnit & { id?: string | undefined }>,
): Promise<void> {
  const keptIds = units.flatMap((unit) => (unit.id ? [unit.id] : []));
  await db
    .delete(courseUnits)
    .where(
      and(
        eq(courseUnits.courseId, courseId),
        keptIds.length > 0 ? notInArray(courseUnits.id, keptIds) : undefined,
      ),
    );
  // Out of the way first: moved past the new positions (0..n-1), still distinct, so no unit takes its new
  // position while another still holds it (the unique key is checked row by row).
  await db
    .update(courseUnits)
    .set({ position: sql`${courseUnits.position} + ${units.length}` })
    .where(eq(courseUnits.courseId, courseId));
  const fresh: Array<typeof courseUnits.$inferInsert> = [];
  for (const [position, { id, ...values }] of units.entries()) {
    if (id) {
      await db
        .update(courseUnits)
        .set({ ...values, position })
        .where(and(eq(courseUnits.id, id), eq(courseUnits.courseId, courseId)));
    } else {
      fresh.push({ ...values, courseId, position });
    }
  }
  if (fresh.length > 0) await db.insert(courseUnits).values(fresh);
}

/** Per course: how many learners enrolled and how many completed it. */
export async function enrolmentCounts(
  db: Executor,
  courseIds: string[],
): Promise<Map<string, { enrolments: number; completions: number }>> {
  if (courseIds.length === 0) return new Map();
  const rows = await db
    .select({
      courseId: courseEnrolments.courseId,
      enrolments: count(),
      completions: count(courseEnrolments.completedAt),
    })
    .from(courseEnrolments)
    .where(inArray(courseEnrolments.courseId, courseIds))
    .groupBy(courseEnrolments.courseId);
  return new Map(
    rows.map((row) => [row.courseId, { enrolments: row.enrolments, completions: row.completions }]),
  );
}

export interface EnrolmentRow {
  enrolledAt: Date;
  completedAt: Date | null;
  certificateId: string | null;
}

const enrolmentColumns = {
  enrolledAt: courseEnrolments.enrolledAt,
  completedAt: courseEnrolments.completedAt,
  certificateId: courseEnrolments.certificateId,
};

export async function findEnrolment(
  db: Executor,
  courseId: string,
  userId: string,
): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .select(enrolmentColumns)
    .from(courseEnrolments)
    .where(and(eq(courseEnrolments.courseId, courseId), eq(courseEnrolments.userId, userId)))
    .limit(1);
  return row;
}

/** The learner's own records in one course: their enrolment, and (when enrolled) reads and sitting links. */
export interface CourseRecords {
  enrolment: EnrolmentRow | undefined;
  reads: Array<{ unitId: string; readAt: Date }>;
  links: Array<{ unitId: string; attemptId: string }>;
}

/**
 * `findEnrolment`, `readsOf` and `sittingsOf` for one course in one round trip, as a named prepared
 * statement (parsed and planned once per connection): the course progress read is the hot path of a course
 * page (docs/performance.md). Reads and links are only read for an enrolled learner.
 */
export async function courseRecords(
  db: Executor,
  courseId: string,
  userId: string,
  units: { articleUnitIds: string[]; practiceUnitIds: string[] },
): Promise<CourseRecords> {
  const [row] = await executeNamed<{
    enrolled_at: Date | string | null;
    completed_at: Date | string | null;
    certificate_id: string | null;
    reads: Array<{ unitId: string; readAt: string }> | string | null;
    links: Array<{ unitId: string; attemptId: string }> | string | null;
  }>(
    db,
    'course_learner_records',
    sql`
      select e.enrolled_at, e.completed_at, e.certificate_id,
        (select json_agg(json_build_object('unitId', r.unit_id, 'readAt', r.read_at))
          from ${courseUnitReads} r
          where r.user_id = ${userId} and r.unit_id = any(${sql.param(units.articleUnitIds)}::uuid[])) as reads,
        (select json_agg(json_build_object('unitId', l.unit_id, 'attemptId', l.attempt_id))
          from ${courseUnitSittings} l
          where l.user_id = ${userId} and l.unit_id = any(${sql.param(units.practiceUnitIds)}::uuid[])
            and l.attempt_id is not null) as links
      from ${courseEnrolments} e
      where e.course_id = ${courseId} and e.user_id = ${userId}`,
  );
  if (!row?.enrolled_at) return { enrolment: undefined, reads: [], links: [] };
  const json = <T>(value: T[] | string | null): T[] =>
    value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as T[]) : value;
  return {
    enrolment: {
      enrolledAt: new Date(row.enrolled_at),
      completedAt: row.completed_at ? new Date(row.completed_at) : null,
      certificateId: row.certificate_id,
    },
    reads: json(row.reads).map((read) => ({ unitId: read.unitId, readAt: new Date(read.readAt) })),
    links: json(row.links),
  };
}

/** Enrols the learner; enrolling again changes nothing. */
export async function insertEnrolment(db: Executor, courseId: string, userId: string): Promise<void> {
  await db.insert(courseEnrolments).values({ courseId, userId }).onConflictDoNothing();
}

/**
 * Marks the enrolment complete unless it already is (the first completion is the one kept); undefined
 * when it already was.
 */
export async function completeEnrolment(
  db: Executor,
  courseId: string,
  userId: string,
  completion: { completedAt: Date; certificateId: string },
): Promise<EnrolmentRow | undefined> {
  const [row] = await db
    .update(courseEnrolments)
    .set(completion)
    .where(
      and(
        eq(courseEnrolments.courseId, courseId),
        eq(courseEnrolments.userId, userId),
        isNull(courseEnrolments.completedAt),
      ),
    )
    .returning(enrolmentColumns);
  return row;
}

/** The learner's enrolments in published courses, newest enrolment first, with the courses. */
export async function enrolmentsOf(
  db: Executor,
  userId: string,
  limit: number,
): Promise<Array<EnrolmentRow & { course: CourseRow }>> {
  const rows = await db
    .select({ enrolment: enrolmentColumns, course: courses })
    .from(courseEnrolments)
    .innerJoin(courses, eq(courses.id, courseEnrolments.courseId))
    .where(and(eq(courseEnrolments.userId, userId), eq(courses.status, 'published')))
    .orderBy(desc(courseEnrolments.enrolledAt), desc(courseEnrolments.courseId))
    .limit(limit);
  return rows.map((row) => ({ ...row.enrolment, course: row.course }));
}

/** When the learner marked each of these (article) units read. */
export async function readsOf(
  db: Executor,
  userId: string,
  unitIds: string[],
): Promise<Array<{ unitId: string; readAt: Date }>> {
  if (unitIds.length === 0) return [];
  return db
    .select({ unitId: courseUnitReads.unitId, readAt: courseUnitReads.readAt })
    .from(courseUnitReads)
    .where(and(eq(courseUnitReads.userId, userId), inArray(courseUnitReads.unitId, unitIds)));
}

/** Marks an article unit read; marking it again keeps the first time. */
export async function insertRead(db: Executor, unitId: string, userId: string): Promise<void> {
  await db.insert(courseUnitReads).values({ unitId, userId }).onConflictDoNothing();
}

/** The practice sets the learner started from these units (those since replaced are left out). */
export async function sittingsOf(
  db: Executor,
  userId: string,
  unitIds: string[],
): Promise<Array<{ unitId: string; attemptId: string }>> {
  if (unitIds.length === 0) return [];
  const rows = await db
    .select({ unitId: courseUnitSittings.unitId, attemptId: courseUnitSittings.attemptId })
    .from(courseUnitSittings)
    .where(
      and(
        eq(courseUnitSittings.userId, userId),
        inArray(courseUnitSittings.unitId, unitIds),
        isNotNull(courseUnitSittings.attemptId),
      ),
    );
  return rows.flatMap((row) => (row.attemptId ? [{ unitId: row.unitId, attemptId: row.attemptId }] : []));
}

/**
 * Links a practice set to the unit it was started from, and drops the learner's links on this unit whose
 * set was replaced since (attempt_id set null).
 */
export async function insertSitting(
  db: Executor,
  link: { attemptId: string; unitId: string; userId: string },
): Promise<void> {
  await db
    .delete(courseUnitSittings)
    .where(
      and(
        eq(courseUnitSittings.userId, link.userId),
        eq(courseUnitSittings.unitId, link.unitId),
        isNull(courseUnitSittings.attemptId),
      ),
    );
  await db.insert(courseUnitSittings).values(link).onConflictDoNothing();
}
