import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  correctAnswerOf,
  createLearner,
  createSubscribedExam,
  queryRows,
  sitExam,
  startSitting,
  submitSitting,
  wrongAnswerOf,
  type Learner,
} from '../../../test/factories.ts';
import { DAY } from '../../../test/time.ts';

/* Spaced review (decision 0035): the deck, 'Review due', review sessions, suspension, reset, preferences. */

// Each test moves the clock forward and measures due dates from now: an app of its own for each.
const t = useTestApp({ NODE_ENV: 'development' }, { scope: 'test' });

/** An exam of `count` questions the learner is subscribed to. */
const subscribedExam = (learner: Learner, count = 6) =>
  createSubscribedExam(t, learner, { numberOfQuestions: count });

/** Sits an exam answering the first `wrong` questions wrongly and the rest rightly. */
const sit = (learner: Learner, examId: string, wrong: number) =>
  sitExam(t, learner, examId, { right: (_, index) => index >= wrong });

const summaryOf = async (learner: Learner) => (await t.call(api.reviews.summary, { as: learner })).body;

describe('review deck', () => {
  it('puts every answered question in the deck and brings the missed ones back the next day', async () => {
    const learner = await createLearner(t);
    const exam = await subscribedExam(learner);
    await sit(learner, exam.id, 2);
    // Until the derived-results job has run (decision 0075), the deck says a result is on its way.
    expect(await summaryOf(learner)).toMatchObject({
      total: 0,
      pendingResults: 1,
    });
    expect(await applyPendingResults(t)).toBe(1);
    expect(await summaryOf(learner)).toMatchObject({
      total: 6,
      pendingResults: 0,
    });
    const cards = (await t.call(api.reviews.cards, { as: learner })).body;
    expect(cards.total).toBe(6);
    const dues = cards.cards.map((card) => Math.round((Date.parse(card.due) - Date.now()) / DAY)).sort();
    // Two missed: one day; four right: three days (FSRS's first intervals, decision 0035).
    expect(dues).toEqual([1, 1, 3, 3, 3, 3]);
    expect(await summaryOf(learner)).toMatchObject({
      due: 0,
      session: 0,
      total: 6,
    });
    const nothing = await t.call(api.reviews.session, { as: learner });
    expect(nothing.statusCode).toBe(409);

    t.clock.advance(DAY + 60_000);
    expect(await summaryOf(learner)).toMatchObject({ due: 2, session: 2 });
    // The dashboard's analytics card says so too.
    expect((await t.call(api.analytics.read, { as: learner })).body).toMatchObject({
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
    const start = () => t.call(api.reviews.session, { as: learner });
    const untouched = await start();
    expect(untouched.statusCode).toBe(201);
    // Started again before anything is answered: the untouched session is replaced (decision 0047).
    const session = await start();
    expect(session.statusCode).toBe(201);
    const set = session.body;
    expect(set._id).not.toBe(untouched.body._id);
    expect(set).toMatchObject({ kind: 'practice', mode: 'tutor' });
    expect(set.questions).toHaveLength(2);
    const [first, second] = set.questions;
    const answered = await t.call(api.attempts.answer, {
      params: { id: set._id },
      body: { questionId: first!._id, answer: await correctAnswerOf(t, first!._id) },
      as: learner,
    });
    expect(answered.body).toMatchObject({ isCorrect: true });
    // Now it holds an answer: it is kept; another session opens beside it, of what is still due (one card).
    const beside = await start();
    expect(beside.statusCode).toBe(201);
    expect(beside.body._id).not.toBe(set._id);
    expect(beside.body.questions.map((q) => q._id)).toEqual([second!._id]);
    // Right this time: the card moves days on at once, before the set is submitted.
    expect(await summaryOf(learner)).toMatchObject({ due: 1 });
    const [card] = await queryRows<{ reps: number; due: Date }>(
      t.ctx.db,
      sql`select reps, due from review_cards where user_id = ${learner.id} and question_id = ${first!._id}`,
    );
    expect(card?.reps).toBe(2);
    // Submitting the session applies nothing twice.
    await t.call(api.attempts.answer, {
      params: { id: set._id },
      body: { questionId: second!._id, answer: await wrongAnswerOf(t, second!) },
      as: learner,
    });
    const submitted = await t.call(api.practice.submit, {
      params: { id: set._id },
      body: { answers: {} },
      as: learner,
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
    const { cards } = (await t.call(api.reviews.cards, { query: { filter: 'due' }, as: learner })).body;
    expect(cards).toHaveLength(6);
    const suspended = await t.call(api.reviews.suspend, {
      params: { questionId: cards[0]!.questionId },
      body: { suspended: true },
      as: learner,
    });
    expect(suspended.body).toMatchObject({ suspended: true });
    // Counted from the index ranges (due, suspended) and the deck's key (total): 6 cards, 1 suspended.
    expect(await summaryOf(learner)).toEqual({
      due: 5,
      session: 5,
      dailyLimit: 50,
      reviewedToday: 0,
      nextDue: null,
      total: 6,
      suspended: 1,
      pendingResults: 0,
    });
    const suspendedCards = await t.call(api.reviews.cards, { query: { filter: 'suspended' }, as: learner });
    expect(suspendedCards.body).toMatchObject({ total: 1 });
    // Another learner's card (or none) is not found.
    const other = await createLearner(t);
    const foreign = await t.call(api.reviews.suspend, {
      params: { questionId: cards[1]!.questionId },
      body: { suspended: true },
      as: other,
    });
    expect(foreign.statusCode).toBe(404);

    expect((await t.call(api.reviews.preferences, { as: learner })).body).toEqual({
      desiredRetention: 0.9,
      certaintyEnabled: false,
      dailyLimit: 50,
    });
    for (const desiredRetention of [0.5, 0.99]) {
      const bad = await t.call(api.reviews.savePreferences, {
        body: { desiredRetention, certaintyEnabled: true, dailyLimit: 50 },
        as: learner,
      });
      expect(bad.statusCode).toBe(400);
    }
    const saved = await t.call(api.reviews.savePreferences, {
      body: { desiredRetention: 0.85, certaintyEnabled: true, dailyLimit: 120 },
      as: learner,
    });
    expect(saved.body).toEqual({ desiredRetention: 0.85, certaintyEnabled: true, dailyLimit: 120 });

    const reset = await t.call(api.reviews.reset, { as: learner });
    expect(reset.body).toEqual({ message: 'Your review deck has been reset: 6 questions removed.' });
    expect(await summaryOf(learner)).toMatchObject({ due: 0, total: 0 });
    expect((await t.call(api.reviews.summary)).statusCode).toBe(401);
  });
});

describe('certainty', () => {
  it('marks answers with certainty, scores them and schedules a right guess sooner', async () => {
    const learner = await createLearner(t);
    await t.call(api.reviews.savePreferences, {
      body: { desiredRetention: 0.9, certaintyEnabled: true, dailyLimit: 50 },
      as: learner,
    });
    const exam = await subscribedExam(learner, 4);
    const attempt = await startSitting(t, learner, exam.id);
    expect(attempt.certaintyEnabled).toBe(true);
    const [a, b, c, d] = attempt.questions;
    const answers = {
      [a!._id]: await correctAnswerOf(t, a!._id),
      [b!._id]: await correctAnswerOf(t, b!._id),
      [c!._id]: await correctAnswerOf(t, c!._id),
      [d!._id]: await wrongAnswerOf(t, d!),
    };
    const saved = await t.call(api.attempts.saveAnswers, {
      params: { id: attempt._id },
      body: {
        answers,
        certainties: { [a!._id]: 'sure', [b!._id]: 'fairly-sure', [c!._id]: 'guessing', [d!._id]: 'sure' },
        seq: 1,
      },
      as: learner,
    });
    expect(saved.statusCode).toBe(204);
    const result = await submitSitting(t, learner, exam.id, attempt, answers);
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
