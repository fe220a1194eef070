import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { createAdmin, createArticle, createCourse, createLearner } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { courses } from '../../db/schema/index.ts';

/*
 * A published course's outline is kept per process for READ_CACHE_MS (decision 0053, addendum; 0 in
 * the other tests): the course page and the progress read it from memory, an edit through the panel is
 * seen at once, and a course that is not published is never kept.
 */

const t = useTestApp({ READ_CACHE_MS: '60000' });

describe('the kept outline of a published course', () => {
  it('serves the page and the progress from memory until an administrator changes the course', async () => {
    const article = await createArticle(t);
    const { course } = await createCourse(t, {
      title: 'Kept course',
      units: [{ kind: 'article', articleId: article.id }],
    });
    const learner = await createLearner(t);
    const admin = await createAdmin(t);
    const page = () => t.call(api.courses.detail, { params: { id: course.id } });
    expect((await page()).body.title).toBe('Kept course');

    // A change that does not go through this process is seen once the outline is read again.
    await t.ctx.db.update(courses).set({ title: 'Changed elsewhere' }).where(eq(courses.id, course.id));
    expect((await page()).body.title).toBe('Kept course');
    const progress = await t.call(api.courses.progress, { params: { id: course.id }, as: learner });
    expect(progress.body.totalUnits).toBe(1);

    // An edit through the panel is seen at once.
    const edited = await t.call(api.adminCourses.update, {
      params: { id: course.id },
      body: {
        title: 'Edited in the panel',
        summary: '',
        category: 'medical',
        status: 'published',
        units: [{ kind: 'article', articleId: article.id }],
      },
      as: admin,
    });
    expect(edited.statusCode, edited.message).toBe(200);
    expect((await page()).body.title).toBe('Edited in the panel');

    const removed = await t.call(api.adminCourses.remove, { params: { id: course.id }, as: admin });
    expect(removed.statusCode).toBe(200);
    expect((await page()).statusCode).toBe(404);
  });

  it('never keeps a course that is not published', async () => {
    const { course } = await createCourse(t, { status: 'draft' });
    expect((await t.call(api.courses.detail, { params: { id: course.id } })).statusCode).toBe(404);
    await t.ctx.db.update(courses).set({ status: 'published' }).where(eq(courses.id, course.id));
    expect((await t.call(api.courses.detail, { params: { id: course.id } })).statusCode).toBe(200);
  });
});
