import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, REVIEW_LIMIT_REACHED, type RouteBody } from '@mlp/contract';
import { fsrs, generatorParameters, Rating, type Card } from 'ts-fsrs';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  correctAnswerOf,
  createLearner,
  createSubscribedExam,
  queryRows,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { DAY, MINUTE } from '../../../test/time.ts';
import { questions, reviewCards } from '../../db/schema/index.ts';
import { uuidv7 } from '../../lib/ids.ts';
import { localDate, startOfLocalDay } from '../../lib/local-days.ts';

/*
 * Decision 0060: the review forecast by the learner's day, studying ahead, and reviews per day. Each test
 * makes its own learner; the app (and its clock, which only moves forward) is shared by the file.
 */

const t = useTestApp();

/** A card as FSRS leaves a question answered right once, a few days ago; `due` as given. */
function cardRow(
  learner: Learner,
  due: Date,
  options: { questionId?: string; suspended?: boolean } = {},
): typeof reviewCards.$inferInsert {
  return {
    userId: learner.id,
    questionId: options.questionId ?? uuidv7(),
    topic: 'General',
    due,
    stability: 3.17,
    difficulty: 5.28,
    elapsedDays: 0,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 1,
    lapses: 0,
    state: 2,
    lastReview: new Date(due.getTime() - 3 * DAY),
    suspended: options.suspended ?? false,
  };
}

async function insertCard(
  learner: Learner,
  due: Date,
  options: { questionId?: string; suspended?: boolean } = {},
) {
  const row = cardRow(learner, due, options);
  await t.ctx.db.insert(reviewCards).values(row);
  return row.questionId;
}

async function subscribedExam(learner: Learner, count: number) {
  const exam = await createSubscribedExam(t, learner, { numberOfQuestions: count });
  const rows = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
  return { exam, questions: rows };
}

const rightAnswer = (questionId: string) => correctAnswerOf(t, questionId);

const startSession = (learner: Learner, body?: RouteBody<typeof api.reviews.session>) =>
  t.call(api.reviews.session, { body, as: learner });

const answer = (learner: Learner, attemptId: string, questionId: string, choice: string) =>
  t.call(api.attempts.answer, {
    params: { id: attemptId },
    body: { questionId, answer: choice },
    as: learner,
  });

describe('review forecast', () => {
  it("counts unsuspended cards by the learner's day: due now, later today and the next 14 days", async () => {
    const learner = await createLearner(t);
    const other = await createLearner(t);
    const zone = 'Asia/Tokyo';
    const now = t.clock.now();
    const dayStart = (k: number) => startOfLocalDay(now, zone, k);
    await insertCard(learner, new Date(now.getTime() - DAY));
    await insertCard(learner, new Date(now.getTime() - MINUTE));
    await insertCard(learner, new Date(dayStart(1).getTime() - 1000)); // later today
    await insertCard(learner, new Date(dayStart(1).getTime() + MINUTE)); // tomorrow
    await insertCard(learner, new Date(dayStart(2).getTime() - 1000)); // tomorrow, its last second
    await insertCard(learner, dayStart(2)); // the day after
    await insertCard(learner, new Date(dayStart(14).getTime() + 3_600_000)); // day 14
    await insertCard(learner, new Date(dayStart(15).getTime() + MINUTE)); // beyond the forecast
    await insertCard(learner, new Date(dayStart(1).getTime() + 2 * MINUTE), { suspended: true });
    await insertCard(other, new Date(dayStart(1).getTime() + MINUTE));

    const forecast = await t.call(api.reviews.forecast, { query: { tz: zone }, as: learner });
    expect(forecast.statusCode).toBe(200);
    const { body } = forecast;
    expect(body).toMatchObject({ timeZone: zone, dueNow: 2, laterToday: 1 });
    expect(body.days).toHaveLength(14);
    expect(body.days.map((day) => day.date)).toEqual(
      Array.from({ length: 14 }, (_, k) => localDate(dayStart(k + 1), zone)),
    );
    expect(body.days.map((day) => day.due)).toEqual([2, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]);

    // The same cards by UTC days: the dates are UTC's, and nothing is counted twice or lost in the window.
    const utc = (await t.call(api.reviews.forecast, { as: learner })).body;
    expect(utc.timeZone).toBe('UTC');
    expect(utc.days[0]!.date).toBe(localDate(startOfLocalDay(now, 'UTC', 1), 'UTC'));
    expect(utc.dueNow).toBe(2);
    // The other learner sees only their own card.
    const theirs = (await t.call(api.reviews.forecast, { query: { tz: zone }, as: other })).body;
    expect(theirs.dueNow + theirs.laterToday + theirs.days.reduce((sum, day) => sum + day.due, 0)).toBe(1);
  });

  it('equals a recount of the cards, at and around every midnight of a half-hour zone', async () => {
    const learner = await createLearner(t);
    const zone = 'Asia/Kolkata';
    const now = t.clock.now();
    const dayStart = (k: number) => startOfLocalDay(now, zone, k);
    const dues: Array<{ due: Date; suspended: boolean }> = [
      { due: new Date(now.getTime() - 40 * DAY), suspended: false },
      { due: new Date(now.getTime() - MINUTE), suspended: false },
    ];
    for (let k = 1; k <= 16; k += 1) {
      const start = dayStart(k).getTime();
      for (const at of [start - 1, start, start + 1, start + 7 * 3_600_000 + k * MINUTE])
        dues.push({ due: new Date(at), suspended: false });
      dues.push({ due: new Date(start + 2 * MINUTE), suspended: k % 3 === 0 });
    }
    await t.ctx.db
      .insert(reviewCards)
      .values(dues.map(({ due, suspended }) => cardRow(learner, due, { suspended })));

    const { body } = await t.call(api.reviews.forecast, { query: { tz: zone }, as: learner });
    // The recount: each unsuspended card in the bucket its due time falls in.
    const counted = Array.from({ length: 16 }, () => 0);
    const bucketOf = (due: Date) =>
      due <= now
        ? 0
        : due < dayStart(1)
          ? 1
          : 1 + Array.from({ length: 14 }, (_, k) => k + 1).findLast((k) => due >= dayStart(k))!;
    for (const { due, suspended } of dues) {
      if (suspended || due >= dayStart(15)) continue;
      const bucket = bucketOf(due);
      counted[bucket] = (counted[bucket] ?? 0) + 1;
    }
    expect([body.dueNow, body.laterToday, ...body.days.map((day) => day.due)]).toEqual(counted);
    expect(body.days.reduce((sum, day) => sum + day.due, 0)).toBeGreaterThan(50);
  });

  it('refuses an unknown time zone and a caller without a session', async () => {
    const learner = await createLearner(t);
    for (const tz of ['Mars/Olympus_Mons', 'Europe/London; drop', 'x'.repeat(80)]) {
      const bad = await t.call(api.reviews.forecast, { query: { tz }, as: learner });
      expect(bad.statusCode).toBe(400);
      expect(bad.message).toContain('IANA time zone');
    }
    const summary = await t.call(api.reviews.summary, { query: { tz: 'Nowhere' }, as: learner });
    expect(summary.statusCode).toBe(400);
    // A zone spelled in other case is taken in its canonical spelling.
    const lower = await t.call(api.reviews.forecast, { query: { tz: 'utc' }, as: learner });
    expect(lower.body.timeZone).toBe('UTC');
    expect((await t.call(api.reviews.forecast)).statusCode).toBe(401);
  });
});

describe('studying ahead', () => {
  it('takes the cards due by the end of the chosen day, due now first, ordered by due', async () => {
    const learner = await createLearner(t);
    const { questions: bank } = await subscribedExam(learner, 6);
    const now = t.clock.now();
    const [overdue, soon, tomorrow, inThree, inTen, suspended] = bank.map((q) => q.id);
    await insertCard(learner, new Date(now.getTime() - 2 * DAY), { questionId: overdue });
    await insertCard(learner, new Date(startOfLocalDay(now, 'UTC', 1).getTime() + 5 * MINUTE), {
      questionId: tomorrow,
    });
    await insertCard(learner, new Date(now.getTime() + MINUTE), { questionId: soon });
    await insertCard(learner, new Date(startOfLocalDay(now, 'UTC', 3).getTime() + 1000), {
      questionId: inThree,
    });
    await insertCard(learner, new Date(startOfLocalDay(now, 'UTC', 10).getTime() + 1000), {
      questionId: inTen,
    });
    await insertCard(learner, new Date(now.getTime() + MINUTE), { questionId: suspended, suspended: true });

    const one = await startSession(learner, { aheadDays: 1 });
    expect(one.statusCode).toBe(201);
    const oneDay = one.body;
    expect(oneDay.mode).toBe('tutor');
    expect(oneDay.examTitle).toBe('Review ahead: 3 questions due within a day');
    expect(oneDay.questions.map((q) => q._id)).toEqual([overdue, soon, tomorrow]);
    // Untouched, so asking again with more days replaces it (decision 0047).
    const three = (await startSession(learner, { aheadDays: 3, timeZone: 'UTC' })).body;
    expect(three.questions.map((q) => q._id)).toEqual([overdue, soon, tomorrow, inThree]);
    const fourteen = (await startSession(learner, { aheadDays: 14 })).body;
    expect(fourteen.questions.map((q) => q._id)).toEqual([overdue, soon, tomorrow, inThree, inTen]);
  });

  it('is capped like a normal session and refuses bad days, bad zones and an empty window', async () => {
    const learner = await createLearner(t);
    const { questions: bank } = await subscribedExam(learner, 60);
    const now = t.clock.now();
    for (const [index, question] of bank.entries())
      await insertCard(learner, new Date(now.getTime() + DAY + index * MINUTE), { questionId: question.id });
    const capped = (await startSession(learner, { aheadDays: 2 })).body;
    expect(capped.questions).toHaveLength(50);
    expect(capped.questions.map((q) => q._id)).toEqual(bank.slice(0, 50).map((q) => q.id));

    for (const payload of [{ aheadDays: 0 }, { aheadDays: 15 }, { aheadDays: 1.5 }, { aheadDays: '3' }]) {
      const bad = await t.send(api.reviews.session, { body: payload, as: learner });
      expect(bad.statusCode).toBe(400);
      expect(bad.message).toContain('aheadDays');
    }
    const badZone = await startSession(learner, { aheadDays: 2, timeZone: 'Atlantis/Capital' });
    expect(badZone.statusCode).toBe(400);

    const empty = await createLearner(t);
    await insertCard(empty, new Date(now.getTime() + 20 * DAY));
    const nothing = await startSession(empty, { aheadDays: 14 });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.message).toBe('Nothing is due in the next 14 days. Choose more days, or come back later.');
  });

  it('schedules an early answer with ts-fsrs from the real time elapsed, not as if given when due', async () => {
    const learner = await createLearner(t);
    const { questions: bank } = await subscribedExam(learner, 1);
    const questionId = bank[0]!.id;
    // Answered right four days ago; FSRS brought it back in 3.17 days' stability: due in a few days.
    const reviewedAt = new Date(t.clock.now().getTime() - 4 * DAY);
    await t.ctx.db.insert(reviewCards).values({
      userId: learner.id,
      questionId,
      topic: 'General',
      due: new Date(reviewedAt.getTime() + 8 * DAY),
      stability: 8.3,
      difficulty: 5.28,
      elapsedDays: 3,
      scheduledDays: 8,
      learningSteps: 0,
      reps: 2,
      lapses: 0,
      state: 2,
      lastReview: reviewedAt,
    });
    const [before] = await t.ctx.db.select().from(reviewCards).where(eq(reviewCards.questionId, questionId));
    const session = (await startSession(learner, { aheadDays: 5 })).body;
    expect(session.questions.map((q) => q._id)).toEqual([questionId]);
    const answered = await answer(learner, session._id, questionId, await rightAnswer(questionId));
    expect(answered.statusCode).toBe(200);

    const [after] = await t.ctx.db.select().from(reviewCards).where(eq(reviewCards.questionId, questionId));
    // Reviewed now, four days before it was due.
    const at = after!.lastReview!;
    expect(Math.abs(at.getTime() - t.clock.now().getTime())).toBeLessThan(10_000);
    expect(at.getTime()).toBeLessThan(before!.due.getTime() - 3 * DAY);
    const scheduler = fsrs(
      generatorParameters({ request_retention: 0.9, enable_fuzz: false, enable_short_term: false }),
    );
    const card: Card = {
      due: before!.due,
      stability: before!.stability,
      difficulty: before!.difficulty,
      elapsed_days: before!.elapsedDays,
      scheduled_days: before!.scheduledDays,
      learning_steps: before!.learningSteps,
      reps: before!.reps,
      lapses: before!.lapses,
      state: before!.state,
      last_review: before!.lastReview!,
    };
    const expected = scheduler.next(card, at, Rating.Good).card;
    expect({
      due: after!.due.toISOString(),
      stability: after!.stability,
      difficulty: after!.difficulty,
      scheduledDays: after!.scheduledDays,
      reps: after!.reps,
      state: after!.state,
    }).toEqual({
      due: expected.due.toISOString(),
      stability: expected.stability,
      difficulty: expected.difficulty,
      scheduledDays: expected.scheduled_days,
      reps: expected.reps,
      state: expected.state,
    });
    // The same review given when the card was due would have grown the memory more: nothing clamped now.
    const onTime = scheduler.next(card, before!.due, Rating.Good).card;
    expect(after!.stability).toBeLessThan(onTime.stability);
    // And it is logged once as an early review (its due was after the answer).
    const logged = await queryRows<{ rating: number; due: Date; reviewed_at: Date }>(
      t.ctx.db,
      sql`select rating, due, reviewed_at from review_log where user_id = ${learner.id}`,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]!.rating).toBe(Rating.Good);
    expect(new Date(logged[0]!.due).getTime()).toBe(before!.due.getTime());
  });
});

describe('reviews per day', () => {
  it("takes at most what today's limit leaves, says when it is reached, and goes on when asked", async () => {
    const learner = await createLearner(t);
    const saved = await t.call(api.reviews.savePreferences, {
      body: { desiredRetention: 0.9, certaintyEnabled: false, dailyLimit: 10 },
      as: learner,
    });
    expect(saved.body).toEqual({ desiredRetention: 0.9, certaintyEnabled: false, dailyLimit: 10 });
    const { questions: bank } = await subscribedExam(learner, 12);
    const now = t.clock.now();
    for (const [index, question] of bank.entries())
      await insertCard(learner, new Date(now.getTime() - DAY + index * MINUTE), { questionId: question.id });

    expect((await t.call(api.reviews.summary, { as: learner })).body).toMatchObject({
      due: 12,
      session: 10,
      dailyLimit: 10,
      reviewedToday: 0,
    });
    const session = (await startSession(learner, { timeZone: 'Europe/London' })).body;
    expect(session.questions).toHaveLength(10);
    for (const question of session.questions) {
      const given = await answer(learner, session._id, question._id, await rightAnswer(question._id));
      expect(given.statusCode).toBe(200);
    }
    // A retried answer is not a second review.
    const first = session.questions[0]!._id;
    expect((await answer(learner, session._id, first, await rightAnswer(first))).statusCode).toBe(200);
    const submitted = await t.call(api.practice.submit, {
      params: { id: session._id },
      body: { answers: {} },
      as: learner,
    });
    expect(submitted.statusCode).toBe(201);

    expect((await t.call(api.reviews.summary, { as: learner })).body).toMatchObject({
      due: 2,
      session: 0,
      reviewedToday: 10,
    });
    const reached = await startSession(learner);
    expect(reached.statusCode).toBe(409);
    expect(reached.body).toEqual({
      message: 'You have done your 10 reviews for today. Review anyway, or come back tomorrow.',
      code: REVIEW_LIMIT_REACHED,
    });
    const anyway = await startSession(learner, { beyondLimit: true });
    expect(anyway.statusCode).toBe(201);
    expect(anyway.body.questions.map((q) => q._id)).toEqual(bank.slice(10).map((q) => q.id));
    // Studying ahead is a deliberate choice too: not held back by the limit.
    const ahead = await startSession(learner, { aheadDays: 1 });
    expect(ahead.statusCode).toBe(201);

    // Another learner's limit and count are their own.
    const other = await createLearner(t);
    expect((await t.call(api.reviews.summary, { as: other })).body).toMatchObject({
      dailyLimit: 50,
      reviewedToday: 0,
    });
  });

  it('keeps the limit within 10 to 500 and counts only review-session answers', async () => {
    const learner = await createLearner(t);
    for (const dailyLimit of [9, 501, 20.5]) {
      const bad = await t.call(api.reviews.savePreferences, {
        body: { desiredRetention: 0.9, certaintyEnabled: false, dailyLimit },
        as: learner,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.message).toContain('Reviews per day');
    }
    expect((await t.call(api.reviews.preferences, { as: learner })).body.dailyLimit).toBe(50);
    // An exam's answers update cards but are not reviews of the day.
    const { exam, questions: bank } = await subscribedExam(learner, 3);
    const attempt = await startSitting(t, learner, exam.id);
    const answers: Record<string, string> = {};
    for (const question of bank) answers[question.id] = await rightAnswer(question.id);
    // submitSitting expects the first submit's 201
    await submitSitting(t, learner, exam.id, attempt, answers);
    await applyPendingResults(t);
    expect((await t.call(api.reviews.summary, { as: learner })).body).toMatchObject({
      total: 3,
      reviewedToday: 0,
    });
  });
});
