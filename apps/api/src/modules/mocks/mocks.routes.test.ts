import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type MockBody } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  answersFor,
  buildMockBody,
  createAdmin,
  createExam,
  createLearner,
  createSubscribedLearner,
  queryRows,
  scheduleMock,
  sitExam,
  type Learner,
} from '../../../test/factories.ts';
import { clockTimes, DAY, HOUR, MINUTE } from '../../../test/time.ts';
import { releaseMockResults, submitExpiredSittings } from '../attempts/attempts.service.ts';
import { standingOf } from './mocks.repository.ts';
import { percentileOf } from './mocks.service.ts';

/*
 * Live mock exams (decision 0077): scheduling, the window, one sitting each, nothing released early, and
 * ranks among all who sat it.
 */

// The tests of this file share one database: each reads only the rows it made.
const t = useTestApp();

const at = clockTimes(t);

async function publishedExam(questions = 10) {
  return createExam(t.ctx.db, { numberOfQuestions: questions, isActive: true });
}

const mockBody = (examId: string, overrides: Partial<MockBody> = {}) =>
  buildMockBody(t.clock.now(), examId, overrides);

async function schedule(examId: string, overrides: Partial<MockBody> = {}) {
  return (await scheduleMock(t, examId, overrides)).mock;
}

const subscribedLearner = (examId: string): Promise<Learner> => createSubscribedLearner(t, examId);

const start = (learner: Learner, id: string) => t.call(api.mocks.start, { params: { id }, as: learner });

async function countRows(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.ctx.db, query);
  return Number(row?.n ?? 0);
}

describe('scheduling (administrators)', () => {
  it('creates, lists, edits before it opens and cancels a mock, each in the activity log', async () => {
    const exam = await publishedExam();
    const admin = await createAdmin(t, { role: 'editor' });
    const created = await t.call(api.adminMocks.create, { body: mockBody(exam.id), as: admin });
    expect(created.statusCode).toBe(201);
    expect(created.body.message).toBe('Mock exam scheduled');
    const mock = created.body.mock;
    expect(mock).toMatchObject({ title: 'Spring finals mock', state: 'upcoming', sittings: 0 });
    expect(mock.resultsAt).toBe(mock.closesAt);

    const edited = await t.call(api.adminMocks.update, {
      params: { id: mock._id },
      body: mockBody(exam.id, { title: 'Summer finals mock', release: 'at', releaseAt: at(3 * DAY) }),
      as: admin,
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body.mock).toMatchObject({ title: 'Summer finals mock', release: 'at' });
    expect(edited.body.mock.releaseAt).toBe(edited.body.mock.resultsAt);

    const listed = await t.call(api.adminMocks.list, { as: admin });
    expect(listed.body.mocks.find((m) => m._id === mock._id)?.title).toBe('Summer finals mock');

    const cancelled = await t.call(api.adminMocks.cancel, { params: { id: mock._id }, as: admin });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.body.message).toBe('Mock exam cancelled');
    const again = await t.call(api.adminMocks.cancel, { params: { id: mock._id }, as: admin });
    expect(again.statusCode).toBe(409);
    const after = (await t.call(api.adminMocks.list, { as: admin })).body.mocks;
    expect(after.find((m) => m._id === mock._id)?.state).toBe('cancelled');

    const owner = await createAdmin(t);
    const log = await t.call(api.audit.list, { query: { entityType: 'mock' }, as: owner });
    const entries = log.body.entries.filter((entry) => entry.entityId === mock._id);
    expect(entries.map((entry) => entry.summary)).toEqual([
      'Cancelled the mock exam "Summer finals mock"',
      'Edited the mock exam "Summer finals mock"',
      'Scheduled the mock exam "Spring finals mock"',
    ]);
  });

  it('refuses a bad schedule with a clear sentence and stores nothing', async () => {
    const exam = await publishedExam();
    const admin = await createAdmin(t);
    const before = await countRows(sql`select count(*)::int as n from mock_exams`);
    const refused = async (overrides: Partial<MockBody>, status: number, message: RegExp) => {
      const answer = await t.send(api.adminMocks.create, { body: mockBody(exam.id, overrides), as: admin });
      expect(answer.statusCode).toBe(status);
      expect(answer.message).toMatch(message);
    };
    await refused({ closesAt: at(HOUR) }, 400, /must close after it opens/);
    await refused({ closesAt: at(HOUR + 8 * DAY) }, 400, /at most 7 days/);
    await refused({ timeLimitMinutes: 0 }, 400, /from 1 to 600/);
    await refused({ timeLimitMinutes: 601 }, 400, /from 1 to 600/);
    await refused({ release: 'at' }, 400, /Choose when the results are released/);
    await refused({ release: 'at', releaseAt: at(2 * HOUR) }, 400, /when the mock closes or later/);
    await refused({ title: '  ' }, 400, /Give the mock a title/);
    await refused({ opensAt: at(-2 * DAY), closesAt: at(-DAY) }, 400, /closing time must be in the future/);
    await refused({ examId: '01900000-0000-7000-8000-000000000000' }, 404, /Exam not found/);
    const draft = await createExam(t.ctx.db, { isActive: false });
    await refused({ examId: draft.id }, 409, /Only a published exam/);
    expect(await countRows(sql`select count(*)::int as n from mock_exams`)).toBe(before);
  });

  it('refuses to edit or cancel a mock once it has opened, and an unknown one is a 404', async () => {
    const exam = await publishedExam();
    const admin = await createAdmin(t);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE) });
    const edit = await t.call(api.adminMocks.update, {
      params: { id: mock._id },
      body: mockBody(exam.id, { title: 'Changed' }),
      as: admin,
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.message).toBe('This mock has opened: it can no longer be changed or cancelled.');
    expect((await t.call(api.adminMocks.cancel, { params: { id: mock._id }, as: admin })).statusCode).toBe(
      409,
    );
    const unknown = await t.call(api.adminMocks.cancel, { params: { id: 'nope' }, as: admin });
    expect(unknown.statusCode).toBe(404);
    const listed = (await t.call(api.adminMocks.list, { as: admin })).body.mocks;
    expect(listed.find((m) => m._id === mock._id)).toMatchObject({
      title: 'Spring finals mock',
      state: 'open',
    });
  });

  it('is scheduled by Owners and Editors, read by Support too; Finance is refused, learners must sign in', async () => {
    const exam = await publishedExam();
    for (const role of ['support', 'finance'] as const) {
      const admin = await createAdmin(t, { role });
      const answer = await t.call(api.adminMocks.create, { body: mockBody(exam.id), as: admin });
      expect(answer.statusCode).toBe(403);
      expect(answer.message).toMatch(/It needs Owner or Editor/);
    }
    const support = await createAdmin(t, { role: 'support' });
    expect((await t.call(api.adminMocks.list, { as: support })).statusCode).toBe(200);
    const finance = await createAdmin(t, { role: 'finance' });
    expect((await t.call(api.adminMocks.list, { as: finance })).statusCode).toBe(403);
    const learner = await createLearner(t);
    expect((await t.call(api.adminMocks.list, { as: learner })).statusCode).toBe(401);
    for (const route of [api.mocks.list, api.mocks.start, api.mocks.submit, api.mocks.result]) {
      const answer = await t.send(route, { params: { id: 'x' }, body: { answers: {} } });
      expect(answer.statusCode).toBe(401);
    }
  });
});

describe('the window and the one sitting', () => {
  it('refuses a start before the opening and after the close, and learners see the mock meanwhile', async () => {
    const exam = await publishedExam();
    const mock = await schedule(exam.id);
    const learner = await subscribedLearner(exam.id);
    const early = await start(learner, mock._id);
    expect(early.statusCode).toBe(409);
    expect(early.message).toMatch(/^This mock opens on /);
    const listed = await t.call(api.mocks.list, { as: learner });
    expect(listed.body.mocks).toEqual([
      expect.objectContaining({ _id: mock._id, state: 'upcoming', sitting: 'none', released: false }),
    ]);

    t.clock.advance(HOUR + DAY);
    const late = await start(learner, mock._id);
    expect(late.statusCode).toBe(409);
    expect(late.message).toBe('This mock is closed.');
    expect((await t.call(api.mocks.list, { as: learner })).body.mocks).toEqual([]);
  });

  it('opens a timed sitting of all the questions, its deadline the limit or the close, whichever is first', async () => {
    const exam = await publishedExam(6);
    const mock = await schedule(exam.id, {
      opensAt: at(-MINUTE),
      closesAt: at(2 * HOUR),
      timeLimitMinutes: 90,
    });
    const learner = await subscribedLearner(exam.id);
    const started = await start(learner, mock._id);
    expect(started.statusCode).toBe(200);
    expect(started.body.mode).toBe('timed');
    expect(started.body.questions).toHaveLength(6);
    expect(started.body.pauseAllowed).toBe(false);
    const limit = Date.parse(started.body.deadline!) - t.clock.now().getTime();
    expect(Math.abs(limit - 90 * MINUTE)).toBeLessThan(5_000);

    // Later, the close comes before the limit: the close is the deadline.
    t.clock.advance(HOUR);
    const other = await subscribedLearner(exam.id);
    const closer = await start(other, mock._id);
    expect(closer.body.deadline).toBe(mock.closesAt);

    // No pause in a mock; the exam's own page never resumes it.
    const paused = await t.call(api.attempts.pause, { params: { id: closer.body._id }, as: other });
    expect(paused.statusCode).toBe(409);
    expect(paused.message).toBe('A mock exam cannot be paused.');
    const own = await t.call(api.attempts.start, { params: { id: exam.id }, as: other });
    expect(own.body._id).not.toBe(closer.body._id);
  });

  it("gives a late starter the full time, or only what is left of the mock's own time", async () => {
    const exam = await publishedExam(3);
    const full = await schedule(exam.id, {
      opensAt: at(-30 * MINUTE),
      closesAt: at(DAY),
      timeLimitMinutes: 60,
    });
    const remaining = await schedule(exam.id, {
      opensAt: at(-30 * MINUTE),
      closesAt: at(DAY),
      timeLimitMinutes: 60,
      lateStart: 'remaining',
    });
    const learner = await subscribedLearner(exam.id);
    const now = t.clock.now().getTime();
    const a = (await start(learner, full._id)).body;
    expect(Math.abs(Date.parse(a.deadline!) - (now + 60 * MINUTE))).toBeLessThan(5_000);
    const b = (await start(learner, remaining._id)).body;
    expect(Date.parse(b.deadline!)).toBe(Date.parse(remaining.opensAt) + 60 * MINUTE);

    // Once the mock's own time has run out, a 'remaining' mock cannot be started any more.
    t.clock.advance(31 * MINUTE);
    const other = await subscribedLearner(exam.id);
    const tooLate = await start(other, remaining._id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.message).toMatch(/time for this mock has run out/);
  });

  it('makes one sitting of two parallel starts, resumes it, and refuses a start once handed in', async () => {
    const exam = await publishedExam(4);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE) });
    const learner = await subscribedLearner(exam.id);
    const [one, two] = await Promise.all([start(learner, mock._id), start(learner, mock._id)]);
    expect(one.statusCode).toBe(200);
    expect(two.statusCode).toBe(200);
    expect(one.body._id).toBe(two.body._id);
    expect(
      await countRows(sql`select count(*)::int as n from exam_attempts where mock_id = ${mock._id}`),
    ).toBe(1);
    // Not in the in-progress list (its Resume opens the exam's page), and never discarded.
    expect((await t.call(api.attempts.open, { as: learner })).body.sittings).toEqual([]);
    const discard = await t.call(api.attempts.discard, { params: { id: one.body._id }, as: learner });
    expect(discard.statusCode).toBe(404);

    const submitted = await t.call(api.mocks.submit, {
      params: { id: mock._id },
      body: { answers: {} },
      as: learner,
    });
    expect(submitted.statusCode).toBe(200);
    const again = await start(learner, mock._id);
    expect(again.statusCode).toBe(409);
    expect(again.message).toBe('You have already sat this mock.');
  });

  it('refuses a learner without an active subscription as the exam does (403), a cancelled mock is gone', async () => {
    const exam = await publishedExam();
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE) });
    const outsider = await createLearner(t);
    const refused = await start(outsider, mock._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.message).toBe('You need an active subscription to this exam to take it.');
    expect((await t.call(api.mocks.list, { as: outsider })).body.mocks).toEqual([]);

    const upcoming = await schedule(exam.id);
    const admin = await createAdmin(t);
    await t.call(api.adminMocks.cancel, { params: { id: upcoming._id }, as: admin });
    const learner = await subscribedLearner(exam.id);
    expect((await start(learner, upcoming._id)).statusCode).toBe(404);
  });
});

describe('nothing before the release', () => {
  it('hands in without a score, keeps every result path empty, then scores at release', async () => {
    const exam = await publishedExam(5);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), closesAt: at(3 * HOUR) });
    const learner = await subscribedLearner(exam.id);
    const sitting = (await start(learner, mock._id)).body;
    const answers = await answersFor(t, sitting.questions, 3);
    const submitted = await t.call(api.mocks.submit, {
      params: { id: mock._id },
      body: { answers },
      as: learner,
    });
    expect(submitted.statusCode).toBe(200);
    expect(submitted.body).toMatchObject({ released: false, result: null, standing: null });
    expect(submitted.body.message).toMatch(/^Submitted\. Results are released on .+ UTC\.$/);
    expect(JSON.stringify(submitted.body)).not.toMatch(/correct|explanation|score/i);

    // Every path that returns a result: nothing (no result row, no responses for analytics or review).
    expect((await t.call(api.attempts.results, { query: {}, as: learner })).body.results).toEqual([]);
    expect((await t.call(api.attempts.history, { query: {}, as: learner })).body.history).toEqual([]);
    expect((await t.call(api.attempts.recent, { as: learner })).body.recent).toEqual([]);
    const byExam = await t.call(api.attempts.submit, {
      params: { id: exam.id },
      body: { answers, attemptId: sitting._id },
      as: learner,
    });
    expect(byExam.statusCode).toBe(409);
    const pending = await t.call(api.mocks.result, { params: { id: mock._id }, as: learner });
    expect(pending.body).toMatchObject({ released: false, result: null, standing: null });
    for (const table of ['exam_results', 'question_responses', 'learner_questions'])
      expect(
        await countRows(
          sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${learner.id}`,
        ),
      ).toBe(0);
    await releaseMockResults(t.ctx);
    expect(
      await countRows(sql`select count(*)::int as n from exam_results where user_id = ${learner.id}`),
    ).toBe(0);

    // Released at the close: the job scores it once, with the answers handed in.
    t.clock.advance(3 * HOUR);
    expect(await releaseMockResults(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await releaseMockResults(t.ctx)).toBe(0);
    const out = await t.call(api.mocks.result, { params: { id: mock._id }, as: learner });
    expect(out.body.released).toBe(true);
    expect(out.body.result).toMatchObject({ correctAnswers: 3, totalQuestions: 5, score: 60 });
    expect(out.body.standing).toEqual({
      rank: 1,
      percentile: 50,
      sat: 1,
      distribution: [0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
      // Everyone's topics come with the derived-results job, seconds after the scoring.
      topics: [],
    });
    const listed = await t.call(api.attempts.results, { query: {}, as: learner });
    expect(listed.body.results.map((r) => r.exam.title)).toEqual(['Spring finals mock']);
    // The released result is the mock's, and the derived-results job (decision 0075) gives it its rows.
    expect(
      await countRows(
        sql`select count(*)::int as n from exam_results where user_id = ${learner.id} and mock_id = ${mock._id}`,
      ),
    ).toBe(1);
    await applyPendingResults(t);
    expect(
      await countRows(sql`select count(*)::int as n from question_responses where user_id = ${learner.id}`),
    ).toBe(5);
  });

  it('hands in a sitting left open when its time is up, browser gone, and scores it at release', async () => {
    const exam = await publishedExam(3);
    const mock = await schedule(exam.id, {
      opensAt: at(-MINUTE),
      closesAt: at(2 * HOUR),
      timeLimitMinutes: 30,
    });
    const learner = await subscribedLearner(exam.id);
    const sitting = (await start(learner, mock._id)).body;
    t.clock.advance(31 * MINUTE);
    expect(await submitExpiredSittings(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await submitExpiredSittings(t.ctx)).toBe(0);
    const handedIn = sql`select count(*)::int as n from exam_attempts
      where id = ${sitting._id} and submitted_at is not null and result_id is null`;
    expect(await countRows(handedIn)).toBe(1);
    const listed = await t.call(api.mocks.list, { as: learner });
    expect(listed.body.mocks[0]).toMatchObject({ sitting: 'submitted', released: false });

    t.clock.advance(2 * HOUR);
    // The learner reads the result before the job ran: it is scored there and then.
    const out = await t.call(api.mocks.result, { params: { id: mock._id }, as: learner });
    expect(out.body.result).toMatchObject({ correctAnswers: 0, totalQuestions: 3 });
    expect(await countRows(handedIn)).toBe(0);
  });

  it('scores the others when one handed-in sitting cannot be scored, and stops', async () => {
    const exam = await publishedExam(2);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), closesAt: at(HOUR) });
    const sittings = [];
    for (let i = 0; i < 2; i += 1) {
      const learner = await subscribedLearner(exam.id);
      const sitting = (await start(learner, mock._id)).body;
      await t.call(api.mocks.submit, { params: { id: mock._id }, body: { answers: {} }, as: learner });
      sittings.push(sitting._id);
    }
    // An answer to a question the sitting never served (as if the question were replaced since).
    await t.ctx.db.execute(
      sql`update exam_attempts set saved_answers = '{"01900000-0000-7000-8000-000000000001": "x"}'::jsonb
        where id = ${sittings[0]!}`,
    );
    t.clock.advance(HOUR);
    expect(await releaseMockResults(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await releaseMockResults(t.ctx)).toBe(0);
    const scored = await countRows(
      sql`select count(*)::int as n from exam_attempts where mock_id = ${mock._id} and result_id is not null`,
    );
    expect(scored).toBe(1);
  });

  it('scores batch by batch, twice at once, each sitting once, with its time as counted at the hand-in', async () => {
    const exam = await publishedExam(3);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), closesAt: at(HOUR) });
    const sittings: Array<{ id: string; questions: string[] }> = [];
    for (let i = 0; i < 5; i += 1) {
      const learner = await subscribedLearner(exam.id);
      const sitting = (await start(learner, mock._id)).body;
      const answers = await answersFor(t, sitting.questions, i % 4);
      await t.call(api.mocks.submit, { params: { id: mock._id }, body: { answers }, as: learner });
      sittings.push({ id: sitting._id, questions: sitting.questions.map((q) => q._id) });
    }
    // One sitting's time as the hand-in counted it, heard from 20 s before the release: that wait is not
    // time on the paper, so neither its duration nor its questions' seconds grow.
    const first = sittings[0]!;
    const [q1, q2] = first.questions;
    await t.ctx.db.execute(
      sql`update exam_attempts set active_seconds = 75, last_active_at = now() - interval '20 seconds',
        question_seconds = ${JSON.stringify({ [q1!]: 40, [q2!]: 35 })}::jsonb where id = ${first.id}`,
    );

    t.clock.advance(HOUR);
    // Two releases at once (two processes' jobs), two sittings a batch: each sitting is scored once.
    const runs = await Promise.all([releaseMockResults(t.ctx, 2), releaseMockResults(t.ctx, 2)]);
    expect(runs[0] + runs[1]).toBe(5);
    expect(await releaseMockResults(t.ctx, 2)).toBe(0);
    const results = await queryRows<{ attempt_id: string; id: string; result_id: string; correct: number }>(
      t.ctx.db,
      sql`select r.attempt_id, r.id, a.result_id, r.correct_answers as correct
        from exam_results r join exam_attempts a on a.id = r.attempt_id where r.mock_id = ${mock._id}`,
    );
    expect(results).toHaveLength(5);
    expect(results.every((row) => row.id === row.result_id)).toBe(true);
    expect(
      sittings.map((s) => results.find((row) => row.attempt_id === s.id)?.correct),
    ).toEqual([0, 1, 2, 3, 0]);
    const [kept] = await queryRows<{ duration: number; seconds: number[] }>(
      t.ctx.db,
      sql`select duration, (select array_agg((q ->> 'seconds')::int order by n)
          from jsonb_array_elements(questions) with ordinality as e(q, n)) as seconds
        from exam_results where attempt_id = ${first.id}`,
    );
    expect(kept).toEqual({ duration: 75, seconds: [40, 35, 0] });
  });

  it("released 'immediately': the submit answers the result with rank 1 of 1", async () => {
    const exam = await publishedExam(4);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), release: 'immediately' });
    const learner = await subscribedLearner(exam.id);
    const sitting = (await start(learner, mock._id)).body;
    const answers = await answersFor(t, sitting.questions, 4);
    const submitted = await t.call(api.mocks.submit, {
      params: { id: mock._id },
      body: { answers },
      as: learner,
    });
    expect(submitted.body.released).toBe(true);
    expect(submitted.body.result?.score).toBe(100);
    expect(submitted.body.standing).toMatchObject({ rank: 1, sat: 1, percentile: 50 });
  });
});

describe("the item analysis of a mock's sittings alone", () => {
  it('opens at the close and counts only the mock’s sittings', async () => {
    const exam = await publishedExam(4);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), closesAt: at(HOUR) });
    const editor = await createAdmin(t, { role: 'editor' });
    const items = () => t.send(api.adminMocks.items, { params: { id: mock._id }, as: editor });
    // Right on all four, on the first two served, on none.
    for (const right of [4, 2, 0]) {
      const learner = await subscribedLearner(exam.id);
      const sitting = (await start(learner, mock._id)).body;
      const answers = await answersFor(t, sitting.questions, right);
      await t.call(api.mocks.submit, { params: { id: mock._id }, body: { answers }, as: learner });
    }
    // Someone sitting the exam itself, all right, is not the mock's.
    const outsider = await subscribedLearner(exam.id);
    await sitExam(t, outsider, exam.id, { right: 4 });
    const early = await items();
    expect([early.statusCode, early.message]).toEqual([
      409,
      'The item analysis of a mock opens when it closes: learners are still sitting it.',
    ]);

    t.clock.advance(HOUR);
    await releaseMockResults(t.ctx);
    await applyPendingResults(t);
    const report = await t.call(api.adminMocks.items, { params: { id: mock._id }, as: editor });
    expect(report.statusCode, report.message).toBe(200);
    expect(report.body.exam).toMatchObject({ results: 3, mean: 50, median: 50, pending: 0 });
    expect(report.body.items).toHaveLength(4);
    expect(report.body.items.every((item) => item.attempts === 3)).toBe(true);
    // Six right answers of twelve, however the questions were ordered for each.
    const right = report.body.items.reduce(
      (sum, item) => sum + ((item.facility ?? 0) * item.attempts) / 100,
      0,
    );
    expect(Math.round(right)).toBe(6);

    expect((await t.send(api.adminMocks.items, { params: { id: 'nope' }, as: editor })).statusCode).toBe(404);
    const finance = await createAdmin(t, { role: 'finance' });
    expect((await t.send(api.adminMocks.items, { params: { id: mock._id }, as: finance })).statusCode).toBe(
      403,
    );
  });
});

describe('ranks and percentiles', () => {
  it('ranks ties together (1, 2, 2, 4) with hand-computed percentiles and bands', async () => {
    const exam = await publishedExam(10);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE), closesAt: at(HOUR) });
    const rights = [9, 8, 8, 7];
    const learners: Learner[] = [];
    for (const right of rights) {
      const learner = await subscribedLearner(exam.id);
      const sitting = (await start(learner, mock._id)).body;
      const answers = await answersFor(t, sitting.questions, right);
      await t.call(api.mocks.submit, { params: { id: mock._id }, body: { answers }, as: learner });
      learners.push(learner);
    }
    t.clock.advance(HOUR);
    expect(await releaseMockResults(t.ctx)).toBeGreaterThanOrEqual(4);
    await applyPendingResults(t);
    const standings = [];
    for (const learner of learners)
      standings.push(
        (await t.call(api.mocks.result, { params: { id: mock._id }, as: learner })).body.standing,
      );
    // Percentile: (lower + ties / 2) / sat: (3 + 0.5) / 4 = 88, (1 + 1) / 4 = 50, (0 + 0.5) / 4 = 13.
    expect(standings.map((s) => [s?.rank, s?.percentile])).toEqual([
      [1, 88],
      [2, 50],
      [2, 50],
      [4, 13],
    ]);
    expect(standings[0]?.sat).toBe(4);
    expect(standings[0]?.distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 2, 1]);
    // Everyone's answers by topic: 9 + 8 + 8 + 7 right of 40 (the questions have no topic: General).
    expect(standings[0]?.topics).toEqual([{ topic: 'General', correct: 32, total: 40 }]);
  });

  it('computes the formula by hand', () => {
    expect(percentileOf(1, 1, 1)).toBe(50);
    expect(percentileOf(1, 1, 10)).toBe(95);
    expect(percentileOf(10, 1, 10)).toBe(5);
    expect(percentileOf(1, 10, 10)).toBe(50);
  });

  it('ranks 5,000 sittings in well under 10 s (one window function at read time)', async () => {
    const exam = await publishedExam(1);
    const mock = await schedule(exam.id, { opensAt: at(-MINUTE) });
    const learner = await createLearner(t);
    await t.ctx.db.execute(sql`insert into exam_results (id, user_id, exam_id, exam_title, correct_answers,
        total_questions, score, duration, questions, mock_id)
      select gen_random_uuid(), ${learner.id}, ${exam.id}, 'Mock', 0, 100, (n * 37) % 101, 60, '[]'::jsonb,
        ${mock._id}
      from generate_series(1, 5000) as n`);
    const [target] = await queryRows<{ id: string }>(
      t.ctx.db,
      sql`select id from exam_results where mock_id = ${mock._id} and score = 50 limit 1`,
    );
    const began = performance.now();
    const standing = await standingOf(t.ctx.db, mock._id, target!.id);
    const ms = performance.now() - began;
    expect(standing?.sat).toBe(5000);
    expect(ms).toBeLessThan(10_000);
    console.info(`mock standing over 5,000 results: ${ms.toFixed(0)} ms`);
  });
});
