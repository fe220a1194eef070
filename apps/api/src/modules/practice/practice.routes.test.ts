import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type Answers, type CreatePracticeSetBody } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  answersFor,
  applyPendingResults,
  createExam,
  createLearner,
  createSubscribedExam,
  queryRows,
  sitExam,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { questions, subscriptions } from '../../db/schema/index.ts';

/* Custom practice sets (decision 0031): drawn from subscribed exams by topic and history, never repeating. */

const t = useTestApp({ NODE_ENV: 'development' });

/** An exam of `count` questions, half 'Cardiology', half 'Renal', the learner subscribed. */
const topicExam = (learner: Learner, count = 10) =>
  createSubscribedExam(t, learner, {
    numberOfQuestions: count,
    topics: ['Cardiology', 'Renal'],
    questionTopic: (index) => (index % 2 === 0 ? 'Cardiology' : 'Renal'),
  });

const build = (learner: Learner, body: CreatePracticeSetBody) =>
  t.call(api.practice.create, { body, as: learner });
const submitSet = (learner: Learner, id: string, answers: Answers) =>
  t.call(api.practice.submit, { params: { id }, body: { answers }, as: learner });
const resume = (learner: Learner, id: string) => t.call(api.practice.resume, { params: { id }, as: learner });

describe('practice sets', () => {
  it('draws unused questions of the chosen topics without repeats, scores them and labels the result', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam(learner, 10);
    const options = await t.call(api.practice.options, { as: learner });
    expect(options.body).toEqual({
      exams: [
        {
          _id: exam.id,
          title: exam.title,
          total: 10,
          unused: 10,
          wrong: 0,
          omitted: 0,
          flagged: 0,
          topics: [
            { topic: 'Cardiology', total: 5, unused: 5, wrong: 0, omitted: 0, flagged: 0 },
            { topic: 'Renal', total: 5, unused: 5, wrong: 0, omitted: 0, flagged: 0 },
          ],
        },
      ],
    });
    const first = await build(learner, { source: 'all', size: 5, mode: 'timed' });
    expect(first.statusCode).toBe(201);
    // A set with nothing done in it yet is replaced by the next one built (decision 0047).
    const created = await build(learner, { source: 'unused', size: 5, topics: ['Cardiology'], mode: 'exam' });
    expect(created.statusCode).toBe(201);
    const set = created.body;
    expect(set).toMatchObject({ kind: 'practice', examId: null, mode: 'exam' });
    expect(set.questions).toHaveLength(5);
    expect(new Set(set.questions.map((q) => q._id)).size).toBe(5);
    expect(set.questions.every((q) => q.topic === 'Cardiology')).toBe(true);
    // What a sitting serves, and no more: never the answer or the explanation.
    expect(Object.keys(set.questions[0]!).sort()).toEqual(['_id', 'choices', 'image', 'question', 'topic']);
    expect(created.body.certaintyEnabled).toBe(false);
    const replaced = await resume(learner, first.body._id);
    expect(replaced.statusCode).toBe(404);
    expect(
      await queryRows(
        t.ctx.db,
        sql`select id from exam_attempts where user_id = ${learner.id} and submitted_at is null`,
      ),
    ).toEqual([{ id: set._id }]);
    // Once something is done in it (here a flag), it is kept: the next set opens beside it (decision 0063).
    const flagged = await t.call(api.attempts.saveAnswers, {
      params: { id: set._id },
      body: { answers: {}, flags: [set.questions[0]!._id], seq: 1 },
      as: learner,
    });
    expect(flagged.statusCode).toBe(204);
    const second = await build(learner, { source: 'all', size: 5 });
    expect(second.statusCode).toBe(201);
    expect(second.body._id).not.toBe(set._id);
    expect(
      await queryRows(
        t.ctx.db,
        sql`select count(*)::int as open from exam_attempts where user_id = ${learner.id} and submitted_at is null`,
      ),
    ).toEqual([{ open: 2 }]);
    // Resumable, by its owner only.
    const resumed = await resume(learner, set._id);
    expect(resumed.body._id).toBe(set._id);
    const stranger = await createLearner(t);
    expect((await resume(stranger, set._id)).statusCode).toBe(404);

    // Two right, three wrong.
    const answers = await answersFor(t, set.questions, 2);
    const result = await submitSet(learner, set._id, answers);
    expect(result.statusCode).toBe(201);
    expect(result.body).toMatchObject({
      kind: 'practice',
      correctAnswers: 2,
      totalQuestions: 5,
      score: 40,
    });
    expect((await submitSet(learner, set._id, answers)).statusCode).toBe(200);
    const history = await t.call(api.attempts.history, { as: learner });
    expect(history.body.history[0]).toMatchObject({
      kind: 'practice',
      exam: { title: expect.stringContaining('Practice set: 5 questions') as string },
    });

    // Unused now means the other five; wrong means those three (once the derived-results job has run).
    await applyPendingResults(t);
    const wrong = await build(learner, { source: 'wrong', size: 5 });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.body).toEqual({
      message: 'Only 3 questions match these choices: a set needs at least 5. Widen the choices.',
    });
    const unused = (await build(learner, { source: 'unused', size: 5, mode: 'tutor' })).body;
    expect(unused.questions.every((q) => !(q._id in answers))).toBe(true);
    expect(unused.mode).toBe('tutor');
  });

  it("keeps omitted apart from wrong: a skipped question is 'Omitted', never 'Answered wrongly before'", async () => {
    const learner = await createLearner(t);
    const exam = await topicExam(learner, 10);
    // Sit the exam: two right, three wrong, five left unanswered.
    const attempt = await startSitting(t, learner, exam.id);
    const answers = await answersFor(t, attempt.questions.slice(0, 5), 2);
    await submitSitting(t, learner, exam.id, attempt, answers);
    await applyPendingResults(t);
    const skipped = attempt.questions.slice(5).map((q) => q._id);

    const options = (await t.call(api.practice.options, { as: learner })).body;
    expect(options.exams[0]).toMatchObject({ unused: 0, wrong: 3, omitted: 5 });
    const byTopic = options.exams[0]!.topics;
    expect(byTopic.reduce((sum, topic) => sum + topic.omitted, 0)).toBe(5);
    expect(byTopic.reduce((sum, topic) => sum + topic.wrong, 0)).toBe(3);

    // 'Answered wrongly before' holds the three only; 'Omitted' draws exactly the five skipped.
    const wrong = await build(learner, { source: 'wrong', size: 5 });
    expect(wrong.body).toEqual({
      message: 'Only 3 questions match these choices: a set needs at least 5. Widen the choices.',
    });
    const omitted = await build(learner, { source: 'omitted', size: 5, mode: 'tutor' });
    expect(omitted.statusCode).toBe(201);
    expect(omitted.body.questions.map((q) => q._id).sort()).toEqual([...skipped].sort());
    expect(omitted.body.examTitle).toContain('omitted before');
  });

  it('refuses bad choices with a clear message and changes nothing', async () => {
    const learner = await createLearner(t);
    const none = await build(learner, { source: 'all', size: 5 });
    expect(none.statusCode).toBe(409);
    expect(none.message).toContain('Subscribe to an exam first');
    const exam = await topicExam(learner, 6);
    for (const size of [4, 101]) {
      const response = await build(learner, { source: 'all', size });
      expect(response.statusCode).toBe(400);
      expect(response.body).toMatchObject({ message: 'A practice set has 5 to 100 questions' });
    }
    const unknownSource = await t.send(api.practice.create, {
      body: { source: 'everything', size: 5 },
      as: learner,
    });
    expect(unknownSource.statusCode).toBe(400);
    const notMine = await createExam(t.ctx.db, { numberOfQuestions: 5 });
    expect((await build(learner, { source: 'all', size: 5, examIds: [notMine.id] })).statusCode).toBe(403);
    const tooMany = await build(learner, { source: 'all', size: 7, examIds: [exam.id] });
    expect(tooMany.body).toEqual({
      message: 'Only 6 questions match these choices. Choose 6 or fewer, or widen the choices.',
    });
    expect((await build(learner, { source: 'all', size: 5, preset: 'weak-areas' })).statusCode).toBe(409);
    const [open] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from exam_attempts where user_id = ${learner.id}`,
    );
    expect(open?.n).toBe(0);
  });

  it("draws 'wrong' across exams from approved questions of live subscriptions only, once each", async () => {
    const learner = await createLearner(t);
    const first = await topicExam(learner, 8);
    const second = await topicExam(learner, 8);
    const lapsed = await topicExam(learner, 8);
    // Sit each exam once, every answer wrong.
    for (const exam of [first, second, lapsed]) await sitExam(t, learner, exam.id, { right: 0 });
    await applyPendingResults(t);
    // A question no longer approved, and an exam whose subscription has ended, are not drawn from.
    const [pulled] = await t.ctx.db
      .select({ id: questions.id })
      .from(questions)
      .where(eq(questions.examId, first.id));
    await t.ctx.db.update(questions).set({ approvalStatus: 'pending' }).where(eq(questions.id, pulled!.id));
    await t.ctx.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.examId, lapsed.id));
    const tooMany = await build(learner, { source: 'wrong', size: 16, mode: 'tutor' });
    expect(tooMany.message).toContain('Only 15 questions match');
    // The learner marks certainty: the new set's page is told so.
    const preferences = await t.call(api.reviews.savePreferences, {
      body: { desiredRetention: 0.9, certaintyEnabled: true, dailyLimit: 50 },
      as: learner,
    });
    expect(preferences.statusCode).toBe(200);
    const set = await build(learner, { source: 'wrong', size: 15, mode: 'tutor' });
    expect(set.statusCode).toBe(201);
    expect(set.body.certaintyEnabled).toBe(true);
    const ids = set.body.questions.map((q) => q._id);
    expect(new Set(ids).size).toBe(15);
    const allowed = await t.ctx.db
      .select({ id: questions.id, examId: questions.examId, status: questions.approvalStatus })
      .from(questions)
      .where(inArray(questions.id, ids));
    expect(allowed).toHaveLength(15);
    expect(allowed.every((q) => q.status === 'approved' && q.examId !== lapsed.id)).toBe(true);
    // Nothing done in it yet: building again replaces it; with chosen exams, only theirs are drawn from.
    const onlySecond = await build(learner, {
      source: 'wrong',
      size: 9,
      mode: 'tutor',
      examIds: [second.id],
    });
    expect(onlySecond.message).toContain('Only 8 questions match');
    const again = await build(learner, { source: 'wrong', size: 8, mode: 'tutor', examIds: [second.id] });
    expect(again.statusCode).toBe(201);
    expect(again.body._id).not.toBe(set.body._id);
    const againIds = again.body.questions.map((q) => q._id);
    const fromSecond = await t.ctx.db
      .select({ id: questions.id })
      .from(questions)
      .where(and(inArray(questions.id, againIds), eq(questions.examId, second.id)));
    expect(fromSecond).toHaveLength(8);
  });

  it("'Improve weak areas' draws what was missed or flagged in the weakest topics", async () => {
    const learner = await createLearner(t);
    const exam = await topicExam(learner, 12);
    // Sit the exam: all Cardiology wrong, all Renal right, one Renal flagged.
    const attempt = await startSitting(t, learner, exam.id);
    const answers = await answersFor(t, attempt.questions, (q) => q.topic === 'Renal');
    const flagged = attempt.questions.find((q) => q.topic === 'Renal')!._id;
    await t.call(api.attempts.saveAnswers, {
      params: { id: attempt._id },
      body: { answers, flags: [flagged], seq: 1 },
      as: learner,
    });
    await submitSitting(t, learner, exam.id, attempt, answers);
    await applyPendingResults(t);
    const weak = await build(learner, { source: 'all', size: 20, preset: 'weak-areas', mode: 'tutor' });
    expect(weak.statusCode).toBe(201);
    const set = weak.body;
    // The weakest topic is Cardiology (0 %); the flagged Renal question is in a stronger topic.
    expect(set.questions.map((q) => q.topic).sort()).toEqual(Array(6).fill('Cardiology'));
  });
});
