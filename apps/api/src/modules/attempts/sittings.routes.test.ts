import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  api,
  type RouteBody,
  type SaveAnswersBody,
  type SittingMode,
  type SubmitExamBody,
} from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  buildExamUpdate,
  createAdmin,
  createExam,
  createLearner,
  createSubscribedExam,
  createSubscribedLearner,
  queryRows,
  type ExamInput,
  type Learner,
} from '../../../test/factories.ts';
import { exams, questions } from '../../db/schema/index.ts';
import { DEADLINE_GRACE_MS, submitExpiredSittings } from './attempts.service.ts';

/*
 * Study sittings (decision 0031): modes, the server's deadline and auto-submit, tutor reveals that never
 * leak, flags, struck options and position kept, stale saves refused, pause; topics on results.
 */

const t = useTestApp({ NODE_ENV: 'development' });

const subscribedExam = (learner: Learner, overrides: ExamInput = {}, count?: number) =>
  createSubscribedExam(t, learner, { numberOfQuestions: 4, ...overrides }, count);

const start = (learner: Learner, examId: string, mode?: SittingMode) =>
  t.call(api.attempts.start, { params: { id: examId }, body: mode ? { mode } : {}, as: learner });
const save = (learner: Learner, attemptId: string, body: SaveAnswersBody) =>
  t.call(api.attempts.saveAnswers, { params: { id: attemptId }, body, as: learner });
const answer = (learner: Learner, attemptId: string, questionId: string, choice: string) =>
  t.call(api.attempts.answer, {
    params: { id: attemptId },
    body: { questionId, answer: choice },
    as: learner,
  });
const submit = (learner: Learner, examId: string, body: SubmitExamBody) =>
  t.call(api.attempts.submit, { params: { id: examId }, body, as: learner });
const pauseOrResume = (learner: Learner, attemptId: string, action: 'pause' | 'resume') =>
  t.call(api.attempts[action], { params: { id: attemptId }, as: learner });

async function correctOf(questionId: string) {
  const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, questionId));
  return {
    text: row!.options[row!.correctAnswer]!,
    explanation: row!.explanation,
    rationales: row!.rationales,
    objective: row!.objective,
    references: row!.references,
  };
}

describe('modes', () => {
  it('starts the spec exam by default, the mode asked for otherwise, and only modes the exam allows', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const plain = (await start(learner, exam.id)).body;
    expect(plain).toMatchObject({
      mode: 'exam',
      deadline: null,
      remainingSeconds: null,
      flags: [],
      strikes: {},
    });
    // Another mode while one is open: continue or submit it first.
    const busy = await start(learner, exam.id, 'tutor');
    expect(busy.statusCode).toBe(409);
    expect(busy.body).toMatchObject({ code: 'ATTEMPT_IN_PROGRESS' });
    // Resuming without a mode keeps the open one.
    expect((await start(learner, exam.id)).body._id).toBe(plain._id);

    const other = await subscribedExam(learner, { modes: ['exam'] });
    const refused = await start(learner, other.id, 'timed');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toEqual({ message: 'This exam cannot be taken in that mode.' });
    const nonsense = await t.send(api.attempts.start, {
      params: { id: other.id },
      body: { mode: 'nonsense' },
      as: learner,
    });
    expect(nonsense.statusCode).toBe(400);
  });
});

describe('timed sittings', () => {
  it('runs on the server clock: late saves are refused and the server submits what was saved', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner, { secondsPerQuestion: 60 });
    const attempt = (await start(learner, exam.id, 'timed')).body;
    expect(attempt.mode).toBe('timed');
    expect(attempt.remainingSeconds).toBe(4 * 60);
    const deadline = new Date(attempt.deadline!).getTime();
    expect(deadline - Date.now()).toBeGreaterThan(4 * 60_000 - 5_000);
    // A timed sitting cannot be paused unless its exam allows it (decision 0064).
    const pause = await pauseOrResume(learner, attempt._id, 'pause');
    expect(pause.statusCode).toBe(409);

    const [first, second] = attempt.questions;
    expect(
      (await save(learner, attempt._id, { answers: { [first!._id]: first!.choices[0]! }, seq: 1 }))
        .statusCode,
    ).toBe(204);
    // Within the grace after zero a save still counts.
    t.clock.advance(deadline - t.clock.now().getTime() + DEADLINE_GRACE_MS - 1000);
    expect(
      (
        await save(learner, attempt._id, {
          answers: { [first!._id]: first!.choices[0]!, [second!._id]: second!.choices[1]! },
          seq: 2,
        })
      ).statusCode,
    ).toBe(204);
    // After it, nothing is accepted.
    t.clock.advance(2000);
    const late = await save(learner, attempt._id, { answers: {}, seq: 3 });
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatchObject({ code: 'TIME_UP' });

    // The browser is gone; the job submits the attempt with the answers saved by then.
    expect(await submitExpiredSittings(t.ctx)).toBeGreaterThanOrEqual(1);
    expect(await submitExpiredSittings(t.ctx)).toBe(0);
    const [result] = await queryRows<{ mode: string; questions: Array<{ userAnswer: string | null }> }>(
      t.ctx.db,
      sql`select mode, questions from exam_results where attempt_id = ${attempt._id}`,
    );
    expect(result?.mode).toBe('timed');
    expect(result?.questions.filter((q) => q.userAnswer !== null)).toHaveLength(2);
    // The page submitting afterwards gets that result, with its late answers ignored.
    const afterwards = await submit(learner, exam.id, { answers: {} });
    expect(afterwards.statusCode).toBe(200);
    expect(afterwards.body.mode).toBe('timed');
  });

  it('submits every expired sitting in one run, a batch at a time', async () => {
    // Many at once: the job walks them a batch at a time (the bench measures the speed).
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3 });
    const learners = await Promise.all(Array.from({ length: 12 }, () => createSubscribedLearner(t, exam.id)));
    for (const learner of learners) {
      expect((await start(learner, exam.id, 'timed')).statusCode).toBe(200);
    }
    t.clock.advance(10 * 60_000);
    expect(await submitExpiredSittings(t.ctx, 5)).toBeGreaterThanOrEqual(12);
    const [open] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from exam_attempts where exam_id = ${exam.id} and submitted_at is null`,
    );
    expect(open?.n).toBe(0);
  });
});

describe('tutor mode', () => {
  it("reveals a question's answer only once it is answered, locks it, and never leaks another", async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const attempt = (await start(learner, exam.id, 'tutor')).body;
    expect(attempt.reveals).toEqual([]);
    const body = JSON.stringify(attempt);
    for (const q of attempt.questions) {
      const { explanation, rationales, objective, references } = await correctOf(q._id);
      // Nothing that gives the answer away: the explanation, the options' rationales, the objective, references.
      expect(body).not.toContain(explanation);
      for (const rationale of rationales) expect(body).not.toContain(rationale);
      expect(body).not.toContain(objective);
      expect(body).not.toContain(references[0]!.title);
    }
    const [first, second] = attempt.questions;
    const firstCorrect = await correctOf(first!._id);
    const wrongChoice = first!.choices.find((choice) => choice !== firstCorrect.text)!;
    const revealed = await answer(learner, attempt._id, first!._id, wrongChoice);
    expect(revealed.statusCode).toBe(200);
    expect(revealed.body).toEqual({
      questionId: first!._id,
      answer: wrongChoice,
      isCorrect: false,
      correctAnswer: firstCorrect.text,
      explanation: firstCorrect.explanation,
      explanationImage: null,
      // In the question's choices order, as served.
      rationales: firstCorrect.rationales,
      objective: firstCorrect.objective,
      references: firstCorrect.references,
    });
    expect(firstCorrect.rationales).toHaveLength(4);
    // The same answer again answers the same; another one is refused.
    expect((await answer(learner, attempt._id, first!._id, wrongChoice)).statusCode).toBe(200);
    const changed = await answer(learner, attempt._id, first!._id, firstCorrect.text);
    expect(changed.statusCode).toBe(409);
    expect(changed.body).toMatchObject({ code: 'ANSWER_LOCKED' });
    // A save cannot change a locked answer either (tutor answers go through /answer only).
    await save(learner, attempt._id, { answers: { [first!._id]: firstCorrect.text }, seq: 5 });
    // Resuming reveals the answered question only.
    const resumed = (await start(learner, exam.id)).body;
    expect(resumed.answers).toEqual({ [first!._id]: wrongChoice });
    expect(resumed.reveals.map((r) => r.questionId)).toEqual([first!._id]);
    const secondCorrect = await correctOf(second!._id);
    expect(JSON.stringify(resumed)).not.toContain(secondCorrect.explanation);
    // Not a served question, not a choice, not tutor mode: refused.
    expect((await answer(learner, attempt._id, exam.id, 'x')).statusCode).toBe(400);
    expect((await answer(learner, attempt._id, second!._id, 'not a choice')).statusCode).toBe(400);
    const other = await subscribedExam(learner);
    const plain = (await start(learner, other.id)).body;
    const q = plain.questions[0]!;
    expect((await answer(learner, plain._id, q._id, q.choices[0]!)).statusCode).toBe(400);
    // Someone else's attempt is not found.
    const stranger = await createLearner(t);
    expect((await answer(stranger, attempt._id, second!._id, second!.choices[0]!)).statusCode).toBe(404);
  });

  it('keeps every rule on the one-statement answer: paused, submitted, position, certainty, races', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    const attempt = (await start(learner, exam.id, 'tutor')).body;
    const [first, second, third] = attempt.questions;
    const post = (questionId: string, body: Omit<RouteBody<typeof api.attempts.answer>, 'questionId'>) =>
      t.call(api.attempts.answer, {
        params: { id: attempt._id },
        body: { questionId, ...body },
        as: learner,
      });
    const stored = async () =>
      (
        await queryRows<{
          saved_answers: Record<string, string>;
          certainties: Record<string, string>;
          current_index: number;
          save_seq: number;
        }>(
          t.ctx.db,
          sql`select saved_answers, certainties, current_index, save_seq from exam_attempts where id = ${attempt._id}`,
        )
      )[0]!;
    // Paused: refused, nothing saved.
    const pauseAt = (action: 'pause' | 'resume') => pauseOrResume(learner, attempt._id, action);
    expect((await pauseAt('pause')).statusCode).toBe(200);
    const whilePaused = await post(first!._id, { answer: first!.choices[0]! });
    expect(whilePaused.statusCode).toBe(409);
    expect(whilePaused.body).toMatchObject({ code: 'PAUSED' });
    expect((await stored()).saved_answers).toEqual({});
    expect((await pauseAt('resume')).statusCode).toBe(200);
    // The position never passes the last question; the certainty is kept with the answer.
    const last = attempt.questions.length - 1;
    const answered = await post(first!._id, {
      answer: first!.choices[1]!,
      currentIndex: 400,
      certainty: 'sure',
    });
    expect(answered.statusCode).toBe(200);
    expect(await stored()).toMatchObject({
      saved_answers: { [first!._id]: first!.choices[1]! },
      certainties: { [first!._id]: 'sure' },
      current_index: last,
      save_seq: 1,
    });
    // Without a position or a certainty, neither changes.
    expect((await post(second!._id, { answer: second!.choices[0]! })).statusCode).toBe(200);
    expect(await stored()).toMatchObject({
      certainties: { [first!._id]: 'sure' },
      current_index: last,
      save_seq: 2,
    });
    // Two different answers to one question at once: one is locked, the other refused.
    const race = await Promise.all([
      post(third!._id, { answer: third!.choices[0]! }),
      post(third!._id, { answer: third!.choices[1]! }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = race.find((r) => r.statusCode === 200)!.body.answer;
    expect((await stored()).saved_answers[third!._id]).toBe(winner);
    // Submitted: no longer open.
    expect((await submit(learner, exam.id, { attemptId: attempt._id, answers: {} })).statusCode).toBe(201);
    expect(
      (await post(attempt.questions[3]!._id, { answer: attempt.questions[3]!.choices[0]! })).statusCode,
    ).toBe(404);
  });
});

describe('flags, struck options, position, pause and stale saves', () => {
  it('keeps them on the server, refuses a stale save, and shows flags and topics on the result', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner, { topics: ['Cardiology', 'Renal'] });
    await t.ctx.db.update(questions).set({ topic: 'Cardiology' }).where(eq(questions.examId, exam.id));
    const attempt = (await start(learner, exam.id)).body;
    expect(attempt.questions.every((q) => q.topic === 'Cardiology')).toBe(true);
    const [a, b] = attempt.questions;
    const saved = await save(learner, attempt._id, {
      answers: { [a!._id]: a!.choices[0]! },
      flags: [b!._id],
      strikes: { [a!._id]: [a!.choices[1]!, a!.choices[2]!] },
      currentIndex: 1,
      seq: 3,
    });
    expect(saved.statusCode).toBe(204);
    // An older or repeated save changes nothing.
    for (const seq of [2, 3]) {
      const stale = await save(learner, attempt._id, { answers: {}, flags: [], seq });
      expect(stale.statusCode).toBe(409);
      expect(stale.body).toMatchObject({ code: 'STALE_SAVE' });
    }
    // Marks must name served questions and their choices.
    expect((await save(learner, attempt._id, { answers: {}, flags: [exam.id], seq: 4 })).statusCode).toBe(
      400,
    );
    expect(
      (await save(learner, attempt._id, { answers: {}, strikes: { [a!._id]: ['nope'] }, seq: 4 })).statusCode,
    ).toBe(400);
    // An option is the answer or struck out, never both.
    const both = await save(learner, attempt._id, {
      answers: { [a!._id]: a!.choices[1]! },
      strikes: { [a!._id]: [a!.choices[1]!] },
      seq: 4,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toMatchObject({
      message: 'An option struck out cannot be the answer. Restore it to choose it.',
    });

    // Another device resumes all of it.
    const resumed = (await start(learner, exam.id)).body;
    expect(resumed).toMatchObject({
      answers: { [a!._id]: a!.choices[0]! },
      flags: [b!._id],
      strikes: { [a!._id]: [a!.choices[1]!, a!.choices[2]!] },
      currentIndex: 1,
      saveSeq: 3,
    });

    // Pause: saves wait until resumed; any device sees it paused.
    const paused = await pauseOrResume(learner, attempt._id, 'pause');
    expect(paused.body).toEqual({ paused: true, remainingSeconds: null, pauseLeftSeconds: null });
    expect((await start(learner, exam.id)).body.paused).toBe(true);
    const whilePaused = await save(learner, attempt._id, { answers: {}, seq: 9 });
    expect(whilePaused.body).toMatchObject({ code: 'PAUSED' });
    await pauseOrResume(learner, attempt._id, 'resume');
    expect((await start(learner, exam.id)).body.paused).toBe(false);

    const result = (
      await submit(learner, exam.id, { answers: { [a!._id]: a!.choices[0]! }, attemptId: attempt._id })
    ).body;
    expect(result).toMatchObject({ mode: 'exam', kind: 'exam' });
    expect(result.questions.find((q) => q.questionId === b!._id)?.flagged).toBe(true);
    expect(result.topics).toEqual([
      {
        topic: 'Cardiology',
        correct: expect.any(Number) as number,
        total: 4,
        score: expect.any(Number) as number,
      },
    ]);
    // The learner's standing with each question is kept for practice sets, by the derived-results job
    // (decision 0075).
    await applyPendingResults(t);
    const standing = await queryRows<{ question_id: string; flagged: boolean; seen: number }>(
      t.ctx.db,
      sql`select question_id, flagged, seen from learner_questions where user_id = ${learner.id}`,
    );
    expect(standing).toHaveLength(4);
    expect(standing.find((row) => row.question_id === b!._id)?.flagged).toBe(true);
    const responses = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from question_responses where user_id = ${learner.id}`,
    );
    expect(responses[0]?.n).toBe(4);
  });
});

describe('exam settings for sittings', () => {
  it('lets an administrator set topics, the time per question and the modes, and shows them to learners', async () => {
    const admin = await createAdmin(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 2 });
    const [row] = await t.ctx.db.select().from(exams).where(eq(exams.id, exam.id));
    const update = await t.call(api.adminExams.update, {
      params: { id: exam.id },
      as: admin,
      body: {
        title: row!.title,
        description: row!.description,
        category: row!.category,
        numberOfQuestions: 2,
        price: 0,
        isActive: true,
        topics: [' Cardiology ', 'cardiology', 'Renal'],
        secondsPerQuestion: 75,
        modes: ['tutor', 'exam'],
      },
    });
    expect(update.statusCode).toBe(200);
    expect(update.body).toMatchObject({
      exam: { topics: ['Cardiology', 'Renal'], secondsPerQuestion: 75, modes: ['exam', 'tutor'] },
    });
    const bad = await t.call(api.adminExams.update, {
      params: { id: exam.id },
      as: admin,
      body: buildExamUpdate({ description: 'x', category: 'x', modes: [] }),
    });
    expect(bad.statusCode).toBe(400);
    const detail = await t.call(api.exams.detail, { params: { id: exam.id } });
    expect(detail.body).toMatchObject({ modes: ['exam', 'tutor'], secondsPerQuestion: 75 });
  });
});

describe('results stored before study sittings (migration 0011)', () => {
  it('get their per-question rows once, in any order with live submits', async () => {
    const { applyResultResponses } = await import('./attempts.service.ts');
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner, {}, 4);
    const served = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    const old = (at: Date, right: boolean) =>
      t.ctx.db.execute(sql`
        insert into exam_results (id, user_id, exam_id, exam_title, correct_answers, total_questions, score,
          duration, questions, completed_at)
        values (gen_random_uuid(), ${learner.id}, ${exam.id}, 'Old', 0, 1, 0, 10,
          ${JSON.stringify([
            {
              questionId: served[0]!.id,
              question: served[0]!.question,
              choices: served[0]!.options,
              userAnswer:
                served[0]!.options[right ? served[0]!.correctAnswer : (served[0]!.correctAnswer + 1) % 4],
              correctAnswer: served[0]!.options[served[0]!.correctAnswer],
              isCorrect: right,
              explanation: '',
            },
          ])}::jsonb, ${at})`);
    await old(new Date(Date.now() - 3 * 86_400_000), false);
    await old(new Date(Date.now() - 2 * 86_400_000), true);
    // A live submit today, before the backfill has run: it answers that question wrongly.
    const attempt = (await start(learner, exam.id)).body;
    const q = attempt.questions.find((candidate) => candidate._id === served[0]!.id)!;
    const right = (await correctOf(q._id)).text;
    await submit(learner, exam.id, {
      answers: { [q._id]: q.choices.find((choice) => choice !== right)! },
      attemptId: attempt._id,
    });
    while ((await applyResultResponses(t.ctx, 1)) > 0) {
      /* a batch of one at a time */
    }
    expect(await applyResultResponses(t.ctx)).toBe(0);
    const [standing] = await queryRows<{ seen: number; wrong: number; last_correct: boolean }>(
      t.ctx.db,
      sql`select seen, wrong, last_correct from learner_questions where user_id = ${learner.id} and question_id = ${q._id}`,
    );
    // Seen three times (two old, one live), wrong twice, and the latest (live) answer was wrong.
    expect(standing).toEqual({ seen: 3, wrong: 2, last_correct: false });
    const [count] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from question_responses where user_id = ${learner.id} and question_id = ${q._id}`,
    );
    expect(count?.n).toBe(3);
  });
});
