import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  api,
  type AttemptHeartbeatBody,
  type ExamResult,
  type LearnerQuestion,
  type SaveAnswersBody,
  type SubmitExamBody,
} from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  correctAnswerOf,
  createAdmin,
  createLearner,
  createSubscribedExam,
  createSubscribedLearner,
  type Learner,
} from '../../../test/factories.ts';
import { examAttempts, examResults, exams, questions, subscriptions } from '../../db/schema/index.ts';
import { recordResult } from './results.repository.ts';

const t = useTestApp({ NODE_ENV: 'development' });

const start = (learner: Learner, examId: string) =>
  t.call(api.attempts.start, { params: { id: examId }, as: learner });
const submit = (learner: Learner, examId: string, body: SubmitExamBody) =>
  t.call(api.attempts.submit, { params: { id: examId }, body, as: learner });
const saveAnswers = (learner: Learner, attemptId: string, body: SaveAnswersBody) =>
  t.call(api.attempts.saveAnswers, { params: { id: attemptId }, body, as: learner });
const heartbeat = (learner: Learner, attemptId: string, body: AttemptHeartbeatBody = {}) =>
  t.call(api.attempts.heartbeat, { params: { id: attemptId }, body, as: learner });
const getResult = (learner: Learner, resultId: string) =>
  t.call(api.attempts.result, { params: { id: resultId }, as: learner });

describe('taking an exam', () => {
  it('serves questions without answers to a subscriber only', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 4 });
    const response = await start(learner, exam.id);
    expect(response.statusCode).toBe(200);
    // Assert on the JSON as served: nothing that gives the answer away.
    expect(JSON.stringify(response.body)).not.toMatch(/correctAnswer|explanation|isCorrect|"options"/);
    const attempt = response.body;
    expect(attempt.questions).toHaveLength(4);
    // The topic and the question's image are no secret (decisions 0031, 0040); the answer and the
    // explanation are.
    expect(Object.keys(attempt.questions[0]!).sort()).toEqual([
      '_id',
      'choices',
      'image',
      'question',
      'topic',
    ]);

    const visitor = await t.call(api.attempts.start, { params: { id: exam.id } });
    expect(visitor.statusCode).toBe(401);
    const other = await createLearner(t);
    const stranger = await start(other, exam.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).toEqual({ message: 'You need an active subscription to this exam to take it.' });
    expect((await submit(other, exam.id, { answers: {} })).statusCode).toBe(403);
  });

  it('refuses an expired subscriber', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner);
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, learner.id));
    expect((await start(learner, exam.id)).statusCode).toBe(403);
    expect((await submit(learner, exam.id, { answers: {} })).statusCode).toBe(403);
  });

  it('resumes the open attempt with the same questions and saved answers', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const first = (await start(learner, exam.id)).body;
    const q = first.questions[0]!;
    const save = await saveAnswers(learner, first._id, { answers: { [q._id]: q.choices[1]! } });
    expect(save.statusCode).toBe(204);
    const again = (await start(learner, exam.id)).body;
    expect(again._id).toBe(first._id);
    expect(again.questions.map((x) => x._id)).toEqual(first.questions.map((x) => x._id));
    expect(again.answers).toEqual({ [q._id]: q.choices[1] });
    const bad = await saveAnswers(learner, first._id, { answers: { [q._id]: 'not a choice' } });
    expect(bad.statusCode).toBe(400);
  });

  it('samples numberOfQuestions from a larger approved pool and never serves pending or rejected drafts', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 5 }, 8);
    await t.ctx.db.insert(questions).values([
      {
        examId: exam.id,
        question: 'PENDING DRAFT',
        options: ['a', 'b', 'c', 'd'],
        correctAnswer: 0,
        isAiGenerated: true,
        approvalStatus: 'pending',
      },
      {
        examId: exam.id,
        question: 'REJECTED DRAFT',
        options: ['a', 'b', 'c', 'd'],
        correctAnswer: 0,
        isAiGenerated: true,
        approvalStatus: 'rejected',
      },
    ]);
    const response = await start(learner, exam.id);
    const attempt = response.body;
    expect(attempt.questions).toHaveLength(5);
    expect(new Set(attempt.questions.map((q) => q._id)).size).toBe(5);
    expect(JSON.stringify(response.body)).not.toMatch(/DRAFT/);
  });

  it('scores against the served questions, counts unanswered as wrong, and stores a snapshot', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 4 });
    const attempt = (await start(learner, exam.id)).body;
    const [a, b, c] = attempt.questions;
    const cCorrect = await correctAnswerOf(t, c!._id);
    // Two right, one wrong, one unanswered.
    const answers: Record<string, string> = {
      [a!._id]: await correctAnswerOf(t, a!._id),
      [b!._id]: await correctAnswerOf(t, b!._id),
      [c!._id]: c!.choices.find((x) => x !== cCorrect)!,
    };
    const response = await submit(learner, exam.id, { answers, duration: 99999 });
    expect(response.statusCode).toBe(201);
    const result = response.body;
    expect(result).toMatchObject({ correctAnswers: 2, totalQuestions: 4, score: 50 });
    expect(result.duration).toBeLessThan(60);
    const unanswered = result.questions.find((q) => q.userAnswer === null);
    expect(unanswered?.isCorrect).toBe(false);
    expect(result.questions.every((q) => q.correctAnswer.length > 0 && q.explanation.length > 0)).toBe(true);

    // What the questions taught comes with the result, each option's rationale beside its choice.
    const first = result.questions[0]!;
    expect(first.rationales).toHaveLength(first.choices.length);
    expect(first.rationales.filter((text) => text.endsWith('is right'))).toHaveLength(1);
    expect(first.objective).toMatch(/^Objective \d$/);

    // Later edits of the exam never change the stored result: neither its snapshot nor what its
    // questions taught then (read from the version the learner sat, decision 0050).
    const admin = await createAdmin(t);
    for (const q of result.questions) {
      const edited = await t.call(api.adminExams.editQuestion, {
        params: { id: exam.id, qid: q.questionId },
        body: {
          question: `EDITED ${q.questionId}`,
          options: ['w', 'x', 'y', 'z'],
          correctAnswer: 0,
          rationales: ['EDITED w', 'EDITED x', 'EDITED y', 'EDITED z'],
          objective: 'EDITED objective',
        },
        as: admin,
      });
      expect(edited.statusCode).toBe(200);
    }
    const reread = await getResult(learner, result._id);
    expect(reread.body).toEqual(result);
    expect(JSON.stringify(reread.body)).not.toContain('EDITED');
  });

  it('returns the first result for a double submit and creates nothing new', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const attempt = (await start(learner, exam.id)).body;
    const [one, two] = await Promise.all([
      submit(learner, exam.id, { answers: {}, attemptId: attempt._id }),
      submit(learner, exam.id, { answers: {}, attemptId: attempt._id }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 201]);
    expect(one.body._id).toBe(two.body._id);
    const third = await submit(learner, exam.id, { answers: {} });
    expect(third.statusCode).toBe(200);
    expect(third.body._id).toBe(one.body._id);
    const list = await t.call(api.attempts.results, { as: learner });
    expect(list.body.total).toBe(1);
    // A new start after submitting is a new attempt.
    expect((await start(learner, exam.id)).body._id).not.toBe(attempt._id);
  });

  it('stores exactly one result when many submits of the same attempt race', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const attempt = (await start(learner, exam.id)).body;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => submit(learner, exam.id, { answers: {}, attemptId: attempt._id })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((r) => r.body._id)).size).toBe(1);
    const stored = await t.ctx.db.select().from(examResults).where(eq(examResults.examId, exam.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.attemptId).toBe(attempt._id);
  });

  it("refuses to submit an attempt of another exam or another learner's attempt", async () => {
    const learner = await createLearner(t);
    const examA = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const examB = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const other = await createSubscribedLearner(t, examA.id);
    const attemptA = (await start(learner, examA.id)).body;
    const wrongExam = await submit(learner, examB.id, { answers: {}, attemptId: attemptA._id });
    expect(wrongExam.statusCode).toBe(409);
    expect(wrongExam.message).toBe('There is no exam in progress. Please start the exam again.');
    const notTheirs = await submit(other, examA.id, { answers: {}, attemptId: attemptA._id });
    expect(notTheirs.statusCode).toBe(409);
    // The attempt is still open for its owner.
    expect((await submit(learner, examA.id, { answers: {}, attemptId: attemptA._id })).statusCode).toBe(201);
  });

  it('claims an attempt once: a second recordResult for it stores nothing', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const attempt = (await start(learner, exam.id)).body;
    const values = {
      userId: learner.id,
      examId: exam.id,
      attemptId: attempt._id,
      examTitle: 'Title',
      mode: 'exam' as const,
      kind: 'exam' as const,
      correctAnswers: 0,
      totalQuestions: 0,
      score: 0,
      maxDuration: 6 * 60 * 60,
      questions: [],
      reviewApplied: false,
    };
    const first = await recordResult(t.ctx.db, values);
    expect(first?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Math.abs(first!.completedAt.getTime() - Date.now())).toBeLessThan(60_000);
    expect(await recordResult(t.ctx.db, values)).toBeUndefined();
    // Someone else's attempt is never claimed.
    const stranger = await createLearner(t);
    const again = await start(learner, exam.id);
    expect(
      await recordResult(t.ctx.db, {
        ...values,
        userId: stranger.id,
        attemptId: again.body._id,
      }),
    ).toBeUndefined();
    const stored = await t.ctx.db.select().from(examResults).where(eq(examResults.examId, exam.id));
    expect(stored).toHaveLength(1);
  });

  it('refuses answers to questions that were not served and texts that are not choices', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    const q = attempt.questions[0]!;
    const foreign = await submit(learner, exam.id, {
      answers: { '0190f0c4-0000-7000-8000-000000000000': 'x' },
    });
    expect(foreign.statusCode).toBe(400);
    const notChoice = await submit(learner, exam.id, { answers: { [q._id]: 'made up' } });
    expect(notChoice.statusCode).toBe(400);
    const badBody = await t.send(api.attempts.submit, {
      params: { id: exam.id },
      body: { answers: 'all of them' },
      as: learner,
    });
    expect(badBody.statusCode).toBe(400);
    expect((await submit(learner, exam.id, { answers: {}, duration: -5 })).statusCode).toBe(400);
  });
});

describe('results and history', () => {
  it("keeps each learner's results to themselves", async () => {
    const owner = await createLearner(t);
    const exam = await createSubscribedExam(t, owner, { numberOfQuestions: 2 });
    await start(owner, exam.id);
    const result = (await submit(owner, exam.id, { answers: {} })).body;
    const other = await createLearner(t);
    const peek = await getResult(other, result._id);
    expect(peek.statusCode).toBe(404);
    expect(peek.body).toEqual({ message: 'No result found' });
    expect((await t.call(api.attempts.result, { params: { id: result._id } })).statusCode).toBe(401);
    expect((await t.call(api.attempts.results, { as: other })).body.total).toBe(0);
  });

  it('lists history newest first, paged, and the recent exams with their latest score', async () => {
    const learner = await createLearner(t);
    const first = await createSubscribedExam(t, learner, { title: 'First exam', numberOfQuestions: 2 });
    const second = await createSubscribedExam(t, learner, { title: 'Second exam', numberOfQuestions: 2 });
    for (const exam of [first, second, first]) {
      await start(learner, exam.id);
      await submit(learner, exam.id, { answers: {} });
    }
    const history = (await t.call(api.attempts.history, { query: { limit: 2 }, as: learner })).body;
    expect(history.total).toBe(3);
    expect(history.pages).toBe(2);
    expect(history.history.map((h) => h.exam.title)).toEqual(['First exam', 'Second exam']);
    const recent = (await t.call(api.attempts.recent, { as: learner })).body;
    expect(recent.recent.map((r) => [r.examTitle, r.attempts])).toEqual([
      ['First exam', 2],
      ['Second exam', 1],
    ]);
  });
});

/**
 * Controlled time: moves the attempt's clocks back as if the page was last heard from `secondsAgo`
 * seconds ago (and started `startedSecondsAgo` ago).
 */
async function lastHeardFrom(attemptId: string, secondsAgo: number, startedSecondsAgo = secondsAgo) {
  await t.ctx.db
    .update(examAttempts)
    .set({
      lastActiveAt: sql`now() - make_interval(secs => ${secondsAgo})`,
      startedAt: sql`now() - make_interval(secs => ${startedSecondsAgo})`,
    })
    .where(eq(examAttempts.id, attemptId));
}
async function activeSecondsOf(attemptId: string): Promise<number> {
  const [row] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  return row!.activeSeconds;
}

describe('resuming where the learner was (ADR 0018)', () => {
  it('saves the question position with the answers and returns it on resume', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 4 });
    const first = (await start(learner, exam.id)).body;
    expect(first.currentIndex).toBe(0);
    const q = first.questions[2]!;
    const save = await saveAnswers(learner, first._id, {
      answers: { [q._id]: q.choices[0]! },
      currentIndex: 2,
    });
    expect(save.statusCode).toBe(204);
    const again = (await start(learner, exam.id)).body;
    expect(again.currentIndex).toBe(2);
    expect(again.answers).toEqual({ [q._id]: q.choices[0] });
    // Moving without answering (navigation) is saved by the heartbeat.
    expect((await heartbeat(learner, first._id, { currentIndex: 3 })).statusCode).toBe(200);
    expect((await start(learner, exam.id)).body.currentIndex).toBe(3);
    // Never past the last question; nonsense is a 400.
    await saveAnswers(learner, first._id, { answers: {}, currentIndex: 99 });
    expect((await start(learner, exam.id)).body.currentIndex).toBe(3);
    expect((await saveAnswers(learner, first._id, { answers: {}, currentIndex: -1 })).statusCode).toBe(400);
    const nonsense = await t.send(api.attempts.heartbeat, {
      params: { id: first._id },
      body: { currentIndex: 'two' },
      as: learner,
    });
    expect(nonsense.statusCode).toBe(400);
  });

  it("refuses a heartbeat for someone else's, a submitted or an unknown attempt", async () => {
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    expect((await heartbeat(other, attempt._id)).statusCode).toBe(404);
    expect((await heartbeat(learner, 'not-an-id')).statusCode).toBe(404);
    await submit(learner, exam.id, { answers: {}, attemptId: attempt._id });
    const late = await heartbeat(learner, attempt._id);
    expect(late.statusCode).toBe(404);
    expect(late.message).toBe('There is no exam in progress. Please start the exam again.');
  });

  it('shows exams in progress on the recent call, and not once submitted', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { title: 'Cardiology basics', numberOfQuestions: 3 });
    const attempt = (await start(learner, exam.id)).body;
    const q = attempt.questions[0]!;
    await saveAnswers(learner, attempt._id, { answers: { [q._id]: q.choices[0]! } });
    // An unpublished exam cannot be continued, so it is not offered.
    const hidden = await createSubscribedExam(t, learner, { title: 'Hidden', numberOfQuestions: 2 });
    await start(learner, hidden.id);
    await t.ctx.db.update(exams).set({ isActive: false }).where(eq(exams.id, hidden.id));
    const recentOf = async () => (await t.call(api.attempts.recent, { as: learner })).body.inProgress;
    expect(await recentOf()).toEqual([
      {
        attemptId: attempt._id,
        examId: exam.id,
        kind: 'exam',
        mode: 'exam',
        paused: false,
        examTitle: 'Cardiology basics',
        startedAt: attempt.startedAt,
        answered: 1,
        totalQuestions: 3,
        remainingSeconds: null,
        lastActiveAt: expect.any(String) as unknown,
      },
    ]);
    await submit(learner, exam.id, { answers: {}, attemptId: attempt._id });
    expect(await recentOf()).toEqual([]);
  });
});

describe('time spent in the exam (ADR 0018)', () => {
  it('counts short gaps between saves and heartbeats, and nothing for time away', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    expect(attempt.elapsedSeconds).toBe(0);
    // 20 s since the last heartbeat: counted.
    await lastHeardFrom(attempt._id, 20);
    const beat = await heartbeat(learner, attempt._id);
    expect(beat.statusCode).toBe(200);
    expect(beat.body.elapsedSeconds).toBe(20);
    // Every tab closed for an hour: not counted, by heartbeat, save or resume.
    await lastHeardFrom(attempt._id, 3600, 3620);
    expect((await heartbeat(learner, attempt._id)).body.elapsedSeconds).toBe(20);
    await lastHeardFrom(attempt._id, 600, 4300);
    expect((await saveAnswers(learner, attempt._id, { answers: {} })).statusCode).toBe(204);
    expect(await activeSecondsOf(attempt._id)).toBe(20);
    await lastHeardFrom(attempt._id, 86_400, 90_000);
    const resumed = (await start(learner, exam.id)).body;
    expect(resumed.elapsedSeconds).toBe(20);
    // A save 10 s later counts.
    await lastHeardFrom(attempt._id, 10, 90_010);
    await saveAnswers(learner, attempt._id, { answers: {} });
    expect(await activeSecondsOf(attempt._id)).toBe(30);
  });

  it("stores the server's active time as the duration, whatever the page sends", async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    await lastHeardFrom(attempt._id, 30);
    await heartbeat(learner, attempt._id);
    // Finished the next day: the day away is not exam time; the last short gap (12 s) is.
    await t.ctx.db
      .update(examAttempts)
      .set({ startedAt: sql`now() - interval '1 day'` })
      .where(eq(examAttempts.id, attempt._id));
    await lastHeardFrom(attempt._id, 86_400, 90_000);
    await heartbeat(learner, attempt._id);
    await lastHeardFrom(attempt._id, 12, 90_000);
    const response = await submit(learner, exam.id, { answers: {}, duration: 5, attemptId: attempt._id });
    expect(response.statusCode).toBe(201);
    const result = response.body;
    expect(result.duration).toBe(42);
    const [stored] = await t.ctx.db.select().from(examResults).where(eq(examResults.id, result._id));
    expect(stored!.duration).toBe(42);
    // A repeat submit answers the same stored duration.
    const again = await submit(learner, exam.id, { answers: {}, duration: 99_999, attemptId: attempt._id });
    expect(again.body.duration).toBe(42);
  });
});

describe('the full review: omitted apart, time per question (decision 0065)', () => {
  async function questionSecondsOf(attemptId: string): Promise<Record<string, number>> {
    const [row] = await t.ctx.db.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
    return row!.questionSeconds;
  }

  it('gives each counted gap to the question the learner was on, and keeps correct, incorrect and omitted apart', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 3 });
    const attempt = (await start(learner, exam.id)).body;
    const [q1, q2, q3] = attempt.questions as [LearnerQuestion, LearnerQuestion, LearnerQuestion];
    const right = await correctAnswerOf(t, q1._id);
    const q2Key = await correctAnswerOf(t, q2._id);
    const q2Wrong = q2.choices.find((choice) => choice !== q2Key)!;

    // 20 s on question 1 (heartbeat), then 10 s more before the save that moves on: both are question 1's.
    await lastHeardFrom(attempt._id, 20);
    await heartbeat(learner, attempt._id, { currentIndex: 0 });
    await lastHeardFrom(attempt._id, 10);
    expect(
      (await saveAnswers(learner, attempt._id, { answers: { [q1._id]: right }, currentIndex: 1 })).statusCode,
    ).toBe(204);
    expect(await questionSecondsOf(attempt._id)).toEqual({ [q1._id]: 30 });
    // 15 s on question 2.
    await lastHeardFrom(attempt._id, 15);
    await saveAnswers(learner, attempt._id, {
      answers: { [q1._id]: right, [q2._id]: q2Wrong },
      currentIndex: 1,
    });
    // An hour away while on question 2 counts for nobody; the beat moves the learner to question 3.
    await lastHeardFrom(attempt._id, 3600);
    await heartbeat(learner, attempt._id, { currentIndex: 2 });
    expect(await questionSecondsOf(attempt._id)).toEqual({ [q1._id]: 30, [q2._id]: 15 });
    // 7 s on question 3, then the submit 5 s later adds its last short gap to it too.
    await lastHeardFrom(attempt._id, 7);
    await heartbeat(learner, attempt._id, { currentIndex: 2 });
    await lastHeardFrom(attempt._id, 5);
    const response = await submit(learner, exam.id, {
      answers: { [q1._id]: right, [q2._id]: q2Wrong },
      attemptId: attempt._id,
    });
    expect(response.statusCode).toBe(201);
    const submitted = response.body;
    const timesOf = (body: ExamResult) =>
      Object.fromEntries(body.questions.map((q) => [q.questionId, q.seconds]));
    const expected = { [q1._id]: 30, [q2._id]: 15, [q3._id]: 12 };
    expect(timesOf(submitted)).toEqual(expected);
    // The seconds per question add up to the duration.
    expect(submitted.duration).toBe(57);

    const read = await getResult(learner, submitted._id);
    expect(read.statusCode).toBe(200);
    const result = read.body;
    expect(timesOf(result)).toEqual(expected);
    expect([result.correctAnswers, result.incorrectAnswers, result.omittedAnswers]).toEqual([1, 1, 1]);
    expect(result.totalQuestions).toBe(3);
    // The spec's fields keep their meaning: an omitted question is not correct.
    expect(result.score).toBe(33);
    expect(result.questions.map((q) => [q.userAnswer === null, q.isCorrect])).toEqual([
      [false, true],
      [false, false],
      [true, false],
    ]);

    // Another learner's result stays a 404, as does no session a 401.
    const stranger = await createLearner(t);
    const theirs = await getResult(stranger, submitted._id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toEqual({ message: 'No result found' });
    expect((await t.call(api.attempts.result, { params: { id: submitted._id } })).statusCode).toBe(401);
  });

  it("counts a tutor answer's gap for the question the learner was on", async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (
      await t.call(api.attempts.start, { params: { id: exam.id }, body: { mode: 'tutor' }, as: learner })
    ).body;
    const [first, second] = attempt.questions as [LearnerQuestion, LearnerQuestion];
    await lastHeardFrom(attempt._id, 12);
    const checked = await t.call(api.attempts.answer, {
      params: { id: attempt._id },
      // Answered from the second question's screen (the index moves with it): the 12 s were the first's.
      body: { questionId: first._id, answer: first.choices[0]!, currentIndex: 1 },
      as: learner,
    });
    expect(checked.statusCode).toBe(200);
    expect(await questionSecondsOf(attempt._id)).toEqual({ [first._id]: 12 });
    await lastHeardFrom(attempt._id, 4);
    await heartbeat(learner, attempt._id, { currentIndex: 1 });
    expect(await questionSecondsOf(attempt._id)).toEqual({ [first._id]: 12, [second._id]: 4 });
  });

  it('counts a question never visited as 0 s', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    await lastHeardFrom(attempt._id, 9);
    const response = await submit(learner, exam.id, { answers: {}, attemptId: attempt._id });
    const result = response.body;
    expect(result.questions.map((q) => q.seconds)).toEqual([9, 0]);
    expect([result.correctAnswers, result.incorrectAnswers, result.omittedAnswers]).toEqual([0, 0, 2]);
  });

  it('serves results stored before times per question without times (null), with the counts', async () => {
    const learner = await createLearner(t);
    const exam = await createSubscribedExam(t, learner, { numberOfQuestions: 2 });
    const attempt = (await start(learner, exam.id)).body;
    const q = attempt.questions[0]!;
    const key = await correctAnswerOf(t, q._id);
    const wrongChoice = q.choices.find((choice) => choice !== key)!;
    const submitted = (
      await submit(learner, exam.id, { answers: { [q._id]: wrongChoice }, attemptId: attempt._id })
    ).body;
    // A snapshot as stored before 2026-12-01: no seconds.
    await t.ctx.db
      .update(examResults)
      .set({
        questions: sql`(select jsonb_agg(q - 'seconds') from jsonb_array_elements(${examResults.questions}) q)`,
      })
      .where(eq(examResults.id, submitted._id));
    const result = (await getResult(learner, submitted._id)).body;
    expect(result.questions.map((item) => item.seconds)).toEqual([null, null]);
    expect([result.correctAnswers, result.incorrectAnswers, result.omittedAnswers]).toEqual([0, 1, 1]);
  });
});
