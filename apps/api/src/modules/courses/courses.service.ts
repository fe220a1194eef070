import { randomUUID } from 'node:crypto';
import type {
  Course,
  CourseCertificate,
  CourseProgress,
  CoursesResponse,
  EnrolledCoursesResponse,
  StartUnitResponse,
  UnitProgress,
} from '@mlp/contract';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import {
  BadRequestError,
  ConflictError,
  findOr404,
  ForbiddenError,
  NotFoundError,
} from '../../lib/errors.ts';
import { isUuid } from '../../lib/ids.ts';
import { pageCount } from '../../lib/paging.ts';
import { readCacheOf } from '../../lib/read-cache.ts';
import { articleSummaries } from '../articles/articles.service.ts';
import { attemptOutcomes, examScoresSince } from '../attempts/attempts.service.ts';
import { examSummaries, findPublishedExam } from '../exams/exams.service.ts';
import { createPracticeSet } from '../practice/practice.service.ts';
import { activeSubscriptionExamIds, subscribeFree } from '../subscriptions/subscriptions.service.ts';
import { findUserById } from '../users/users.service.ts';
import { courseFigures, unitProgress, type LearnerFacts } from './course-progress.ts';
import { toCourse, toCourseListItem, type CourseContent } from './courses.dto.ts';
import { COURSES_MESSAGES } from './courses.messages.ts';
import {
  completeEnrolment,
  courseRecords,
  enrolmentsOf,
  findCourse,
  findEnrolment,
  insertEnrolment,
  insertRead,
  insertSitting,
  pageCourses,
  publishedFilter,
  readsOf,
  sittingsOf,
  unitsOf,
  type CourseCategory,
  type CourseRecords,
  type CourseRow,
  type CourseUnitRow,
  type EnrolmentRow,
} from './courses.repository.ts';

/*
 * Structured courses for visitors and learners (decision 0053). Access follows the exams a course draws
 * from: a unit of a paid exam is locked without a subscription to it; there is no payment path of its own.
 */

/** A learner's enrolled list is at most this long (newest enrolments first). */
const ENROLLED_LIMIT = 100;

/** The articles and exams the units use, as the course shows them (one read each, whatever the count). */
export async function loadContent(db: Executor, units: CourseUnitRow[]): Promise<CourseContent> {
  const ids = (key: 'articleId' | 'examId') => [
    ...new Set(units.flatMap((unit) => (unit[key] ? [unit[key]] : []))),
  ];
  const [articles, exams] = await Promise.all([
    articleSummaries(db, ids('articleId')),
    examSummaries(db, ids('examId')),
  ]);
  return {
    articles: new Map(articles.map((article) => [article.id, article])),
    exams: new Map(exams.map((exam) => [exam.id, exam])),
  };
}

/** Units grouped by course, in course order. */
function byCourse(units: CourseUnitRow[]): Map<string, CourseUnitRow[]> {
  const grouped = new Map<string, CourseUnitRow[]>();
  for (const unit of units) grouped.set(unit.courseId, [...(grouped.get(unit.courseId) ?? []), unit]);
  return grouped;
}

export async function listPublished(
  ctx: AppContext,
  query: { page: number; limit: number; search: string; category?: CourseCategory | undefined },
): Promise<CoursesResponse> {
  const { rows, total } = await pageCourses(ctx.db, {
    filter: publishedFilter(query.category, query.search),
    order: 'created',
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const units = await unitsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const content = await loadContent(ctx.db, units);
  const grouped = byCourse(units);
  return {
    courses: rows.map((row) => toCourseListItem(row, grouped.get(row.id) ?? [], content)),
    page: query.page,
    pages: pageCount(total, query.limit),
    total,
  };
}

async function publishedCourse(
  db: Executor,
  id: string,
): Promise<{ row: CourseRow; units: CourseUnitRow[] }> {
  const row = await findOr404(
    id,
    () => findCourse(db, id, { publishedOnly: true }),
    COURSES_MESSAGES.notFound,
  );
  return { row, units: await unitsOf(db, [row.id]) };
}

/** A published course with what its units show of their articles and exams. */
interface PublishedOutline {
  row: CourseRow;
  units: CourseUnitRow[];
  content: CourseContent;
}

const outlines = (ctx: AppContext) =>
  readCacheOf<PublishedOutline>(ctx.db, 'course outlines', ctx.config.readCacheMs);

/**
 * The published course's outline, kept by this process for `READ_CACHE_MS` (decision 0053, addendum): the
 * course page and a learner's progress are the hot reads, and an outline changes rarely. A course that is
 * not published (404) is never kept; an edit or deletion through this process forgets it.
 */
async function publishedOutline(ctx: AppContext, id: string): Promise<PublishedOutline> {
  return outlines(ctx).through(id, '', async () => {
    const { row, units } = await publishedCourse(ctx.db, id);
    return { row, units, content: await loadContent(ctx.db, units) };
  });
}

/** Forgets a course's kept outline (its administrator changed or deleted it). */
export function forgetCourseOutline(ctx: AppContext, id: string): void {
  outlines(ctx).forget(id);
}

export async function getPublished(ctx: AppContext, id: string): Promise<Course> {
  const { row, units, content } = await publishedOutline(ctx, id);
  return toCourse(row, units, content);
}

/**
 * What the learner did in these units, in four reads whatever their number: article reads, the practice
 * sets started from practice units with their outcome (the attempts module's), and the exam-mode sittings
 * of checkpoint exams since `since` (the earliest enrolment concerned; none when not enrolled).
 */
async function learnerFacts(
  db: Executor,
  userId: string,
  units: CourseUnitRow[],
  since: Date | null,
): Promise<LearnerFacts> {
  const of = (kind: CourseUnitRow['kind']) => units.filter((unit) => unit.kind === kind);
  const [reads, links] = await Promise.all([
    readsOf(
      db,
      userId,
      of('article').map((unit) => unit.id),
    ),
    sittingsOf(
      db,
      userId,
      of('practice').map((unit) => unit.id),
    ),
  ]);
  return sittingFacts(db, userId, units, since, { reads, links });
}

/**
 * The facts from the learner's reads and sitting links: the linked sets' outcomes and the checkpoint
 * exams' exam-mode sittings since `since`, read together (the attempts module's).
 */
async function sittingFacts(
  db: Executor,
  userId: string,
  units: CourseUnitRow[],
  since: Date | null,
  records: Pick<CourseRecords, 'reads' | 'links'>,
): Promise<LearnerFacts> {
  const { reads, links } = records;
  const checkpointExams = [
    ...new Set(units.flatMap((unit) => (unit.kind === 'checkpoint' && unit.examId ? [unit.examId] : []))),
  ];
  const [outcomeRows, examSittings] = await Promise.all([
    attemptOutcomes(
      db,
      userId,
      links.map((link) => link.attemptId),
    ),
    since ? examScoresSince(db, userId, checkpointExams, since) : [],
  ]);
  const outcomes = new Map(outcomeRows.map((outcome) => [outcome.attemptId, outcome]));
  return {
    reads: new Map(reads.map((read) => [read.unitId, read.readAt])),
    // A link whose attempt is gone (deleted with its exam) counts for nothing.
    sittings: links.flatMap((link) => {
      const outcome = outcomes.get(link.attemptId);
      return outcome ? [{ ...outcome, unitId: link.unitId }] : [];
    }),
    examSittings,
  };
}

/**
 * The course's progress, marking the enrolment complete the first time every unit is complete (an UPDATE
 * … WHERE completed_at IS NULL, so concurrent reads agree on one date and certificate). Once set it stays,
 * even if the course later gains units or a result is deleted: the certificate was earned then.
 */
async function progressOf(
  db: Executor,
  courseId: string,
  userId: string,
  units: CourseUnitRow[],
  enrolment: EnrolmentRow | undefined,
  facts: LearnerFacts,
  isLocked: (unit: CourseUnitRow) => boolean,
  now: Date,
): Promise<CourseProgress> {
  const progress: UnitProgress[] = units.map((unit) =>
    unitProgress(unit, facts, enrolment?.enrolledAt ?? null, isLocked(unit)),
  );
  const figures = courseFigures(progress);
  let completedAt = enrolment?.completedAt ?? null;
  if (enrolment && !completedAt && figures.allComplete) {
    const completed =
      (await completeEnrolment(db, courseId, userId, {
        completedAt: figures.reachedAt ?? now,
        certificateId: randomUUID(),
      })) ?? (await findEnrolment(db, courseId, userId));
    completedAt = completed?.completedAt ?? null;
  }
  return {
    courseId,
    enrolled: enrolment !== undefined,
    enrolledAt: enrolment ? enrolment.enrolledAt.toISOString() : null,
    completedAt: completedAt ? completedAt.toISOString() : null,
    completedUnits: figures.completedUnits,
    totalUnits: figures.totalUnits,
    nextUnitId: figures.nextUnitId,
    units: progress,
  };
}

/** The units' paid exams the learner may not open yet (no active subscription to them). */
async function lockedExams(
  ctx: AppContext,
  userId: string,
  units: CourseUnitRow[],
  content?: CourseContent,
): Promise<Set<string>> {
  const { exams } =
    content ??
    (await loadContent(
      ctx.db,
      units.filter((unit) => unit.examId),
    ));
  const paid = [...exams].flatMap(([id, exam]) => (exam.pricePence > 0 ? [id] : []));
  const active = new Set(await activeSubscriptionExamIds(ctx.db, userId, paid, ctx.clock.now()));
  return new Set(paid.filter((id) => !active.has(id)));
}

async function progressIn(
  ctx: AppContext,
  actor: Actor,
  course: { row: CourseRow; units: CourseUnitRow[]; content?: CourseContent },
): Promise<CourseProgress> {
  const { row, units } = course;
  const idsOf = (kind: CourseUnitRow['kind']) =>
    units.filter((unit) => unit.kind === kind).map((unit) => unit.id);
  // Round 1: the learner's course records (one statement) beside the subscriptions; round 2: what became
  // of the linked practice sets and the checkpoint sittings since enrolment.
  const [records, locked] = await Promise.all([
    courseRecords(ctx.db, row.id, actor.id, {
      articleUnitIds: idsOf('article'),
      practiceUnitIds: idsOf('practice'),
    }),
    lockedExams(ctx, actor.id, units, course.content),
  ]);
  const { enrolment } = records;
  const facts: LearnerFacts = enrolment
    ? await sittingFacts(ctx.db, actor.id, units, enrolment.enrolledAt, records)
    : { reads: new Map(), sittings: [], examSittings: [] };
  return progressOf(
    ctx.db,
    row.id,
    actor.id,
    units,
    enrolment,
    facts,
    (unit) => unit.examId !== null && locked.has(unit.examId),
    ctx.clock.now(),
  );
}

export async function progress(ctx: AppContext, actor: Actor, courseId: string): Promise<CourseProgress> {
  return progressIn(ctx, actor, await publishedOutline(ctx, courseId));
}

/** Enrols the learner in a published course (again: no change) and answers their progress. */
export async function enrol(ctx: AppContext, actor: Actor, courseId: string): Promise<CourseProgress> {
  const course = await publishedCourse(ctx.db, courseId);
  await insertEnrolment(ctx.db, course.row.id, actor.id);
  return progressIn(ctx, actor, course);
}

/** The published course's unit, or 404 (a unit of another course is not found either). */
function unitOf(course: { units: CourseUnitRow[] }, unitId: string): CourseUnitRow {
  const unit = course.units.find((candidate) => candidate.id === unitId);
  if (!unit) throw new NotFoundError(COURSES_MESSAGES.unitNotFound);
  return unit;
}

async function requireEnrolment(db: Executor, courseId: string, userId: string): Promise<EnrolmentRow> {
  const enrolment = await findEnrolment(db, courseId, userId);
  if (!enrolment) throw new ConflictError(COURSES_MESSAGES.notEnrolled);
  return enrolment;
}

/** Marks an article unit read (again: no change) and answers the progress. */
export async function markRead(
  ctx: AppContext,
  actor: Actor,
  courseId: string,
  unitId: string,
): Promise<CourseProgress> {
  const course = await publishedCourse(ctx.db, courseId);
  const unit = unitOf(course, unitId);
  if (unit.kind !== 'article') throw new BadRequestError(COURSES_MESSAGES.onlyArticleRead);
  await requireEnrolment(ctx.db, course.row.id, actor.id);
  await insertRead(ctx.db, unit.id, actor.id);
  return progressIn(ctx, actor, course);
}

/**
 * Opens a practice or checkpoint unit. A paid exam needs an active subscription (403 naming the exam); a
 * free exam's subscription is taken out on the way, as the exam page would (sittings and practice sets
 * need one). A checkpoint answers its exam, sat on the exam's page. A practice unit resumes the open set
 * started from it, or builds one through the practice module (which refuses, 409, while another set of
 * the learner's is in progress) and links it to the unit.
 */
export async function startUnit(
  ctx: AppContext,
  actor: Actor,
  courseId: string,
  unitId: string,
): Promise<StartUnitResponse> {
  const course = await publishedCourse(ctx.db, courseId);
  const unit = unitOf(course, unitId);
  await requireEnrolment(ctx.db, course.row.id, actor.id);
  if (unit.kind === 'article' || !unit.examId) throw new BadRequestError(COURSES_MESSAGES.articleNotStarted);
  const exam = await findPublishedExam(ctx.db, unit.examId);
  if (!exam) throw new ConflictError(COURSES_MESSAGES.examUnavailable);
  const subscribed =
    (await activeSubscriptionExamIds(ctx.db, actor.id, [exam.id], ctx.clock.now())).length > 0;
  if (!subscribed) {
    if (exam.pricePence > 0) throw new ForbiddenError(COURSES_MESSAGES.locked(exam.title));
    await subscribeFree(ctx, actor, exam);
  }
  if (unit.kind === 'checkpoint') return { kind: 'checkpoint', examId: exam.id };

  const links = await sittingsOf(ctx.db, actor.id, [unit.id]);
  const open = (
    await attemptOutcomes(
      ctx.db,
      actor.id,
      links.map((link) => link.attemptId),
    )
  ).find((outcome) => outcome.submittedAt === null);
  if (open) return { kind: 'practice', attemptId: open.attemptId };
  const attempt = await createPracticeSet(ctx, actor, {
    examIds: [exam.id],
    topics: unit.topics,
    source: 'all',
    size: unit.size ?? 0,
    mode: unit.mode ?? 'tutor',
  });
  // The practice service writes through its own handle (no executor to share), so the link is written
  // just after: if this failed, the set would be an ordinary practice set, and the unit not started.
  await insertSitting(ctx.db, { attemptId: attempt._id, unitId: unit.id, userId: actor.id });
  return { kind: 'practice', attemptId: attempt._id };
}

/** The learner's courses (published ones, newest enrolment first) with their figures. */
export async function enrolled(ctx: AppContext, actor: Actor): Promise<EnrolledCoursesResponse> {
  const enrolments = await enrolmentsOf(ctx.db, actor.id, ENROLLED_LIMIT);
  if (enrolments.length === 0) return { courses: [] };
  const units = await unitsOf(
    ctx.db,
    enrolments.map((enrolment) => enrolment.course.id),
  );
  const since = new Date(Math.min(...enrolments.map((enrolment) => enrolment.enrolledAt.getTime())));
  const [content, facts] = await Promise.all([
    loadContent(ctx.db, units),
    learnerFacts(ctx.db, actor.id, units, since),
  ]);
  const grouped = byCourse(units);
  const now = ctx.clock.now();
  const courses: EnrolledCoursesResponse['courses'] = [];
  for (const enrolment of enrolments) {
    const courseUnits = grouped.get(enrolment.course.id) ?? [];
    // Locks do not show in this list; only a course just completed writes (once).
    const figures = await progressOf(
      ctx.db,
      enrolment.course.id,
      actor.id,
      courseUnits,
      enrolment,
      facts,
      () => false,
      now,
    );
    courses.push({
      course: toCourseListItem(enrolment.course, courseUnits, content),
      enrolledAt: enrolment.enrolledAt.toISOString(),
      completedAt: figures.completedAt,
      completedUnits: figures.completedUnits,
      totalUnits: figures.totalUnits,
      nextUnitId: figures.nextUnitId,
    });
  }
  return { courses };
}

/**
 * The certificate of a completed course (404 before, and for anyone not enrolled: it is always the
 * caller's own). A course completed but not yet seen complete is checked first.
 */
export async function certificate(
  ctx: AppContext,
  actor: Actor,
  courseId: string,
): Promise<CourseCertificate> {
  const row = isUuid(courseId) ? await findCourse(ctx.db, courseId, { publishedOnly: false }) : undefined;
  let enrolment = row ? await findEnrolment(ctx.db, row.id, actor.id) : undefined;
  if (row && enrolment && !enrolment.completedAt && row.status === 'published') {
    await progressIn(ctx, actor, { row, units: await unitsOf(ctx.db, [row.id]) });
    enrolment = await findEnrolment(ctx.db, row.id, actor.id);
  }
  if (!row || !enrolment?.completedAt || !enrolment.certificateId)
    throw new NotFoundError(COURSES_MESSAGES.certificateNotFound);
  const [units, learner] = await Promise.all([unitsOf(ctx.db, [row.id]), findUserById(ctx.db, actor.id)]);
  return {
    certificateId: enrolment.certificateId,
    courseTitle: row.title,
    learnerName: learner?.name ?? '',
    completedAt: enrolment.completedAt.toISOString(),
    totalUnits: units.length,
  };
}
