import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type RouteBody } from '@mlp/contract';
import {
  createArticle,
  createCourse,
  createExam,
  createLearner,
  queryRows,
} from '../../../test/factories.ts';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { articles, courseUnits, exams, questions } from '../../db/schema/index.ts';

/* Course authoring (decision 0053): whole-course saves that keep unit ids, checks before writing, logging. */

const t = useTestApp();

const admin = useAdmin(t);

type CourseBody = RouteBody<typeof api.adminCourses.create>;

/** A valid draft course for the admin API; override what the test is about. */
function courseBody(overrides: Partial<CourseBody> = {}): CourseBody {
  return {
    title: 'Acute care',
    summary: 'What to do first',
    category: 'medical',
    status: 'draft',
    units: [],
    ...overrides,
  };
}

async function countOf(table: 'courses' | 'course_units'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from ${sql.raw(table)}`,
  );
  return row!.n;
}

async function auditOf(entityId: string) {
  return queryRows<{ action: string; entity_type: string; details: { label?: string; changes?: unknown[] } }>(
    t.ctx.db,
    sql`select action, entity_type, details from audit_log where entity_id = ${entityId} order by created_at, id`,
  );
}

describe('creating and reading courses', () => {
  it('creates a course with its units in order, each with its own fields only, and logs it', async () => {
    const article = await createArticle(t, { title: 'Fluids' });
    const exam = await createExam(t.ctx.db, {
      title: 'Acute medicine',
      topics: ['Cardiology', 'Renal'],
      numberOfQuestions: 5,
    });
    // Five questions in the unit's topics, so the published practice set can be started.
    await t.ctx.db.update(questions).set({ topic: 'Renal' }).where(eq(questions.examId, exam.id));
    const created = await t.call(api.adminCourses.create, {
      as: admin,
      body: courseBody({
        status: 'published',
        units: [
          // Another kind's fields are dropped; a title the same as the article's follows the article.
          { kind: 'article', title: 'Fluids', articleId: article.id, examId: exam.id, size: 10 },
          {
            kind: 'practice',
            examId: exam.id,
            topics: ['cardiology', 'Cardiology', 'RENAL'],
            size: 5,
            mode: 'tutor',
            passMark: 50,
            articleId: article.id,
          },
          { kind: 'checkpoint', title: 'Final check', examId: exam.id, passMark: 60, size: 9, mode: 'exam' },
        ],
      }),
    });
    expect(created.statusCode).toBe(201);
    const { message, course } = created.body;
    expect(message).toBe('Course created');
    expect(course).toMatchObject({
      title: 'Acute care',
      status: 'published',
      coverImage: null,
      coverImageUrl: null,
      enrolments: 0,
      unitCount: 3,
      paidExams: [],
      units: [
        { position: 0, kind: 'article', title: 'Fluids', articleId: article.id, examId: null, size: null },
        {
          position: 1,
          kind: 'practice',
          title: 'Acute medicine',
          articleId: null,
          examId: exam.id,
          topics: ['Cardiology', 'Renal'],
          size: 5,
          mode: 'tutor',
          passMark: null,
        },
        { position: 2, kind: 'checkpoint', title: 'Final check', size: null, mode: null, passMark: 60 },
      ],
    });
    // The editor's own fields: the administrator's title ('' when it follows the source) and the article.
    expect(course.units.map((unit) => [unit.customTitle, unit.article])).toEqual([
      ['', { title: 'Fluids', status: 'published' }],
      ['', null],
      ['Final check', null],
    ]);
    const stored = await t.ctx.db
      .select({ title: courseUnits.title, examId: courseUnits.examId })
      .from(courseUnits)
      .where(eq(courseUnits.courseId, course._id))
      .orderBy(courseUnits.position);
    expect(stored).toEqual([
      { title: '', examId: null },
      { title: '', examId: exam.id },
      { title: 'Final check', examId: exam.id },
    ]);
    expect((await t.call(api.adminCourses.detail, { as: admin, params: { id: course._id } })).body).toEqual(
      course,
    );
    expect(await auditOf(course._id)).toMatchObject([
      { action: 'created', entity_type: 'course', details: { label: 'Acute care' } },
    ]);
    const log = await t.call(api.audit.list, { as: admin, query: { limit: 5 } });
    expect(log.body.entries).toContainEqual(
      expect.objectContaining({
        entityId: course._id,
        summary: 'Created and published the course "Acute care"',
      }),
    );
    // Published, it is on the public list.
    expect((await t.call(api.courses.detail, { params: { id: course._id } })).statusCode).toBe(200);
  });

  it('lists courses by keyword, last edited first, with enrolments and completions', async () => {
    const article = await createArticle(t);
    const older = await createCourse(t, {
      title: 'Pangolin one',
      units: [{ kind: 'article', articleId: article.id }],
    });
    const newer = await createCourse(t, { title: 'Pangolin two', status: 'draft' });
    await createCourse(t, { title: 'Other' });
    for (const done of [true, false]) {
      const learner = await createLearner(t);
      await t.call(api.courses.enrol, { params: { id: older.course.id }, as: learner });
      if (done)
        await t.call(api.courses.markRead, {
          params: { id: older.course.id, unitId: older.units[0]!.id },
          as: learner,
        });
    }
    const list = await t.call(api.adminCourses.list, { as: admin, query: { keyword: 'pangolin' } });
    expect(list.statusCode).toBe(200);
    expect(list.body).toMatchObject({
      total: 2,
      page: 1,
      pages: 1,
      courses: [
        { _id: newer.course.id, status: 'draft', enrolments: 0, completions: 0, unitCount: 0 },
        { _id: older.course.id, status: 'published', enrolments: 2, completions: 1, unitCount: 1 },
      ],
    });
    // Editing the older one brings it to the top.
    const edited = await t.call(api.adminCourses.update, {
      as: admin,
      params: { id: older.course.id },
      body: courseBody({
        title: 'Pangolin one',
        units: [{ _id: older.units[0]!.id, kind: 'article', articleId: article.id }],
      }),
    });
    expect(edited.statusCode).toBe(200);
    const after = await t.call(api.adminCourses.list, { as: admin, query: { keyword: 'pangolin' } });
    expect(after.body.courses.map((course) => course._id)).toEqual([older.course.id, newer.course.id]);
  });
});

describe('editing courses', () => {
  it('keeps the ids and progress of kept units, renumbers them, and drops a unit left out with its progress', async () => {
    const [a1, a2, a3, a4] = await Promise.all([1, 2, 3, 4].map(() => createArticle(t)));
    const { course, units } = await createCourse(t, {
      units: [a1!, a2!, a3!].map((article) => ({ kind: 'article' as const, articleId: article.id })),
    });
    const [u1, u2, u3] = units;
    const learner = await createLearner(t);
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    for (const unit of [u1!, u2!, u3!])
      await t.call(api.courses.markRead, { params: { id: course.id, unitId: unit.id }, as: learner });

    const updated = await t.call(api.adminCourses.update, {
      as: admin,
      params: { id: course.id },
      body: courseBody({
        title: 'Renamed',
        status: 'published',
        units: [
          { _id: u2!.id, kind: 'article', articleId: a2!.id, title: 'Second, first now' },
          { kind: 'article', articleId: a4!.id },
          { _id: u1!.id, kind: 'article', articleId: a1!.id },
        ],
      }),
    });
    expect(updated.statusCode).toBe(200);
    const saved = updated.body;
    expect(saved.message).toBe('Course updated');
    expect(saved.course).toMatchObject({ title: 'Renamed', enrolments: 1, unitCount: 3 });
    expect(saved.course.units.map((unit) => [unit._id, unit.position, unit.articleId])).toEqual([
      [u2!.id, 0, a2!.id],
      [expect.any(String), 1, a4!.id],
      [u1!.id, 2, a1!.id],
    ]);
    expect(saved.course.units[0]!.title).toBe('Second, first now');

    const progress = (await t.call(api.courses.progress, { params: { id: course.id }, as: learner })).body;
    expect(progress.units.map((unit) => [unit.unitId, unit.status])).toEqual([
      [u2!.id, 'read'],
      [saved.course.units[1]!._id, 'not-started'],
      [u1!.id, 'read'],
    ]);
    expect(progress).toMatchObject({
      completedUnits: 2,
      totalUnits: 3,
      nextUnitId: saved.course.units[1]!._id,
    });
    expect(
      await queryRows(t.ctx.db, sql`select unit_id from course_unit_reads where user_id = ${learner.id}`),
    ).toHaveLength(2);
    expect(await t.ctx.db.select().from(courseUnits).where(eq(courseUnits.id, u3!.id))).toEqual([]);

    const [entry] = (await auditOf(course.id)).filter((row) => row.action === 'updated');
    expect(entry).toMatchObject({ entity_type: 'course', details: { label: 'Renamed' } });
    expect(entry!.details.changes).toEqual([
      { field: 'title', before: course.title, after: 'Renamed' },
      { field: 'summary', before: course.summary, after: 'What to do first' },
      {
        field: 'units',
        before: [a1!, a2!, a3!].map((article) => `article: ${article.title}`),
        after: ['article: Second, first now', `article: ${a4!.title}`, `article: ${a1!.title}`],
      },
    ]);
  });

  it('refuses a unit id of another course or the same one twice, changing nothing', async () => {
    const article = await createArticle(t);
    const mine = await createCourse(t, {
      title: 'Mine',
      units: [{ kind: 'article', articleId: article.id }],
    });
    const theirs = await createCourse(t, { units: [{ kind: 'article', articleId: article.id }] });
    const unit = (id: string) => ({ _id: id, kind: 'article' as const, articleId: article.id });
    for (const [units, message] of [
      [[unit(theirs.units[0]!.id)], 'Unit 1: this unit is not part of this course'],
      [[unit(mine.units[0]!.id), unit(mine.units[0]!.id)], 'Unit 2: this unit is listed twice'],
    ] as const) {
      const refused = await t.call(api.adminCourses.update, {
        as: admin,
        params: { id: mine.course.id },
        body: courseBody({ title: 'Changed', units: [...units] }),
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toEqual({ message });
    }
    const detail = (await t.call(api.adminCourses.detail, { as: admin, params: { id: mine.course.id } }))
      .body;
    expect(detail).toMatchObject({ title: 'Mine', units: [{ _id: mine.units[0]!.id }] });
    // A unit id is never taken over on create either.
    const taken = await t.call(api.adminCourses.create, {
      as: admin,
      body: courseBody({ units: [unit(mine.units[0]!.id)] }),
    });
    expect(taken.body).toEqual({ message: 'Unit 1: this unit is not part of this course' });
  });

  it('refuses each problem with a clear message (400), writing nothing', async () => {
    const published = await createArticle(t);
    const draftArticle = await createArticle(t, { status: 'draft' });
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'], modes: ['exam', 'timed'] });
    const unpublished = await createExam(t.ctx.db, { isActive: false });
    const { course } = await createCourse(t, { title: 'Untouched', status: 'draft' });
    const article = { kind: 'article', articleId: published.id };
    const practice = { kind: 'practice', examId: exam.id, size: 5, mode: 'exam' };
    const missingId = '0190a3c1-0000-7000-8000-000000000000';
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ title: '  ' }, 'Please fill in all required fields'],
      [{ status: 'published', units: [] }, 'A published course needs at least one unit'],
      [{ units: [{ kind: 'article' }] }, 'Unit 1: choose an article'],
      [{ units: [article, { kind: 'article', articleId: missingId }] }, 'Unit 2: choose an article'],
      [{ units: [{ ...practice, examId: null }] }, 'Unit 1: choose an exam'],
      [{ units: [{ ...practice, examId: missingId }] }, 'Unit 1: choose an exam'],
      [{ units: [{ ...practice, size: null }] }, 'Unit 1: choose how many questions the practice set has'],
      [{ units: [{ ...practice, size: 2 }] }, 'A practice set has 5 to 100 questions'],
      [
        { units: [{ ...practice, mode: null }] },
        'Unit 1: choose how the practice set is sat (exam, timed or tutor)',
      ],
      [{ units: [{ ...practice, mode: 'tutor' }] }, 'Unit 1: the exam cannot be sat in that mode'],
      [
        { units: [{ ...practice, topics: ['Cardiology', 'Neurology'] }] },
        'Unit 1: "Neurology" is not one of this exam\'s topics. Add it to the exam\'s topics first.',
      ],
      [{ units: [{ kind: 'checkpoint', examId: exam.id }] }, 'Unit 1: set the pass mark'],
      [
        { units: [{ kind: 'checkpoint', examId: exam.id, passMark: 101 }] },
        'Pass mark must be between 1 and 100',
      ],
      [{ units: [{ kind: 'quiz' }] }, 'A unit is an article, a practice set or a checkpoint'],
      [
        { status: 'published', units: [article, { kind: 'article', articleId: draftArticle.id }] },
        'Unit 2: the article is a draft',
      ],
      [
        { status: 'published', units: [{ kind: 'checkpoint', examId: unpublished.id, passMark: 50 }] },
        'Unit 1: the exam is not published',
      ],
      // A published course's practice set must be startable: the exam has 3 approved questions, none
      // of them in Cardiology.
      [
        { status: 'published', units: [article, { ...practice, size: 5 }] },
        'Unit 2: the exam has only 3 approved questions. Choose 3 or fewer, or other topics.',
      ],
      [
        { status: 'published', units: [{ ...practice, topics: ['Cardiology'] }] },
        'Unit 1: the exam has no approved questions in these topics. Choose other topics.',
      ],
      [{ coverImage: 'a'.repeat(64), coverImageAlt: 'A ward' }, 'Upload the cover image first'],
      [{ coverImage: 'not-a-hash' }, 'Upload the cover image first'],
    ];
    const before = { courses: await countOf('courses'), units: await countOf('course_units') };
    for (const [overrides, message] of cases) {
      // Many of these bodies the types refuse: all go untyped.
      const payload = { ...courseBody(), ...overrides };
      const created = await t.send(api.adminCourses.create, { body: payload, as: admin });
      expect(created.statusCode, message).toBe(400);
      expect(created.message).toBe(message);
      const updated = await t.send(api.adminCourses.update, {
        params: { id: course.id },
        body: payload,
        as: admin,
      });
      expect(updated.statusCode, message).toBe(400);
      expect(updated.message).toBe(message);
    }
    expect({ courses: await countOf('courses'), units: await countOf('course_units') }).toEqual(before);
    expect(
      (await t.call(api.adminCourses.detail, { as: admin, params: { id: course.id } })).body,
    ).toMatchObject({
      title: 'Untouched',
      units: [],
    });
    expect((await auditOf(course.id)).length).toBe(0);

    // A draft may use draft articles and unpublished exams.
    const draft = await t.call(api.adminCourses.create, {
      as: admin,
      body: courseBody({
        units: [
          { kind: 'article', articleId: draftArticle.id },
          { kind: 'checkpoint', examId: unpublished.id, passMark: 50 },
        ],
      }),
    });
    expect(draft.statusCode).toBe(201);
  });

  it('answers 404 for a course that does not exist', async () => {
    for (const id of ['0190a3c1-0000-7000-8000-000000000000', 'nope']) {
      for (const response of [
        await t.call(api.adminCourses.detail, { params: { id }, as: admin }),
        await t.call(api.adminCourses.update, { params: { id }, body: courseBody(), as: admin }),
        await t.call(api.adminCourses.remove, { params: { id }, as: admin }),
      ]) {
        expect(response.statusCode, id).toBe(404);
        expect(response.message).toBe('Course not found');
      }
    }
  });
});

describe('deleting', () => {
  it('deletes a course with its units, enrolments and progress', async () => {
    const article = await createArticle(t);
    const { course } = await createCourse(t, {
      title: 'Short-lived',
      units: [{ kind: 'article', articleId: article.id }],
    });
    const learner = await createLearner(t);
    const progress = await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    await t.call(api.courses.markRead, {
      params: { id: course.id, unitId: progress.body.units[0]!.unitId },
      as: learner,
    });
    const removed = await t.call(api.adminCourses.remove, { as: admin, params: { id: course.id } });
    expect(removed.statusCode).toBe(200);
    expect(removed.body).toEqual({ message: 'Course deleted' });
    for (const table of ['course_units', 'course_enrolments'] as const)
      expect(
        await queryRows(t.ctx.db, sql`select 1 from ${sql.raw(table)} where course_id = ${course.id}`),
      ).toEqual([]);
    expect(
      await queryRows(t.ctx.db, sql`select 1 from course_unit_reads where user_id = ${learner.id}`),
    ).toEqual([]);
    expect((await t.call(api.adminCourses.detail, { as: admin, params: { id: course.id } })).statusCode).toBe(
      404,
    );
    expect((await auditOf(course.id)).map((row) => row.action)).toEqual(['deleted']);
    // The article stays.
    expect(
      await t.ctx.db.select({ id: articles.id }).from(articles).where(eq(articles.id, article.id)),
    ).toHaveLength(1);
  });

  it('refuses to delete an article or an exam a course uses (409), changing nothing', async () => {
    const article = await createArticle(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3 });
    const { course, units } = await createCourse(t, {
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'checkpoint', examId: exam.id, passMark: 50 },
      ],
    });
    const articleRefused = await t.call(api.adminArticles.remove, { as: admin, params: { id: article.id } });
    expect(articleRefused.statusCode).toBe(409);
    expect(articleRefused.body).toEqual({
      message: 'This article is part of a course: remove it from the course first',
    });
    const examRefused = await t.call(api.adminExams.remove, { as: admin, params: { id: exam.id } });
    expect(examRefused.statusCode).toBe(409);
    expect(examRefused.body).toEqual({
      message: 'This exam is part of a course: remove it from the course first',
    });

    expect(
      await t.ctx.db.select({ id: articles.id }).from(articles).where(eq(articles.id, article.id)),
    ).toHaveLength(1);
    expect(await t.ctx.db.select({ id: exams.id }).from(exams).where(eq(exams.id, exam.id))).toHaveLength(1);
    expect(
      await t.ctx.db.select({ id: questions.id }).from(questions).where(eq(questions.examId, exam.id)),
    ).toHaveLength(3);
    expect(
      (await t.call(api.adminCourses.detail, { as: admin, params: { id: course.id } })).body.units.map(
        (u) => u._id,
      ),
    ).toEqual(units.map((unit) => unit.id));
    expect(await auditOf(article.id)).toEqual([]);
    expect(await auditOf(exam.id)).toEqual([]);

    // Out of the course, both can go.
    const emptied = await t.call(api.adminCourses.update, {
      as: admin,
      params: { id: course.id },
      body: courseBody({ units: [] }),
    });
    expect(emptied.statusCode).toBe(200);
    expect(
      (await t.call(api.adminArticles.remove, { as: admin, params: { id: article.id } })).statusCode,
    ).toBe(200);
    expect((await t.call(api.adminExams.remove, { as: admin, params: { id: exam.id } })).statusCode).toBe(
      200,
    );
  });
});

describe('permissions', () => {
  it('keeps learners and visitors out of course authoring', async () => {
    const learner = await createLearner(t);
    const { course } = await createCourse(t);
    const id = course.id;
    for (const as of [null, learner]) {
      for (const response of [
        await t.call(api.adminCourses.list, { as }),
        await t.call(api.adminCourses.create, { body: courseBody(), as }),
        await t.call(api.adminCourses.detail, { params: { id }, as }),
        await t.call(api.adminCourses.update, { params: { id }, body: courseBody(), as }),
        await t.call(api.adminCourses.remove, { params: { id }, as }),
      ]) {
        expect(response.statusCode).toBe(401);
      }
    }
    expect(
      (await t.call(api.adminCourses.detail, { as: admin, params: { id: course.id } })).body,
    ).toMatchObject({
      title: course.title,
    });
  });
});
