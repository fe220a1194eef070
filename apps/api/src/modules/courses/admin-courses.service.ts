import {
  topicNotInExam,
  type AdminCourse,
  type AdminCoursesResponse,
  type CourseBodySchema,
} from '@mlp/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { BadRequestError, findOr404 } from '../../lib/errors.ts';
import { pageCount } from '../../lib/paging.ts';
import { changedFields } from '../audit/audit-changes.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { articleSummaries } from '../articles/articles.service.ts';
import {
  approvedQuestionCounts,
  examSummaries,
  topicsAsSpelled,
  type ExamSummary,
} from '../exams/exams.service.ts';
import { isUploadedImage } from '../media/media.service.ts';
import { toCourse, toCourseListItem, unitTitle } from './courses.dto.ts';
import { COURSES_MESSAGES } from './courses.messages.ts';
import { forgetCourseOutline, loadContent } from './courses.service.ts';
import {
  adminFilter,
  deleteCourse,
  enrolmentCounts,
  findCourse,
  insertCourse,
  pageCourses,
  replaceUnits,
  unitsOf,
  updateCourse,
  type CourseRow,
  type CourseUnitRow,
  type NewCourseUnit,
} from './courses.repository.ts';

/*
 * Course authoring (decision 0053). A save sends the whole course with its units in order: a unit with an
 * `_id` of this course keeps its id (and learners' progress on it), one without is new, one left out is
 * removed with the progress on it. Everything is checked before anything is written, and written in one
 * transaction with its activity-log entry.
 */

type CourseInput = z.output<typeof CourseBodySchema>;
type UnitInput = CourseInput['units'][number];

export async function listForAdmin(
  ctx: AppContext,
  query: { page: number; limit: number; keyword: string },
): Promise<AdminCoursesResponse> {
  const { rows, total } = await pageCourses(ctx.db, {
    filter: adminFilter(query.keyword),
    order: 'updated',
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  const ids = rows.map((row) => row.id);
  const [units, counts] = await Promise.all([unitsOf(ctx.db, ids), enrolmentCounts(ctx.db, ids)]);
  const content = await loadContent(ctx.db, units);
  return {
    courses: rows.map((row) => ({
      ...toCourseListItem(
        row,
        units.filter((unit) => unit.courseId === row.id),
        content,
      ),
      enrolments: counts.get(row.id)?.enrolments ?? 0,
      completions: counts.get(row.id)?.completions ?? 0,
    })),
    page: query.page,
    pages: pageCount(total, query.limit),
    total,
  };
}

async function adminCourse(db: Executor, row: CourseRow): Promise<AdminCourse> {
  const [units, counts] = await Promise.all([unitsOf(db, [row.id]), enrolmentCounts(db, [row.id])]);
  const content = await loadContent(db, units);
  const course = toCourse(row, units, content);
  return {
    ...course,
    units: course.units.map((shown, index) => {
      const article = units[index]?.articleId ? content.articles.get(units[index].articleId) : undefined;
      return {
        ...shown,
        customTitle: units[index]?.title ?? '',
        article: article ? { title: article.title, status: article.status } : null,
      };
    }),
    coverImage: row.coverImage,
    enrolments: counts.get(row.id)?.enrolments ?? 0,
  };
}

async function existingCourse(db: Executor, id: string, lock = false): Promise<CourseRow> {
  return findOr404(id, () => findCourse(db, id, { publishedOnly: false, lock }), COURSES_MESSAGES.notFound);
}

export async function getForAdmin(ctx: AppContext, id: string): Promise<AdminCourse> {
  return adminCourse(ctx.db, await existingCourse(ctx.db, id));
}

/** The exam's topics as it spells them (matched ignoring case), each once; anything else is a 400. */
function examTopics(n: number, exam: ExamSummary, wanted: string[]): string[] {
  const spelled = topicsAsSpelled(exam.topics, wanted);
  if ('unknown' in spelled)
    throw new BadRequestError(COURSES_MESSAGES.topic(n, topicNotInExam(spelled.unknown)));
  return spelled.topics;
}

/**
 * The units as stored: each kind's own fields only (another kind's are dropped), checked against the
 * articles and exams they name; publishing also needs a unit at least and every article and exam
 * published. `existing` are the course's units now (their ids may be kept). 400 on the first problem.
 */
async function checkedUnits(
  db: Executor,
  body: CourseInput,
  existing: CourseUnitRow[],
): Promise<Array<NewCourseUnit & { id?: string | undefined }>> {
  if (body.status === 'published' && body.units.length === 0)
    throw new BadRequestError(COURSES_MESSAGES.unitsRequired);
  const ids = (key: 'articleId' | 'examId') => [
    ...new Set(body.units.flatMap((unit) => (unit[key] ? [unit[key]] : []))),
  ];
  const [articleRows, examRows] = await Promise.all([
    articleSummaries(db, ids('articleId')),
    examSummaries(db, ids('examId')),
  ]);
  const articles = new Map(articleRows.map((article) => [article.id, article]));
  const exams = new Map(examRows.map((exam) => [exam.id, exam]));
  const own = new Set(existing.map((unit) => unit.id));
  const seen = new Set<string>();
  const publishing = body.status === 'published';

  const units = body.units.map((unit: UnitInput, index) => {
    const n = index + 1;
    if (unit._id !== undefined) {
      if (!own.has(unit._id)) throw new BadRequestError(COURSES_MESSAGES.unitNotInCourse(n));
      if (seen.has(unit._id)) throw new BadRequestError(COURSES_MESSAGES.unitTwice(n));
      seen.add(unit._id);
    }
    const none = { articleId: null, examId: null, topics: [], size: null, mode: null, passMark: null };
    if (unit.kind === 'article') {
      const article = unit.articleId ? articles.get(unit.articleId) : undefined;
      if (!article) throw new BadRequestError(COURSES_MESSAGES.chooseArticle(n));
      if (publishing && article.status !== 'published')
        throw new BadRequestError(COURSES_MESSAGES.articleDraft(n));
      return {
        ...none,
        id: unit._id,
        kind: unit.kind,
        // A title the same as the article's is not kept: the unit then follows the article's title.
        title: unit.title === article.title ? '' : unit.title,
        articleId: article.id,
      };
    }
    const exam = unit.examId ? exams.get(unit.examId) : undefined;
    if (!exam) throw new BadRequestError(COURSES_MESSAGES.chooseExam(n));
    const common = {
      ...none,
      id: unit._id,
      kind: unit.kind,
      title: unit.title === exam.title ? '' : unit.title,
      examId: exam.id,
    };
    let values: NewCourseUnit & { id?: string | undefined };
    if (unit.kind === 'practice') {
      if (unit.size === null) throw new BadRequestError(COURSES_MESSAGES.chooseSize(n));
      if (unit.mode === null) throw new BadRequestError(COURSES_MESSAGES.chooseMode(n));
      if (!exam.modes.includes(unit.mode)) throw new BadRequestError(COURSES_MESSAGES.modeNotAllowed(n));
      values = { ...common, topics: examTopics(n, exam, unit.topics), size: unit.size, mode: unit.mode };
    } else {
      if (unit.passMark === null) throw new BadRequestError(COURSES_MESSAGES.choosePassMark(n));
      values = { ...common, passMark: unit.passMark };
    }
    if (publishing && !exam.isActive) throw new BadRequestError(COURSES_MESSAGES.examNotPublished(n));
    return values;
  });
  if (publishing) await checkPracticeSizes(db, units);
  return units;
}

/**
 * A published course's practice units must be startable: their exam has at least as many approved
 * questions in their topics as the set asks for (else every learner would meet "Only N questions match").
 */
async function checkPracticeSizes(db: Executor, units: Array<NewCourseUnit>): Promise<void> {
  const practice = units
    .map((unit, index) => ({ unit, n: index + 1 }))
    .filter(({ unit }) => unit.kind === 'practice' && unit.examId);
  const counts = await approvedQuestionCounts(
    db,
    practice.map(({ unit }) => ({ examId: unit.examId!, topics: unit.topics ?? [] })),
  );
  for (const [index, { unit, n }] of practice.entries()) {
    const available = counts[index] ?? 0;
    if (available < (unit.size ?? 0))
      throw new BadRequestError(
        COURSES_MESSAGES.tooFewQuestions(n, available, (unit.topics ?? []).length > 0),
      );
  }
}

async function courseValues(db: Executor, body: CourseInput) {
  if (body.coverImage && !(await isUploadedImage(db, body.coverImage)))
    throw new BadRequestError(COURSES_MESSAGES.coverNotUploaded);
  return {
    title: body.title,
    summary: body.summary,
    category: body.category,
    coverImage: body.coverImage,
    coverImageAlt: body.coverImage ? body.coverImageAlt : '',
    status: body.status,
  };
}

export async function create(ctx: AppContext, actor: Actor, body: CourseInput): Promise<AdminCourse> {
  return ctx.db.transaction(async (tx) => {
    const values = await courseValues(tx, body);
    const units = await checkedUnits(tx, body, []);
    const row = await insertCourse(tx, {
      ...values,
      publishedAt: values.status === 'published' ? ctx.clock.now() : null,
    });
    await replaceUnits(tx, row.id, units);
    await recordAudit(tx, actor, {
      action: 'created',
      entityType: 'course',
      entityId: row.id,
      details: { label: row.title, status: row.status, units: units.length },
    });
    return adminCourse(tx, row);
  });
}

/** What the activity log compares of a course: its fields and its units in order (kind and title). */
function auditView(row: Omit<CourseRow, 'id' | 'createdAt' | 'updatedAt' | 'publishedAt'>, units: string[]) {
  return {
    title: row.title,
    summary: row.summary,
    category: row.category,
    coverImage: row.coverImage,
    coverImageAlt: row.coverImageAlt,
    status: row.status,
    units,
  };
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  body: CourseInput,
): Promise<AdminCourse> {
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await existingCourse(tx, id, true);
    const existing = await unitsOf(tx, [before.id]);
    const values = await courseValues(tx, body);
    const units = await checkedUnits(tx, body, existing);
    const publishedNow = values.status === 'published' && before.status !== 'published';
    await updateCourse(tx, before.id, {
      ...values,
      ...(publishedNow ? { publishedAt: ctx.clock.now() } : {}),
      updatedAt: ctx.clock.now(),
    });
    await replaceUnits(tx, before.id, units);
    const after = await existingCourse(tx, before.id);
    const saved = await unitsOf(tx, [before.id]);
    const content = await loadContent(tx, [...existing, ...saved]);
    const describe = (list: CourseUnitRow[]) =>
      list.map((unit) => `${unit.kind}: ${unitTitle(unit, content)}`);
    await recordAudit(tx, actor, {
      action: 'updated',
      entityType: 'course',
      entityId: before.id,
      details: {
        label: after.title,
        status: after.status,
        changes: changedFields(auditView(before, describe(existing)), auditView(after, describe(saved))),
      },
    });
    return adminCourse(tx, after);
  });
  forgetCourseOutline(ctx, id);
  return updated;
}

/** Deletes the course with its units, enrolments and learners' progress in it. */
export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const row = await existingCourse(tx, id, true);
    await deleteCourse(tx, row.id);
    await recordAudit(tx, actor, {
      action: 'deleted',
      entityType: 'course',
      entityId: row.id,
      details: { label: row.title },
    });
  });
  forgetCourseOutline(ctx, id);
}
