import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, TIMED_PAUSE_LIMIT_SECONDS, type Attempt } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createAdmin,
  createLearner,
  createSubscribedExam,
  queryRows,
  type Learner,
} from '../../../test/factories.ts';
import { MINUTE } from '../../../test/time.ts';
import { DEADLINE_GRACE_MS, submitExpiredSittings } from './attempts.service.ts';

/*
 * Pausing a timed sitting where the exam allows it (decision 0064): the administrator's switch, the
 * countdown frozen while paused, the deadline moved by the pause on resume, the pause limit and the
 * auto-submit job.
 */

const t = useTestApp({ NODE_ENV: 'development' });

async function timedSitting(learner: Learner, options: { allowed: boolean; secondsPerQuestion?: number }) {
  const exam = await createSubscribedExam(t, learner, {
    numberOfQuestions: 4,
    secondsPerQuestion: options.secondsPerQuestion ?? 60,
    timedPauseAllowed: options.allowed,
  });
  const started = await t.call(api.attempts.start, {
    params: { id: exam.id },
    body: { mode: 'timed' },
    as: learner,
  });
  expect(started.statusCode).toBe(200);
  return { exam, attempt: started.body };
}

const pause = (learner: Learner, id: string) => t.call(api.attempts.pause, { params: { id }, as: learner });
const resume = (learner: Learner, id: string) => t.call(api.attempts.resume, { params: { id }, as: learner });
const resumeSitting = async (learner: Learner, examId: string): Promise<Attempt> =>
  (await t.call(api.attempts.start, { params: { id: examId }, as: learner })).body;

async function stored(attemptId: string) {
  const [row] = await queryRows<{
    deadline_at: string;
    paused_at: string | null;
    paused_seconds: number;
    submitted_at: string | null;
  }>(
    t.ctx.db,
    sql`select deadline_at, paused_at, paused_seconds, submitted_at from exam_attempts where id = ${attemptId}`,
  );
  if (!row) throw new Error('no such attempt');
  return {
    deadline: new Date(row.deadline_at).getTime(),
    pausedAt: row.paused_at ? new Date(row.paused_at).getTime() : null,
    pausedSeconds: row.paused_seconds,
    submitted: row.submitted_at !== null,
  };
}

describe("the exam's switch", () => {
  it('is off by default, validated, saved on create and update, and recorded in the activity log', async () => {
    const admin = await createAdmin(t);
    const base = { title: 'Night shift ALS', category: 'medical' as const, numberOfQuestions: 2 };
    const plain = await t.call(api.adminExams.create, {
      body: { ...base, monthlySubscriptionFee: 0 },
      as: admin,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.body.exam.timedPauseAllowed).toBe(false);

    const created = await t.call(api.adminExams.create, {
      body: { ...base, monthlySubscriptionFee: 0, timedPauseAllowed: true },
      as: admin,
    });
    expect(created.body.exam.timedPauseAllowed).toBe(true);

    const id = plain.body.exam._id;
    const update = {
      title: 'Night shift ALS',
      description: 'Adult life support',
      category: 'medical',
      numberOfQuestions: 2,
      price: 0,
      isActive: false,
      tags: [],
    };
    const refused = await t.send(api.adminExams.update, {
      params: { id },
      body: { ...update, timedPauseAllowed: 'yes' },
      as: admin,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.message).toBe('Allow pausing timed sittings must be true or false');

    const switched = await t.call(api.adminExams.update, {
      params: { id },
      body: { ...update, timedPauseAllowed: true },
      as: admin,
    });
    expect(switched.statusCode).toBe(200);
    expect(switched.body.exam.timedPauseAllowed).toBe(true);
    // Omitted, it keeps what it was.
    const kept = await t.call(api.adminExams.update, { params: { id }, body: update, as: admin });
    expect(kept.body.exam.timedPauseAllowed).toBe(true);

    const logged = await queryRows<{ details: { changes: Array<Record<string, unknown>> } }>(
      t.ctx.db,
      sql`select details from audit_log where entity_id = ${id} and action = 'updated' order by created_at, id`,
    );
    expect(logged[0]?.details.changes).toContainEqual({
      field: 'timedPauseAllowed',
      before: false,
      after: true,
    });
    expect(logged[1]?.details.changes ?? []).not.toContainEqual(
      expect.objectContaining({ field: 'timedPauseAllowed' }),
    );
  });
});

describe('pausing a timed sitting', () => {
  it('is refused where the exam does not allow it', async () => {
    const learner = await createLearner(t);
    const { attempt } = await timedSitting(learner, { allowed: false });
    expect(attempt).toMatchObject({ pauseAllowed: false, pauseLeftSeconds: null });
    const refused = await pause(learner, attempt._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe('A timed exam cannot be paused.');
    expect((await stored(attempt._id)).pausedAt).toBeNull();
  });

  it('freezes the countdown while paused and moves the deadline by exactly the time paused', async () => {
    const learner = await createLearner(t);
    const { exam, attempt } = await timedSitting(learner, { allowed: true });
    expect(attempt).toMatchObject({
      remainingSeconds: 240,
      pauseAllowed: true,
      pauseLeftSeconds: TIMED_PAUSE_LIMIT_SECONDS,
    });
    const before = await stored(attempt._id);

    t.clock.advance(10_000);
    const paused = await pause(learner, attempt._id);
    expect(paused.statusCode).toBe(200);
    expect(paused.body).toEqual({
      paused: true,
      remainingSeconds: 230,
      pauseLeftSeconds: TIMED_PAUSE_LIMIT_SECONDS,
    });
    // A second pause (a retried request) keeps when it was paused.
    const pausedAt = (await stored(attempt._id)).pausedAt!;
    t.clock.advance(1000);
    expect((await pause(learner, attempt._id)).body.paused).toBe(true);
    expect((await stored(attempt._id)).pausedAt).toBe(pausedAt);

    // Five minutes away: past the first deadline, yet the clock still shows 230 s and nothing is submitted.
    t.clock.advance(5 * MINUTE - 1000);
    const meanwhile = await resumeSitting(learner, exam.id);
    expect(meanwhile).toMatchObject({ paused: true, remainingSeconds: 230 });
    expect(meanwhile.pauseLeftSeconds).toBeGreaterThanOrEqual(TIMED_PAUSE_LIMIT_SECONDS - 301);
    expect(meanwhile.pauseLeftSeconds).toBeLessThanOrEqual(TIMED_PAUSE_LIMIT_SECONDS - 300);
    await submitExpiredSittings(t.ctx);
    expect((await stored(attempt._id)).submitted).toBe(false);
    // Saves wait for the resume.
    const save = await t.call(api.attempts.saveAnswers, {
      params: { id: attempt._id },
      body: { answers: {}, seq: 1 },
      as: learner,
    });
    expect(save.statusCode).toBe(409);
    expect(save.body).toMatchObject({ code: 'PAUSED' });

    const resumed = await resume(learner, attempt._id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body.paused).toBe(false);
    expect(resumed.body.remainingSeconds).toBe(230);
    const after = await stored(attempt._id);
    const moved = after.deadline - before.deadline;
    // The clock moved 5 min while paused, plus the few real milliseconds the requests took.
    expect(moved).toBeGreaterThanOrEqual(5 * MINUTE);
    expect(moved).toBeLessThan(5 * MINUTE + 2000);
    expect(after.pausedSeconds).toBe(Math.ceil(moved / 1000));
    expect(after.pausedAt).toBeNull();
    // A second resume (a retried request) moves nothing.
    expect((await resume(learner, attempt._id)).statusCode).toBe(200);
    expect((await stored(attempt._id)).deadline).toBe(after.deadline);

    // The countdown runs again from the moved deadline: a save counts, and the job submits it once time is up.
    expect(
      (
        await t.call(api.attempts.saveAnswers, {
          params: { id: attempt._id },
          body: { answers: {}, seq: 2 },
          as: learner,
        })
      ).statusCode,
    ).toBe(204);
    t.clock.advance(after.deadline - t.clock.now().getTime() + DEADLINE_GRACE_MS + 1000);
    expect(await submitExpiredSittings(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await stored(attempt._id)).submitted).toBe(true);
  });

  it('counts at most the pause limit: paused longer, the countdown runs again and the job submits', async () => {
    const learner = await createLearner(t);
    // 4 questions of 10 minutes: 40 minutes, more than the pause limit.
    const { exam, attempt } = await timedSitting(learner, { allowed: true, secondsPerQuestion: 600 });
    const before = await stored(attempt._id);
    expect((await pause(learner, attempt._id)).statusCode).toBe(200);
    const pausedAt = (await stored(attempt._id)).pausedAt!;
    const frozen = Math.ceil((before.deadline - pausedAt) / 1000);

    // 10 minutes past the limit: the countdown ran those 10 minutes.
    t.clock.advance(TIMED_PAUSE_LIMIT_SECONDS * 1000 + 10 * MINUTE);
    const away = await resumeSitting(learner, exam.id);
    expect(away).toMatchObject({ paused: true, pauseLeftSeconds: 0 });
    expect(away.remainingSeconds).toBeLessThanOrEqual(frozen - 600);
    expect(away.remainingSeconds).toBeGreaterThanOrEqual(frozen - 602);
    await submitExpiredSittings(t.ctx);
    expect((await stored(attempt._id)).submitted).toBe(false);

    // Still paused when the moved deadline and its grace pass: the job submits it.
    t.clock.advance(before.deadline + TIMED_PAUSE_LIMIT_SECONDS * 1000 - t.clock.now().getTime() + 1000);
    await submitExpiredSittings(t.ctx);
    expect((await stored(attempt._id)).submitted).toBe(false);
    t.clock.advance(DEADLINE_GRACE_MS);
    expect(await submitExpiredSittings(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await stored(attempt._id)).submitted).toBe(true);
    expect((await resume(learner, attempt._id)).statusCode).toBe(404);
  });

  it('refuses a pause once the pause time is used up, and after the deadline', async () => {
    const learner = await createLearner(t);
    const { exam, attempt } = await timedSitting(learner, { allowed: true, secondsPerQuestion: 600 });
    await pause(learner, attempt._id);
    t.clock.advance(TIMED_PAUSE_LIMIT_SECONDS * 1000 + MINUTE);
    const resumed = await resume(learner, attempt._id);
    expect(resumed.body.pauseLeftSeconds).toBe(0);
    const after = await stored(attempt._id);
    expect(after.pausedSeconds).toBe(TIMED_PAUSE_LIMIT_SECONDS);

    const refused = await pause(learner, attempt._id);
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe('No pause time is left for this exam.');
    expect(await resumeSitting(learner, exam.id)).toMatchObject({ pauseAllowed: false, pauseLeftSeconds: 0 });

    const other = await createLearner(t);
    const late = await timedSitting(other, { allowed: true });
    t.clock.advance(4 * MINUTE + 1000);
    const tooLate = await pause(other, late.attempt._id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.message).toBe('Time is up for this exam: it can no longer be paused.');
  });

  it("answers 404 for another learner's sitting and changes nothing", async () => {
    const learner = await createLearner(t);
    const stranger = await createLearner(t);
    const { attempt } = await timedSitting(learner, { allowed: true });
    const theirs = await pause(stranger, attempt._id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.message).toBe(
      (await t.call(api.attempts.pause, { params: { id: 'not-an-id' }, as: stranger })).message,
    );
    expect((await pause(learner, attempt._id)).statusCode).toBe(200);
    expect((await resume(stranger, attempt._id)).statusCode).toBe(404);
    expect((await stored(attempt._id)).pausedAt).not.toBeNull();
    expect((await t.call(api.attempts.pause, { params: { id: attempt._id } })).statusCode).toBe(401);
  });
});

describe('a timed practice set', () => {
  it("may pause and resume, within the same pause limit, as the learner's own study", async () => {
    const learner = await createLearner(t);
    await createSubscribedExam(t, learner, { numberOfQuestions: 6, secondsPerQuestion: 60 });
    const set = await t.call(api.practice.create, {
      body: { source: 'all', size: 5, mode: 'timed' },
      as: learner,
    });
    expect(set.statusCode).toBe(201);
    expect([set.body.pauseAllowed, set.body.pauseLeftSeconds]).toEqual([true, TIMED_PAUSE_LIMIT_SECONDS]);
    const paused = await pause(learner, set.body._id);
    expect(paused.statusCode).toBe(200);
    expect(paused.body.paused).toBe(true);
    expect((await stored(set.body._id)).pausedAt).not.toBeNull();
    const resumed = await resume(learner, set.body._id);
    expect(resumed.statusCode).toBe(200);
    expect(resumed.body.paused).toBe(false);
    // Used up: no more pausing.
    await t.ctx.db.execute(
      sql`update exam_attempts set paused_seconds = ${TIMED_PAUSE_LIMIT_SECONDS} where id = ${set.body._id}`,
    );
    expect((await pause(learner, set.body._id)).statusCode).toBe(409);
  });
});
