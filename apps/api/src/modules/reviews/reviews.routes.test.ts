import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  applyPendingResults,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  type Learner,
} from '../../../test/factories.ts';
import { questions } from '../../db/schema/index.ts';

/* Spaced review (decision 0035): the deck, 'Review due', review sessions, suspension, reset, preferences. */

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ NODE_ENV: 'development' });
});
afterEach(async () => {
  await t.close();
});

const DAY = 86_400_000;

interface AttemptBody {
  _id: string;
  kind: string;
  mode: string;
  questions: Array<{ _id: string; choices: string[] }>;
  certaintyEnabled: boolean;
}

async function subscribedExam(learner: Learner, count = 6) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: count });
  await createSubscription(t, {
    userId: learner.id,
    examId: exam.id,
    endDate: new Date(Date.now() + 400 * DAY),
  });
  return exam;
}

async function correctOf(questionId: string): Promise<string> {
  const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, questionId));
  return row!.options[row!.correctAnswer]!;
}

async function wrongOf(question: { _id: string; choices: string[] }): Promise<string> {
  const right = await correctOf(question._id);
  return question.choices.find((choice) => choice !== right)!;
}

/** Sits an exam answering the first `wrong` questions wrongly and the rest rightly; returns the result id. */
async function sit(learner: Learner, examId: string, wrong: number, extra: Record<string, unknown> = {}) {
  const attempt = (
    await t.request({ method: 'POST', url: `/api/exams/${examId}/attempts`, headers: learner.headers })
  ).json<AttemptBody>();
  const answers: Record<string, string> = {};
  for (const [index, q] of attempt.questions.entries()) {
    const right = await correctOf(q._id);
    answers[q._id] = index < wrong ? q.choices.find((choice) => choice !== right)! : right;
  }
  const submitted = await t.request({
    method: 'POST',
    url: `/api/exams/${examId}/submit`,
    headers: learner.headers,
    payload: { answers, attemptId: attempt._id, ...extra },
  });
  expect(submitted.statusCode).toBe(201);
  return { attempt, answers, resultId: submitted.json<{ _id: string }>()._id };
}

function get(learner: Learner, url: string) {
  return t.request({ method: 'GET', url, headers: learner.headers });
}

describe('review deck', () => {
  it('puts every answered question in the deck and brings the missed ones back the next day', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    await sit(learner, exam.id, 2);
    // Until the derived-results job has run (decision 0075), the deck says a result is on its way.
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({
      total: 0,
      pendingResults: 1,
    });
    expect(await applyPendingResults(t)).toBe(1);
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({
      total: 6,
      pendingResults: 0,
    });
    const cards = (await get(learner, '/api/reviews/cards')).json<{
      cards: Array<{ due: string; state: string; questionId: string }>;
      total: number;
    }>();
    expect(cards.total).toBe(6);
    const dues = cards.cards.map((card) => Math.round((Date.parse(card.due) - Date.now()) / DAY)).sort();
    // Two missed: one day; four right: three days (FSRS's first intervals, decision 0035).
    expect(dues).toEqual([1, 1, 3, 3, 3, 3]);
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({
      due: 0,
      session: 0,
      total: 6,
    });
    const nothing = await t.request({
      method: 'POST',
      url: '/api/reviews/session',
      headers: learner.headers,
    });
    expect(nothing.statusCode).toBe(409);

    t.clock.advance(DAY + 60_000);
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({ due: 2, session: 2 });
    // The dashboard's analytics card says so too.
    expect((await get(learner, '/api/analytics')).json()).toMatchObject({
      review: { due: 2 },
      nextStep: { kind: 'review' },
    });
  });

  it('reviews the due questions in tutor mode, rescheduling each as it is answered', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    await sit(learner, exam.id, 2);
    await applyPendingResults(t);
    t.clock.advance(DAY + 60_000);
    const start = () => t.request({ method: 'POST', url: '/api/reviews/session', headers: learner.headers });
    const untouched = await start();
    expect(untouched.statusCode).toBe(201);
    // Started again before anything is answered: the untouched session is replaced (decision 0047).
    const session = await start();
    expect(session.statusCode).toBe(201);
    const set = session.json<AttemptBody>();
    expect(set._id).not.toBe(untouched.json<AttemptBody>()._id);
    expect(set).toMatchObject({ kind: 'practice', mode: 'tutor' });
    expect(set.questions).toHaveLength(2);
    const [first, second] = set.questions;
    const answered = await t.request({
      method: 'POST',
      url: `/api/exams/attempts/${set._id}/answer`,
      headers: learner.headers,
      payload: { questionId: first!._id, answer: await correctOf(first!._id) },
    });
    expect(answered.json()).toMatchObject({ isCorrect: true });
    // Now it holds an answer: it is kept; another session opens beside it, of what is still due (one card).
    const beside = await start();
    expect(beside.statusCode).toBe(201);
    expect(beside.json<AttemptBody>()._id).not.toBe(set._id);
    expect(beside.json<AttemptBody>().questions.map((q) => q._id)).toEqual([second!._id]);
    // Right this time: the card moves days on at once, before the set is submitted.
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({ due: 1 });
    const [card] = await queryRows<{ reps: number; due: Date }>(
      t.ctx.db,
      sql`select reps, due from review_cards where user_id = ${learner.id} and question_id = ${first!._id}`,
    );
    expect(card?.reps).toBe(2);
    // Submitting the session applies nothing twice.
    await t.request({
      method: 'POST',
      url: `/api/exams/attempts/${set._id}/answer`,
      headers: learner.headers,
      payload: { questionId: second!._id, answer: await wrongOf(second!) },
    });
    const submitted = await t.request({
      method: 'POST',
      url: `/api/practice-sets/${set._id}/submit`,
      headers: learner.headers,
      payload: { answers: {} },
    });
    expect(submitted.statusCode).toBe(201);
    // The session's result applies nothing twice to the cards its answers rescheduled.
    await applyPendingResults(t);
    const [after] = await queryRows<{ reps: number }>(
      t.ctx.db,
      sql`select reps from review_cards where user_id = ${learner.id} and question_id = ${first!._id}`,
    );
    expect(after?.reps).toBe(2);
  });

  it('suspends a card, resets the deck, and keeps preferences within bounds', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    await sit(learner, exam.id, 6);
    await applyPendingResults(t);
    t.clock.advance(DAY + 60_000);
    const { cards } = (await get(learner, '/api/reviews/cards?filter=due')).json<{
      cards: Array<{ questionId: string }>;
    }>();
    expect(cards).toHaveLength(6);
    const suspended = await t.request({
      method: 'PUT',
      url: `/api/reviews/cards/${cards[0]!.questionId}`,
      headers: learner.headers,
      payload: { suspended: true },
    });
    expect(suspended.json()).toMatchObject({ suspended: true });
    // Counted from the index ranges (due, suspended) and the deck's key (total): 6 cards, 1 suspended.
    expect((await get(learner, '/api/reviews/summary')).json()).toEqual({
      due: 5,
      session: 5,
      dailyLimit: 50,
      reviewedToday: 0,
      nextDue: null,
      total: 6,
      suspended: 1,
      pendingResults: 0,
    });
    expect((await get(learner, '/api/reviews/cards?filter=suspended')).json()).toMatchObject({ total: 1 });
    // Another learner's card (or none) is not found.
    const other = await createLearner(t);
    const foreign = await t.request({
      method: 'PUT',
      url: `/api/reviews/cards/${cards[1]!.questionId}`,
      headers: other.headers,
      payload: { suspended: true },
    });
    expect(foreign.statusCode).toBe(404);

    expect((await get(learner, '/api/reviews/preferences')).json()).toEqual({
      desiredRetention: 0.9,
      certaintyEnabled: false,
      dailyLimit: 50,
    });
    for (const desiredRetention of [0.5, 0.99]) {
      const bad = await t.request({
        method: 'PUT',
        url: '/api/reviews/preferences',
        headers: learner.headers,
        payload: { desiredRetention, certaintyEnabled: true, dailyLimit: 50 },
      });
      expect(bad.statusCode).toBe(400);
    }
    const saved = await t.request({
      method: 'PUT',
      url: '/api/reviews/preferences',
      headers: learner.headers,
      payload: { desiredRetention: 0.85, certaintyEnabled: true, dailyLimit: 120 },
    });
    expect(saved.json()).toEqual({ desiredRetention: 0.85, certaintyEnabled: true, dailyLimit: 120 });

    const reset = await t.request({ method: 'DELETE', url: '/api/reviews/deck', headers: learner.headers });
    expect(reset.json()).toEqual({ message: 'Your review deck has been reset: 6 questions removed.' });
    expect((await get(learner, '/api/reviews/summary')).json()).toMatchObject({ due: 0, total: 0 });
    expect((await t.request({ method: 'GET', url: '/api/reviews/summary' })).statusCode).toBe(401);
  });
});

describe('certainty', () => {
  it('marks answers with certainty, scores them and schedules a right guess sooner', async () => {
    const learner = await createLearner(t);
    await t.request({
      method: 'PUT',
      url: '/api/reviews/preferences',
      headers: learner.headers,
      payload: { desiredRetention: 0.9, certaintyEnabled: true, dailyLimit: 50 },
    });
    const exam = await subscribedExam(learner, 4);
    const attempt = (
      await t.request({ method: 'POST', url: `/api/exams/${exam.id}/attempts`, headers: learner.headers })
    ).json<AttemptBody>();
    expect(attempt.certaintyEnabled).toBe(true);
    const [a, b, c, d] = attempt.questions;
    const answers = {
      [a!._id]: await correctOf(a!._id),
      [b!._id]: await correctOf(b!._id),
      [c!._id]: await correctOf(c!._id),
      [d!._id]: await wrongOf(d!),
    };
    const saved = await t.request({
      method: 'PUT',
      url: `/api/exams/attempts/${attempt._id}/answers`,
      headers: learner.headers,
      payload: {
        answers,
        certainties: { [a!._id]: 'sure', [b!._id]: 'fairly-sure', [c!._id]: 'guessing', [d!._id]: 'sure' },
        seq: 1,
      },
    });
    expect(saved.statusCode).toBe(204);
    const result = (
      await t.request({
        method: 'POST',
        url: `/api/exams/${exam.id}/submit`,
        headers: learner.headers,
        payload: { answers, attemptId: attempt._id },
      })
    ).json<{ certainty: { mark: number; maxMark: number } }>();
    // sure right 3, fairly sure right 2, guessed right 1, sure wrong −6.
    expect(result.certainty).toMatchObject({ mark: 0, maxMark: 12 });
    await applyPendingResults(t);
    const guessed = await queryRows<{ due: Date }>(
      t.ctx.db,
      sql`select due from review_cards where user_id = ${learner.id} and question_id = ${c!._id}`,
    );
    expect(Math.round((new Date(guessed[0]!.due).getTime() - Date.now()) / DAY)).toBe(2);
  });
});
