import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createAdmin,
  createExam,
  createLearner,
  createSubscribedLearner,
  queryRows,
  scheduleMock,
} from '../../../test/factories.ts';
import { clockTimes, DAY, HOUR, MINUTE } from '../../../test/time.ts';
import { releaseMockResults } from '../attempts/attempts.service.ts';

/*
 * A live mock in the panel (decision 0077): the live view's counts as sittings start, go silent and are
 * handed in, how far the open ones are, who has lost their connection, and who may look; and releasing the
 * results of a closed mock by hand.
 */

const t = useTestApp();

const at = clockTimes(t);

const subscribedLearner = (examId: string, name: string) => createSubscribedLearner(t, examId, { name });

describe('the live view of a mock', () => {
  it('counts started, in progress by position, connection lost and handed in, and names the silent', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 10, isActive: true });
    const { mock, admin: owner } = await scheduleMock(t, exam.id, { title: 'Winter mock' });
    const id = mock._id;
    const [cora, ann, ben] = [
      await subscribedLearner(exam.id, 'Cora Silent'),
      await subscribedLearner(exam.id, 'Ann Busy'),
      await subscribedLearner(exam.id, 'Ben Done'),
    ];
    await subscribedLearner(exam.id, 'Dan Absent');
    await createLearner(t, { name: 'Not subscribed' });

    const before = await t.call(api.adminMocks.live, { params: { id }, as: owner });
    expect(before.statusCode).toBe(200);
    expect(before.body).toMatchObject({
      subscribed: 4,
      started: 0,
      inProgress: 0,
      connectionLost: 0,
      submitted: 0,
      lost: [],
    });
    expect(before.body.progress).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    expect(before.body.mock.state).toBe('upcoming');

    t.clock.advance(HOUR + MINUTE);
    const coraSitting = await t.call(api.mocks.start, { params: { id }, as: cora });
    expect(coraSitting.statusCode).toBe(200);
    // Cora's page has been silent for three minutes (on the database's clock, which stamps the sittings).
    await t.ctx.db.execute(
      sql`update exam_attempts set last_active_at = now() - interval '3 minutes' where id = ${coraSitting.body._id}`,
    );
    const [silent] = await queryRows<{ since: string }>(
      t.ctx.db,
      sql`select last_active_at::text as since from exam_attempts where id = ${coraSitting.body._id}`,
    );
    const annSitting = await t.call(api.mocks.start, { params: { id }, as: ann });
    const heartbeat = await t.call(api.attempts.heartbeat, {
      params: { id: annSitting.body._id },
      body: { currentIndex: 4 },
      as: ann,
    });
    expect(heartbeat.statusCode).toBe(200);
    await t.call(api.mocks.start, { params: { id }, as: ben });
    const handedIn = await t.call(api.mocks.submit, { params: { id }, body: { answers: {} }, as: ben });
    expect(handedIn.statusCode).toBe(200);

    const asked = t.clock.now().getTime();
    const live = await t.call(api.adminMocks.live, { params: { id }, as: owner });
    expect(live.statusCode).toBe(200);
    expect(live.body).toMatchObject({
      subscribed: 4,
      started: 3,
      inProgress: 1,
      connectionLost: 1,
      submitted: 1,
      mock: { state: 'open', sittings: 3 },
    });
    // The figures' time is the app's clock, moved an hour on.
    expect(Date.parse(live.body.at)).toBeGreaterThanOrEqual(asked);
    expect(Date.parse(live.body.at)).toBeLessThanOrEqual(t.clock.now().getTime());
    // Ann is on question 5 of 10 (band 41–50 %), Cora on question 1 (band 1–10 %); Ben handed in.
    expect(live.body.progress).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 0]);
    expect(live.body.lost).toEqual([
      {
        learner: { _id: cora.id, name: 'Cora Silent', email: cora.email },
        position: 1,
        questions: 10,
        lastHeardAt: new Date(silent!.since).toISOString(),
      },
    ]);

    // Cora's page comes back: she is in progress again.
    await t.call(api.attempts.heartbeat, { params: { id: coraSitting.body._id }, body: {}, as: cora });
    const back = await t.call(api.adminMocks.live, { params: { id }, as: owner });
    expect(back.body).toMatchObject({ inProgress: 2, connectionLost: 0, lost: [] });
  });

  it('is for Owners, Editors and Support, and answers 404 for a mock that is not there', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const { mock, admin: owner } = await scheduleMock(t, exam.id, { title: 'Roles mock' });
    const id = mock._id;
    for (const role of ['editor', 'support'] as const) {
      const admin = await createAdmin(t, { role });
      expect((await t.call(api.adminMocks.live, { params: { id }, as: admin })).statusCode).toBe(200);
    }
    const finance = await createAdmin(t, { role: 'finance' });
    const refused = await t.call(api.adminMocks.live, { params: { id }, as: finance });
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toMatch(/Your role \(Finance\) cannot do this/);
    expect((await t.call(api.adminMocks.live, { params: { id } })).statusCode).toBe(401);
    const learner = await createLearner(t);
    expect((await t.call(api.adminMocks.live, { params: { id }, as: learner })).statusCode).toBe(401);
    for (const missing of ['0190a0a0-0000-7000-8000-000000000000', 'not-an-id']) {
      const answer = await t.call(api.adminMocks.live, { params: { id: missing }, as: owner });
      expect(answer.statusCode).toBe(404);
      expect(answer.message).toBe('Mock exam not found');
    }
  });
});

describe('releasing results by hand', () => {
  it('releases a closed mock before its set time, once, and the job then scores it', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const editor = await createAdmin(t, { role: 'editor' });
    const { mock } = await scheduleMock(
      t,
      exam.id,
      { title: 'Held back mock', closesAt: at(2 * HOUR), release: 'at', releaseAt: at(10 * DAY) },
      editor,
    );
    const id = mock._id;
    const learner = await subscribedLearner(exam.id, 'Ed Early');
    const release = () => t.call(api.adminMocks.release, { params: { id }, as: editor });

    // Before it opens, and while it is open: refused, nothing changes.
    expect((await release()).message).toBe(
      'Results can be released once the mock has closed: learners are still sitting it.',
    );
    t.clock.advance(HOUR + MINUTE);
    await t.call(api.mocks.start, { params: { id }, as: learner });
    const early = await release();
    expect(early.statusCode).toBe(409);
    await t.call(api.mocks.submit, { params: { id }, body: { answers: {} }, as: learner });
    expect((await t.call(api.mocks.result, { params: { id }, as: learner })).body.released).toBe(false);

    t.clock.advance(HOUR);
    const released = await release();
    expect(released.statusCode).toBe(200);
    expect(released.body.message).toBe('Results released. Every sitting is scored within a minute.');
    expect(released.body.mock).toMatchObject({ state: 'closed', sittings: 1 });
    expect(Date.parse(released.body.mock.resultsAt)).toBeLessThanOrEqual(t.clock.now().getTime());
    const again = await release();
    expect(again.statusCode).toBe(409);
    expect(again.message).toBe('The results of this mock are already out.');

    await releaseMockResults(t.ctx);
    const outcome = await t.call(api.mocks.result, { params: { id }, as: learner });
    expect(outcome.body).toMatchObject({ released: true, standing: { rank: 1, sat: 1 } });

    const owner = await createAdmin(t);
    const log = await t.call(api.audit.list, { query: { entityType: 'mock' }, as: owner });
    expect(log.body.entries.find((entry) => entry.entityId === id)?.summary).toBe(
      'Released the results of the mock exam "Held back mock"',
    );
  });

  it('is for Owners and Editors, and answers 404 and 409 for a missing or cancelled mock', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, isActive: true });
    const { mock, admin: owner } = await scheduleMock(t, exam.id, { title: 'Cancelled mock' });
    const id = mock._id;
    const support = await createAdmin(t, { role: 'support' });
    expect((await t.call(api.adminMocks.release, { params: { id }, as: support })).statusCode).toBe(403);
    await t.call(api.adminMocks.cancel, { params: { id }, as: owner });
    const cancelled = await t.call(api.adminMocks.release, { params: { id }, as: owner });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.message).toBe('This mock was cancelled.');
    const missing = await t.call(api.adminMocks.release, { params: { id: 'nope' }, as: owner });
    expect(missing.statusCode).toBe(404);
  });
});
