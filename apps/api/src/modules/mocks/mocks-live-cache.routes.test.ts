import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import { createExam, createSubscribedLearner, scheduleMock } from '../../../test/factories.ts';
import { HOUR, MINUTE } from '../../../test/time.ts';

/*
 * The live view with the process's read cache on (READ_CACHE_MS; 0 in the other tests): the watchers of
 * the same moment share one read, and what they are shown says when it was read (decision 0077, addendum
 * of 2026-12-08).
 */

const t = useTestApp({ READ_CACHE_MS: '60000' });

describe('the live view, kept for a moment', () => {
  it('shows every watcher of the moment the figures of one read, with the time they were read', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 10, isActive: true });
    const { mock, admin } = await scheduleMock(t, exam.id, { title: 'Spring mock' });
    const learner = await createSubscribedLearner(t, exam.id, { name: 'Ann Early' });
    t.clock.advance(HOUR + MINUTE);

    const views = await Promise.all(
      Array.from({ length: 20 }, () => t.call(api.adminMocks.live, { params: { id: mock._id }, as: admin })),
    );
    expect(views.map((view) => view.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    expect(new Set(views.map((view) => view.body.at)).size).toBe(1);
    expect(views[0]!.body).toMatchObject({ subscribed: 1, started: 0 });

    // A start within the moment shows at the next read after it; until then the kept figures and their time.
    expect((await t.call(api.mocks.start, { params: { id: mock._id }, as: learner })).statusCode).toBe(200);
    const kept = await t.call(api.adminMocks.live, { params: { id: mock._id }, as: admin });
    expect(kept.body).toMatchObject({ at: views[0]!.body.at, started: 0 });
  });

  it('keeps no refusal: an unknown mock is a 404 each time', async () => {
    const { admin } = await scheduleMock(t, (await createExam(t.ctx.db, { isActive: true })).id);
    const missing = '0190f3a2-0000-7000-8000-00000000dead';
    for (let i = 0; i < 2; i += 1) {
      const answer = await t.call(api.adminMocks.live, { params: { id: missing }, as: admin });
      expect(answer.statusCode).toBe(404);
    }
  });
});
