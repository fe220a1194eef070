import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, OPEN_SITTINGS_LIMIT } from '@mlp/contract';
import { createLearner, createSubscribedExam, queryRows, type Learner } from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';

/*
 * Several sittings at once (decision 0063): up to OPEN_SITTINGS_LIMIT open sittings and practice sets, the
 * in-progress list, discarding, and restarting an exam in another mode.
 */

const t = useTestApp({ NODE_ENV: 'development' });

const subscribedExam = (
  learner: Learner,
  modes: Array<'exam' | 'timed' | 'tutor'> = ['exam', 'timed', 'tutor'],
) =>
  createSubscribedExam(
    t,
    learner,
    { numberOfQuestions: 5, modes, secondsPerQuestion: 60, topics: ['Cardiology'] },
    8,
  );

const start = (
  learner: Learner,
  examId: string,
  body: { mode?: 'exam' | 'timed' | 'tutor'; restart?: boolean } = {},
) => t.call(api.attempts.start, { params: { id: examId }, body, as: learner });
const practice = (learner: Learner) =>
  t.call(api.practice.create, { body: { source: 'all', size: 5, mode: 'exam' }, as: learner });
const openCount = async (learner: Learner) =>
  (
    await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from exam_attempts where user_id = ${learner.id} and submitted_at is null`,
    )
  )[0]?.n;

describe('several sittings at once (decision 0063)', () => {
  it('lists every open sitting and practice set with its mode, progress and time left, to its owner only', async () => {
    const learner = await createLearner(t);
    const [tutorExam, timedExam] = [await subscribedExam(learner), await subscribedExam(learner)];
    const tutor = await start(learner, tutorExam.id, { mode: 'tutor' });
    const timed = await start(learner, timedExam.id, { mode: 'timed' });
    expect([tutor.statusCode, timed.statusCode]).toEqual([200, 200]);
    const set = await practice(learner);
    expect(set.statusCode).toBe(201);
    // Something done in the set: a new set is another one, not a replacement.
    const saved = await t.call(api.attempts.saveAnswers, {
      params: { id: set.body._id },
      body: { answers: { [set.body.questions[0]!._id]: set.body.questions[0]!.choices[0]! }, seq: 1 },
      as: learner,
    });
    expect(saved.statusCode).toBe(204);
    const second = await practice(learner);
    expect(second.statusCode).toBe(201);
    expect(second.body._id).not.toBe(set.body._id);

    const list = await t.call(api.attempts.open, { as: learner });
    expect(list.statusCode).toBe(200);
    expect(list.body.sittings).toHaveLength(4);
    const byId = new Map(list.body.sittings.map((sitting) => [sitting.attemptId, sitting]));
    expect(byId.get(tutor.body._id)).toMatchObject({
      kind: 'exam',
      mode: 'tutor',
      remainingSeconds: null,
      answered: 0,
      totalQuestions: 5,
    });
    expect(byId.get(timed.body._id)).toMatchObject({ kind: 'exam', mode: 'timed', totalQuestions: 5 });
    expect(byId.get(timed.body._id)?.remainingSeconds).toBeGreaterThan(290);
    expect(byId.get(timed.body._id)?.remainingSeconds).toBeLessThanOrEqual(300);
    expect(byId.get(set.body._id)).toMatchObject({ kind: 'practice', examId: null, answered: 1 });
    // The dashboard's recent call carries the same list.
    const recent = await t.call(api.attempts.recent, { as: learner });
    expect(recent.body.inProgress.map((sitting) => sitting.attemptId).sort()).toEqual(
      list.body.sittings.map((sitting) => sitting.attemptId).sort(),
    );
    // Nobody else sees them, and the list needs a session.
    const stranger = await createLearner(t);
    expect((await t.call(api.attempts.open, { as: stranger })).body.sittings).toEqual([]);
    expect((await t.call(api.attempts.open)).statusCode).toBe(401);
  });

  it(`holds at most ${OPEN_SITTINGS_LIMIT} open, also under 20 parallel starts, with a clear message`, async () => {
    const learner = await createLearner(t);
    await subscribedExam(learner);
    const starts = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.call(api.practice.create, { body: { source: 'all', size: 5, mode: 'tutor' }, as: learner }),
      ),
    );
    // Each new set is a new one (an untouched set is replaced only when nothing else is open to replace it
    // with: parallel builds may replace one another), and never more than the limit are open.
    const created = starts.filter((response) => response.statusCode === 201);
    const refused = starts.filter((response) => response.statusCode === 409);
    expect(created.length + refused.length).toBe(20);
    expect(await openCount(learner)).toBeLessThanOrEqual(OPEN_SITTINGS_LIMIT);
    for (const response of refused) expect(response.body).toMatchObject({ code: 'SITTINGS_LIMIT' });

    // Touch every open set (a flag), so none is replaced, and fill up to the limit with touched sets.
    const touch = async (id: string) => {
      const resumed = await t.call(api.practice.resume, { params: { id }, as: learner });
      const saved = await t.call(api.attempts.saveAnswers, {
        params: { id },
        body: { answers: {}, flags: [resumed.body.questions[0]!._id], seq: resumed.body.saveSeq + 1 },
        as: learner,
      });
      expect(saved.statusCode).toBe(204);
    };
    for (const sitting of (await t.call(api.attempts.open, { as: learner })).body.sittings)
      await touch(sitting.attemptId);
    while ((await openCount(learner))! < OPEN_SITTINGS_LIMIT) {
      const set = await practice(learner);
      expect(set.statusCode).toBe(201);
      await touch(set.body._id);
    }
    const before = await openCount(learner);
    const over = await practice(learner);
    expect(over.statusCode).toBe(409);
    expect(over.message).toBe(
      `You have ${OPEN_SITTINGS_LIMIT} exams and practice sets in progress. Submit or discard one before starting another.`,
    );
    const exam = await subscribedExam(learner);
    const overExam = await start(learner, exam.id);
    expect(overExam.statusCode).toBe(409);
    expect(overExam.body).toMatchObject({ code: 'SITTINGS_LIMIT' });
    expect(await openCount(learner)).toBe(before);
  });

  it('discards an open sitting of its owner only; a discarded or submitted one is gone and refuses saves', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const sitting = await start(learner, exam.id, { mode: 'tutor' });
    const id = sitting.body._id;
    const stranger = await createLearner(t);
    expect((await t.call(api.attempts.discard, { params: { id }, as: stranger })).statusCode).toBe(404);
    expect(
      (await t.call(api.attempts.discard, { params: { id: 'not-an-id' }, as: learner })).statusCode,
    ).toBe(404);
    expect((await t.call(api.attempts.discard, { params: { id } })).statusCode).toBe(401);
    const discarded = await t.call(api.attempts.discard, { params: { id }, as: learner });
    expect(discarded.statusCode).toBe(204);
    const again = await t.call(api.attempts.discard, { params: { id }, as: learner });
    expect(again.statusCode).toBe(404);
    expect(again.message).toBe('This exam or practice set is no longer in progress.');
    const save = await t.call(api.attempts.saveAnswers, {
      params: { id },
      body: { answers: {}, seq: 1 },
      as: learner,
    });
    expect(save.statusCode).toBe(404);
    expect((await t.call(api.attempts.open, { as: learner })).body.sittings).toEqual([]);
    // No result came of it.
    expect((await t.call(api.attempts.results, { query: {}, as: learner })).body.total).toBe(0);

    // A submitted sitting cannot be discarded.
    const next = await start(learner, exam.id);
    const submitted = await t.call(api.attempts.submit, {
      params: { id: exam.id },
      body: { answers: {}, duration: 1, attemptId: next.body._id },
      as: learner,
    });
    expect(submitted.statusCode).toBe(201);
    expect(
      (await t.call(api.attempts.discard, { params: { id: next.body._id }, as: learner })).statusCode,
    ).toBe(404);
  });

  it('restarts an exam in another mode only when asked, in place of the open sitting', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const tutor = await start(learner, exam.id, { mode: 'tutor' });
    const refused = await start(learner, exam.id, { mode: 'timed' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'ATTEMPT_IN_PROGRESS' });
    const restarted = await start(learner, exam.id, { mode: 'timed', restart: true });
    expect(restarted.statusCode).toBe(200);
    expect(restarted.body).toMatchObject({ mode: 'timed' });
    expect(restarted.body._id).not.toBe(tutor.body._id);
    expect(await openCount(learner)).toBe(1);
    // Without restart the new one resumes; a bad restart flag is a 400.
    expect((await start(learner, exam.id)).body._id).toBe(restarted.body._id);
    const bad = await t.send(api.attempts.start, {
      params: { id: exam.id },
      body: { restart: 'yes' },
      as: learner,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatchObject({ message: 'restart must be true or false' });
  });
});
