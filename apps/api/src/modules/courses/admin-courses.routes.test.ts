import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminCourse, CourseProgress } from '@mlp/contract';
import {
  createAdmin,
  createArticle,
  createCourse,
  createExam,
  createLearner,
  queryRows,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { articles, courseUnits, exams, questions } from '../../db/schema/index.ts';

/* Course authoring (decision 0053): whole-course saves that keep unit ids, checks before writing, logging. */

const t = useTestApp();

let admin: { authorization: string };
beforeAll(async () => {
  admin = (await createAdmin(t)).headers;
});

function adminCall(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.request({ method, url, headers: admin, ...(payload === undefined ? {} : { payload }) });
}

function courseBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
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
    const created = await adminCall(
      'POST',
      '/api/admin/courses',
      courseBody({
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
    );
    expect(created.statusCode).toBe(201);
    const { message, course } = created.json<{ message: string; course: AdminCourse }>();
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
    expect((await adminCall('GET', `/api/admin/courses/${course._id}`)).json()).toEqual(course);
    expect(await auditOf(course._id)).toMatchObject([
      { action: 'created', entity_type: 'course', details: { label: 'Acute care' } },
    ]);
    const log = await adminCall('GET', '/api/admin/audit?limit=5');
    expect(log.json<{ entries: Array<{ entityId: string; summary: string }> }>().entries).toContainEqual(
      expect.objectContaining({
        entityId: course._id,
        summary: 'Created and published the course "Acute care"',
      }),
    );
    // Published, it is on the public list.
    expect((await t.request({ method: 'GET', url: `/api/courses/${course._id}` })).statusCode).toBe(200);
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
      await t.request({
        method: 'POST',
        url: `/api/courses/${older.course.id}/enrol`,
        headers: learner.headers,
      });
      if (done)
        await t.request({
          method: 'POST',
          url: `/api/courses/${older.course.id}/units/${older.units[0]!.id}/read`,
          headers: learner.headers,
        });
    }
    const list = await adminCall('GET', '/api/admin/courses?keyword=pangolin');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({
      total: 2,
      page: 1,
      pages: 1,
      courses: [
        { _id: newer.course.id, status: 'draft', enrolments: 0, completions: 0, unitCount: 0 },
        { _id: older.course.id, status: 'published', enrolments: 2, completions: 1, unitCount: 1 },
      ],
    });
    // Editing the older one brings it to the top.
    const edited = await adminCall(
      'PUT',
      `/api/admin/courses/${older.course.id}`,
      courseBody({
        title: 'Pangolin one',
        units: [{ _id: older.units[0]!.id, kind: 'article', articleId: article.id }],
      }),
    );
    expect(edited.statusCode).toBe(200);
    const after = await adminCall('GET', '/api/admin/courses?keyword=pangolin');
    expect(after.json<{ courses: Array<{ _id: string }> }>().courses.map((course) => course._id)).toEqual([
      older.course.id,
      newer.course.id,
    ]);
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
    await t.request({ method: 'POST', url: `/api/courses/${course.id}/enrol`, headers: learner.headers });
    for (const unit of [u1!, u2!, u3!])
      await t.request({
        method: 'POST',
        url: `/api/courses/${course.id}/units/${unit.id}/read`,
        headers: learner.headers,
      });

    const updated = await adminCall(
      'PUT',
      `/api/admin/courses/${course.id}`,
      courseBody({
        title: 'Renamed',
        status: 'published',
        units: [
          { _id: u2!.id, kind: 'article', articleId: a2!.id, title: 'Second, first now' },
          { kind: 'article', articleId: a4!.id },
          { _id: u1!.id, kind: 'article', articleId: a1!.id },
        ],
      }),
    );
    expect(updated.statusCode).toBe(200);
    const saved = updated.json<{ message: string; course: AdminCourse }>();
    expect(saved.message).toBe('Course updated');
    expect(saved.course).toMatchObject({ title: 'Renamed', enrolments: 1, unitCount: 3 });
    expect(saved.course.units.map((unit) => [unit._id, unit.position, unit.articleId])).toEqual([
      [u2!.id, 0, a2!.id],
      [expect.any(String), 1, a4!.id],
      [u1!.id, 2, a1!.id],
    ]);
    expect(saved.course.units[0]!.title).toBe('Second, first now');

    const progress = (
      await t.request({ method: 'GET', url: `/api/courses/${course.id}/progress`, headers: learner.headers })
    ).json<CourseProgress>();
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
    const unit = (id: string) => ({ _id: id, kind: 'article', articleId: article.id });
    for (const [units, message] of [
      [[unit(theirs.units[0]!.id)], 'Unit 1: this unit is not part of this course'],
      [[unit(mine.units[0]!.id), unit(mine.units[0]!.id)], 'Unit 2: this unit is listed twice'],
    ] as const) {
      const refused = await adminCall(
        'PUT',
        `/api/admin/courses/${mine.course.id}`,
        courseBody({ title: 'Changed', units }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message });
    }
    const detail = (await adminCall('GET', `/api/admin/courses/${mine.course.id}`)).json<AdminCourse>();
    expect(detail).toMatchObject({ title: 'Mine', units: [{ _id: mine.units[0]!.id }] });
    // A unit id is never taken over on create either.
    const taken = await adminCall(
      'POST',
      '/api/admin/courses',
      courseBody({ units: [unit(mine.units[0]!.id)] }),
    );
    expect(taken.json()).toEqual({ message: 'Unit 1: this unit is not part of this course' });
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
      const created = await adminCall('POST', '/api/admin/courses', courseBody(overrides));
      expect(created.statusCode, message).toBe(400);
      expect(created.json<{ message: string }>().message).toBe(message);
      const updated = await adminCall('PUT', `/api/admin/courses/${course.id}`, courseBody(overrides));
      expect(updated.statusCode, message).toBe(400);
      expect(updated.json<{ message: string }>().message).toBe(message);
    }
    expect({ courses: await countOf('courses'), units: await countOf('course_units') }).toEqual(before);
    expect((await adminCall('GET', `/api/admin/courses/${course.id}`)).json()).toMatchObject({
      title: 'Untouched',
      units: [],
    });
    expect((await auditOf(course.id)).length).toBe(0);

    // A draft may use draft articles and unpublished exams.
    const draft = await adminCall(
      'POST',
      '/api/admin/courses',
      courseBody({
        units: [
          { kind: 'article', articleId: draftArticle.id },
          { kind: 'checkpoint', examId: unpublished.id, passMark: 50 },
        ],
      }),
    );
    expect(draft.statusCode).toBe(201);
  });

  it('answers 404 for a course that does not exist', async () => {
    for (const id of ['0190a3c1-0000-7000-8000-000000000000', 'nope']) {
      for (const [method, payload] of [['GET'], ['PUT', courseBody()], ['DELETE']] as const) {
        const response = await adminCall(method, `/api/admin/courses/${id}`, payload);
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ message: 'Course not found' });
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
    const progress = await t.request({
      method: 'POST',
      url: `/api/courses/${course.id}/enrol`,
      headers: learner.headers,
    });
    await t.request({
      method: 'POST',
      url: `/api/courses/${course.id}/units/${progress.json<CourseProgress>().units[0]!.unitId}/read`,
      headers: learner.headers,
    });
    const removed = await adminCall('DELETE', `/api/admin/courses/${course.id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ message: 'Course deleted' });
    for (const table of ['course_units', 'course_enrolments'] as const)
      expect(
        await queryRows(t.ctx.db, sql`select 1 from ${sql.raw(table)} where course_id = ${course.id}`),
      ).toEqual([]);
    expect(
      await queryRows(t.ctx.db, sql`select 1 from course_unit_reads where user_id = ${learner.id}`),
    ).toEqual([]);
    expect((await adminCall('GET', `/api/admin/courses/${course.id}`)).statusCode).toBe(404);
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
    const articleRefused = await adminCall('DELETE', `/api/admin/articles/${article.id}`);
    expect(articleRefused.statusCode).toBe(409);
    expect(articleRefused.json()).toEqual({
      message: 'This article is part of a course: remove it from the course first',
    });
    const examRefused = await adminCall('DELETE', `/api/admin/exams/${exam.id}`);
    expect(examRefused.statusCode).toBe(409);
    expect(examRefused.json()).toEqual({
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
      (await adminCall('GET', `/api/admin/courses/${course.id}`)).json<AdminCourse>().units.map((u) => u._id),
    ).toEqual(units.map((unit) => unit.id));
    expect(await auditOf(article.id)).toEqual([]);
    expect(await auditOf(exam.id)).toEqual([]);

    // Out of the course, both can go.
    const emptied = await adminCall('PUT', `/api/admin/courses/${course.id}`, courseBody({ units: [] }));
    expect(emptied.statusCode).toBe(200);
    expect((await adminCall('DELETE', `/api/admin/articles/${article.id}`)).statusCode).toBe(200);
    expect((await adminCall('DELETE', `/api/admin/exams/${exam.id}`)).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('keeps learners and visitors out of course authoring', async () => {
    const learner = await createLearner(t);
    const { course } = await createCourse(t);
    for (const headers of [{}, learner.headers]) {
      for (const [method, url, payload] of [
        ['GET', '/api/admin/courses', undefined],
        ['POST', '/api/admin/courses', courseBody()],
        ['GET', `/api/admin/courses/${course.id}`, undefined],
        ['PUT', `/api/admin/courses/${course.id}`, courseBody()],
        ['DELETE', `/api/admin/courses/${course.id}`, undefined],
      ] as const) {
        const response = await t.request({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(401);
      }
    }
    expect((await adminCall('GET', `/api/admin/courses/${course.id}`)).json()).toMatchObject({
      title: course.title,
    });
  });
});
