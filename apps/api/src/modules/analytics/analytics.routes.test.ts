import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type MissTag } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  createArticle,
  createCourse,
  createExam,
  createLearner,
  createSubscription,
  sitExam,
  type Learner,
} from '../../../test/factories.ts';
import { courseEnrolments, courses, examResults, questions } from '../../db/schema/index.ts';
import { rollUpPeers } from './analytics.service.ts';
import { applyRecordedResponses } from '../attempts/derived-results.repository.ts';
import { TOPIC_TREND_POINTS } from '../../db/schema/index.ts';

/*
 * Analytics (decision 0035): figures checked against hand-computed values on a small fixture, the 20-learner
 * privacy threshold, peer shares, miss tags.
 */

const t = useTestApp({ NODE_ENV: 'development' });

async function subscribe(learner: Learner, examId: string) {
  await createSubscription(t, { userId: learner.id, examId });
}

/** 4 questions: 2 'Cardiology', 2 'Renal'. */
function topicExam() {
  return createExam(t.ctx.db, {
    numberOfQuestions: 4,
    topics: ['Cardiology', 'Renal'],
    questionTopic: (index) => (index < 2 ? 'Cardiology' : 'Renal'),
  });
}

describe('analytics', () => {
  it("gives each enrolled course's topics with the learner's figures, unseen topics included", async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    const other = await createExam(t.ctx.db, { numberOfQuestions: 2, topics: ['Pharmacology', 'Ethics'] });
    await subscribe(learner, exam.id);
    const article = await createArticle(t);
    // Practice on Renal only, then a checkpoint on the whole first exam; a second course practises all of
    // the other exam's topics; a course unpublished since and a course the learner is not in never show.
    const { course } = await createCourse(t, {
      title: 'Renal course',
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'practice', examId: exam.id, topics: ['Renal'], size: 2, mode: 'tutor' },
        { kind: 'checkpoint', examId: exam.id, passMark: 60 },
      ],
    });
    const { course: second } = await createCourse(t, {
      title: 'Second course',
      units: [{ kind: 'practice', examId: other.id, size: 2, mode: 'exam' }],
    });
    const { course: unpublished } = await createCourse(t, {
      units: [{ kind: 'practice', examId: other.id, size: 2, mode: 'exam' }],
    });
    await createCourse(t, { units: [{ kind: 'checkpoint', examId: exam.id, passMark: 50 }] });
    const { course: articlesOnly } = await createCourse(t, {
      units: [{ kind: 'article', articleId: article.id }],
    });
    const enrolments = [course.id, second.id, articlesOnly.id, unpublished.id];
    for (const [index, id] of enrolments.entries()) {
      const enrolled = await t.call(api.courses.enrol, { params: { id }, as: learner });
      expect(enrolled.statusCode).toBe(200);
      await t.ctx.db
        .update(courseEnrolments)
        .set({ enrolledAt: new Date(Date.UTC(2026, 10, 1 + index)) })
        .where(and(eq(courseEnrolments.courseId, id), eq(courseEnrolments.userId, learner.id)));
    }
    await t.ctx.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, unpublished.id));

    const before = (await t.call(api.analytics.read, { as: learner })).body;
    // Newest enrolment first; a course without question units has no topics and is left out.
    expect(before.courses.map((entry) => entry.title)).toEqual(['Second course', 'Renal course']);
    expect(before.courses[1]!.topics).toEqual([
      {
        examId: exam.id,
        examTitle: exam.title,
        topic: 'Renal',
        seen: 0,
        answered: 0,
        correct: 0,
        percentCorrect: null,
      },
      {
        examId: exam.id,
        examTitle: exam.title,
        topic: 'Cardiology',
        seen: 0,
        answered: 0,
        correct: 0,
        percentCorrect: null,
      },
    ]);
    expect(before.courses[0]!.topics).toEqual([
      expect.objectContaining({ examId: other.id, topic: 'Ethics', seen: 0 }),
      expect.objectContaining({ examId: other.id, topic: 'Pharmacology', seen: 0 }),
    ]);

    // Cardiology right, Renal wrong: the course's topics carry the same figures as the topic table.
    await sitExam(t, learner, exam.id, { right: (q) => q.topic === 'Cardiology' });
    await applyPendingResults(t);
    const after = (await t.call(api.analytics.read, { as: learner })).body;
    expect(after.courses[1]).toEqual({
      courseId: course.id,
      title: 'Renal course',
      topics: [
        {
          examId: exam.id,
          examTitle: exam.title,
          topic: 'Renal',
          seen: 2,
          answered: 2,
          correct: 0,
          percentCorrect: 0,
        },
        {
          examId: exam.id,
          examTitle: exam.title,
          topic: 'Cardiology',
          seen: 2,
          answered: 2,
          correct: 2,
          percentCorrect: 100,
        },
      ],
    });
    // Another learner sees only their own courses.
    const stranger = await createLearner(t);
    const theirs = await t.call(api.analytics.read, { as: stranger });
    expect(theirs.body).toMatchObject({ courses: [] });
  });

  it('adds up exams and topics by hand-computed values, with one trend line each', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    await subscribe(learner, exam.id);
    const empty = await t.call(api.analytics.read, { as: learner });
    expect(empty.body).toMatchObject({ exams: [], topics: [], nextStep: { kind: 'start' } });

    // Sitting 1: Cardiology right, Renal wrong (50 %). Sitting 2: all right (100 %).
    await sitExam(t, learner, exam.id, { right: (q) => q.topic === 'Cardiology' });
    await sitExam(t, learner, exam.id, { right: () => true });
    // Until the derived-results job has run (decision 0075), the figures say two results are on their way.
    const updating = (await t.call(api.analytics.read, { as: learner })).body;
    expect(updating).toMatchObject({ exams: [], pendingResults: 2 });
    expect(await applyPendingResults(t)).toBe(2);
    const body = (await t.call(api.analytics.read, { as: learner })).body;
    expect(body.pendingResults).toBe(0);
    expect(body.exams).toEqual([
      expect.objectContaining({
        examId: exam.id,
        sittings: 2,
        questionsSeen: 8,
        correct: 6,
        percentCorrect: 75,
        averageScore: 75,
        // One learner: no percentile, and the page says why.
        percentile: null,
        learners: 1,
        trend: { at: [expect.any(Number), expect.any(Number)], score: [50, 100] },
      }),
    ]);
    const byTopic = Object.fromEntries(body.topics.map((row) => [row.topic, row]));
    expect(byTopic.Cardiology).toMatchObject({ seen: 4, correct: 4, percentCorrect: 100 });
    expect(byTopic.Cardiology!.trend.score).toEqual([100, 100]);
    expect(byTopic.Renal).toMatchObject({ seen: 4, correct: 2, percentCorrect: 50 });
    expect(byTopic.Renal!.trend.score).toEqual([0, 100]);
  });

  it('keeps the latest 20 points of a topic trend and the latest 50 of an exam, merged by time, times in milliseconds', async () => {
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
    const examQuestions = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    // 55 sittings a minute apart from 10:00:00.123456 (microseconds, which a JS Date truncates): sitting i
    // scored i overall and got i % 5 of its 4 'Renal' questions right.
    const first = Date.UTC(2026, 2, 5, 10, 0, 0);
    const at = (i: number) =>
      `2026-03-05 ${String(10 + Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00.123456+00`;
    const store = async (from: number, to: number) => {
      for (let i = from; i < to; i += 1) {
        const [result] = await t.ctx.db
          .insert(examResults)
          .values({
            userId: learner.id,
            examId: exam.id,
            examTitle: exam.title,
            correctAnswers: i % 5,
            totalQuestions: 4,
            score: i,
            duration: 60,
            questions: examQuestions.map((q, index) => ({
              questionId: q.id,
              question: q.question,
              choices: q.options,
              userAnswer: q.options[0]!,
              correctAnswer: q.options[q.correctAnswer]!,
              isCorrect: index < i % 5,
              explanation: q.explanation,
              topic: 'Renal',
            })),
            completedAt: new Date(first + i * 60_000),
          })
          .returning({ id: examResults.id });
        await t.ctx.db.execute(
          sql`update exam_results set completed_at = ${at(i)}::timestamptz where id = ${result!.id}`,
        );
      }
      // The statement that stores a result's summaries (here the one that catches up on older results),
      // seven results at a time.
      while ((await applyRecordedResponses(t.ctx.db, 7)) > 0);
    };
    // The newer sittings reach the summaries first, then the older ones: the lines still end up in time order.
    await store(20, 55);
    await store(0, 20);

    const body = (await t.call(api.analytics.read, { as: learner })).body;
    const renal = body.topics.find((row) => row.topic === 'Renal')!;
    expect(renal).toMatchObject({ seen: 220, correct: 11 * (0 + 1 + 2 + 3 + 4) });
    expect(TOPIC_TREND_POINTS).toBe(20);
    // Sittings 35..54, oldest first: 35 % 5 = 0 of 4 is 0 %, 54 % 5 = 4 of 4 is 100 %.
    const minute = (i: number) => Date.parse('2026-03-05T10:00:00.123Z') + i * 60_000;
    expect(renal.trend.at).toEqual(Array.from({ length: 20 }, (_, k) => minute(35 + k)));
    expect(renal.trend.score).toEqual(Array.from({ length: 20 }, (_, k) => ((35 + k) % 5) * 25));
    // The exam keeps 50: sittings 5..54 (scores 5..54).
    expect(body.exams[0]).toMatchObject({ sittings: 55, averageScore: 27 });
    const trend = body.exams[0]!.trend;
    expect(trend.score).toEqual(Array.from({ length: 50 }, (_, k) => 5 + k));
    expect(trend.at).toEqual(Array.from({ length: 50 }, (_, k) => minute(5 + k)));
    // The time a JS Date gives for the stored one (microseconds dropped).
    expect(trend.at[49]).toBe(new Date('2026-03-05T10:54:00.123456Z').getTime());
  });

  it('shows a percentile and peer shares only once 20 learners stand behind them', async () => {
    const exam = await topicExam();
    const learners: Learner[] = [];
    for (let i = 0; i < 20; i += 1) learners.push(await createLearner(t));
    // Nineteen learners: the first 10 get everything right, the next 9 only Cardiology.
    let lastResult = { _id: '', questions: [] as Array<{ questionId: string; isCorrect: boolean }> };
    for (const [index, learner] of learners.slice(0, 19).entries()) {
      await subscribe(learner, exam.id);
      lastResult = await sitExam(t, learner, exam.id, {
        right: (q) => index < 10 || q.topic === 'Cardiology',
      });
    }
    await applyPendingResults(t);
    await rollUpPeers(t.ctx);
    const me = learners[18]!;
    const below = (await t.call(api.analytics.read, { as: me })).body;
    expect(below.exams[0]).toMatchObject({ learners: 19, percentile: null });
    const hidden = await t.call(api.analytics.peers, { params: { id: lastResult._id }, as: me });
    expect(hidden.body.questions.every((q) => q.choices === null && q.percentCorrect === null)).toBe(true);

    // The twentieth learner, also 50 %.
    await subscribe(learners[19]!, exam.id);
    await sitExam(t, learners[19]!, exam.id, { right: (q) => q.topic === 'Cardiology' });
    await applyPendingResults(t);
    await rollUpPeers(t.ctx);
    const shown = (await t.call(api.analytics.read, { as: me })).body;
    // 20 learners: 10 at 100 %, 10 at 50 % (me and 9 others). Others below me: 0; tied: 9 → 9/2 / 19 = 24 %.
    expect(shown.exams[0]).toMatchObject({ learners: 20, percentile: 24 });
    const peers = (await t.call(api.analytics.peers, { params: { id: lastResult._id }, as: me })).body;
    for (const q of peers.questions) {
      expect(q.answered).toBe(20);
      const isCardiology = lastResult.questions.find((r) => r.questionId === q.questionId)!.isCorrect;
      // Cardiology: everyone right. Renal: the 10 who got everything right.
      expect(q.percentCorrect).toBe(isCardiology ? 100 : 50);
      expect(q.choices!.reduce((total, choice) => total + choice.percent, 0)).toBe(100);
    }
    // Nobody reads another learner's result's peers.
    const stranger = await createLearner(t);
    expect(
      (await t.call(api.analytics.peers, { params: { id: lastResult._id }, as: stranger })).statusCode,
    ).toBe(404);
  });

  it('tags why a question was missed, shows the tag on the result, and practises by tag', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    await subscribe(learner, exam.id);
    const result = await sitExam(t, learner, exam.id, { right: (q) => q.topic === 'Cardiology' });
    const missed = result.questions.find((q) => !q.isCorrect)!;
    const hit = result.questions.find((q) => q.isCorrect)!;
    const tag = (questionId: string, value: MissTag | null, who = learner) =>
      t.call(api.analytics.tagMiss, {
        params: { id: result._id, questionId },
        body: { tag: value },
        as: who,
      });
    expect((await tag(missed.questionId, 'misread')).body).toEqual({
      questionId: missed.questionId,
      tag: 'misread',
    });
    expect((await tag(hit.questionId, 'misread')).statusCode).toBe(404);
    // A tag the types refuse: sent untyped.
    const unknownTag = await t.send(api.analytics.tagMiss, {
      params: { id: result._id, questionId: missed.questionId },
      body: { tag: 'bored' },
      as: learner,
    });
    expect(unknownTag.statusCode).toBe(400);
    expect((await tag(missed.questionId, 'misread', await createLearner(t))).statusCode).toBe(404);
    const reread = await t.call(api.attempts.result, { params: { id: result._id }, as: learner });
    expect(reread.body.questions.find((q) => q.questionId === missed.questionId)?.missTag).toBe('misread');
    // Fewer than five tagged: the set cannot be built, and says how many match.
    const set = await t.call(api.practice.create, { body: { source: 'tag:misread', size: 5 }, as: learner });
    expect(set.body).toEqual({
      message: 'Only 1 question match these choices: a set needs at least 5. Widen the choices.',
    });
  });
});
