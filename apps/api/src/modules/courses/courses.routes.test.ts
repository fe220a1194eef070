import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type CourseProgress, type StartUnitResponse, type UnitProgress } from '@mlp/contract';
import {
  createArticle,
  createCourse,
  createExam,
  createTopicExam,
  createLearner,
  createSubscription,
  answersFor,
  queryRows,
  sitExam,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { courses, subscriptions } from '../../db/schema/index.ts';

/* Structured courses for visitors and learners (decision 0053): lists, enrolment, progress, certificates. */

const t = useTestApp();

async function progressOf(learner: Learner, courseId: string): Promise<CourseProgress> {
  const response = await t.call(api.courses.progress, { params: { id: courseId }, as: learner });
  expect(response.statusCode).toBe(200);
  return response.body;
}

function unitIn(progress: CourseProgress, unitId: string): UnitProgress {
  const unit = progress.units.find((candidate) => candidate.unitId === unitId);
  if (!unit) throw new Error(`unit ${unitId} is not in the progress`);
  return unit;
}

async function subscribe(learner: Learner, examId: string) {
  await createSubscription(t, { userId: learner.id, examId, isFree: false });
}

/** The practice set a practice unit's start opened (a checkpoint's start answers its exam instead). */
function practiceSetOf(started: StartUnitResponse): string {
  if (started.kind !== 'practice') throw new Error(`a practice unit's start answered a ${started.kind}`);
  return started.attemptId;
}

/** A free exam of ten questions, half 'Cardiology', half 'Renal'. */
const topicExam = (overrides: Parameters<typeof createExam>[1] = {}) => createTopicExam(t.ctx.db, overrides);

describe('published courses', () => {
  it('lists published courses only, newest first, searched in title and summary and by category', async () => {
    const older = await createCourse(t, {
      title: 'Quokka renal basics',
      category: 'medical',
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await createCourse(t, {
      title: 'Wound care',
      summary: 'Dressings, and the quokka way of healing',
      category: 'nursing',
    });
    await createCourse(t, { title: 'Quokka draft', status: 'draft' });
    await createCourse(t, { title: 'Unrelated', summary: 'nothing to see' });

    const all = await t.call(api.courses.list, { query: { search: 'QUOKKA' } });
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toContain('public');
    expect(all.body).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.body.courses.map((course) => course._id)).toEqual([newer.course.id, older.course.id]);

    const nursing = await t.call(api.courses.list, { query: { search: 'quokka', category: 'nursing' } });
    expect(nursing.body.courses.map((course) => course._id)).toEqual([newer.course.id]);
    const paged = await t.call(api.courses.list, { query: { search: 'quokka', limit: 1, page: 2 } });
    expect(paged.body).toMatchObject({ total: 2, pages: 2 });
    expect(paged.body.courses.map((course) => course._id)).toEqual([older.course.id]);
    // An unknown category: the types refuse it, so it goes untyped.
    expect((await t.send(api.courses.list, { query: { category: 'dentistry' } })).statusCode).toBe(400);
  });

  it('shows a published course with its units in order and their titles; a draft is not found', async () => {
    const article = await createArticle(t, { title: 'Reading ECGs' });
    const free = await createExam(t.ctx.db, { title: 'Free cardiology exam' });
    const paid = await createExam(t.ctx.db, { title: 'Paid renal exam', pricePence: 499 });
    const { course, units } = await createCourse(t, {
      title: 'Heart and kidneys',
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'practice', title: 'Drill the renal questions', examId: paid.id, size: 5, mode: 'tutor' },
        { kind: 'checkpoint', examId: free.id, passMark: 60 },
        { kind: 'checkpoint', examId: paid.id, passMark: 70 },
      ],
    });
    const detail = await t.call(api.courses.detail, { params: { id: course.id } });
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toMatchObject({
      _id: course.id,
      title: 'Heart and kidneys',
      status: 'published',
      unitCount: 4,
      paidExams: [{ _id: paid.id, title: 'Paid renal exam' }],
      coverImageUrl: null,
      units: [
        { _id: units[0]!.id, position: 0, kind: 'article', title: 'Reading ECGs', articleId: article.id },
        {
          _id: units[1]!.id,
          position: 1,
          kind: 'practice',
          title: 'Drill the renal questions',
          examId: paid.id,
          examTitle: 'Paid renal exam',
          size: 5,
          mode: 'tutor',
          requiresSubscription: true,
        },
        {
          position: 2,
          kind: 'checkpoint',
          title: 'Free cardiology exam',
          passMark: 60,
          requiresSubscription: false,
        },
        {
          position: 3,
          kind: 'checkpoint',
          title: 'Paid renal exam',
          passMark: 70,
          requiresSubscription: true,
        },
      ],
    });
    const listed = (await t.call(api.courses.list, { query: { search: 'heart and kidneys' } })).body;
    expect(listed.courses).toMatchObject([
      { _id: course.id, unitCount: 4, paidExams: [{ _id: paid.id, title: 'Paid renal exam' }] },
    ]);

    const draft = await createCourse(t, { status: 'draft' });
    for (const id of [draft.course.id, 'not-a-course', '0190a3c1-0000-7000-8000-000000000000']) {
      const missing = await t.call(api.courses.detail, { params: { id } });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toEqual({ message: 'Course not found' });
    }
  });
});

describe('enrolment and progress', () => {
  it('enrols once, marks an article read once, and refuses what does not fit', async () => {
    const learner = await createLearner(t);
    const first = await createArticle(t);
    const second = await createArticle(t);
    const exam = await topicExam();
    const { course, units } = await createCourse(t, {
      units: [
        { kind: 'article', articleId: first.id },
        { kind: 'practice', examId: exam.id, size: 5, mode: 'tutor' },
        { kind: 'article', articleId: second.id },
      ],
    });
    const [article, practice] = units;

    const before = await progressOf(learner, course.id);
    expect(before).toMatchObject({
      courseId: course.id,
      enrolled: false,
      enrolledAt: null,
      completedAt: null,
      completedUnits: 0,
      totalUnits: 3,
      nextUnitId: article!.id,
    });
    expect(before.units.map((unit) => unit.status)).toEqual(['not-started', 'not-started', 'not-started']);

    const notEnrolled = await t.call(api.courses.markRead, {
      params: { id: course.id, unitId: article!.id },
      as: learner,
    });
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.body).toEqual({ message: 'Enrol in this course first' });

    const enrolled = await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.body).toMatchObject({ enrolled: true, completedUnits: 0 });
    const again = await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    expect(again.body.enrolledAt).toBe(enrolled.body.enrolledAt);
    expect(
      await queryRows(
        t.ctx.db,
        sql`select 1 from course_enrolments where course_id = ${course.id} and user_id = ${learner.id}`,
      ),
    ).toHaveLength(1);

    const read = await t.call(api.courses.markRead, {
      params: { id: course.id, unitId: article!.id },
      as: learner,
    });
    expect(read.statusCode).toBe(200);
    const readUnit = unitIn(read.body, article!.id);
    expect(readUnit).toMatchObject({ status: 'read', locked: false });
    expect(readUnit.completedAt).not.toBeNull();
    const reread = await t.call(api.courses.markRead, {
      params: { id: course.id, unitId: article!.id },
      as: learner,
    });
    expect(unitIn(reread.body, article!.id).completedAt).toBe(readUnit.completedAt);
    expect(reread.body).toMatchObject({ completedUnits: 1, nextUnitId: practice!.id });
    expect(
      await queryRows(t.ctx.db, sql`select 1 from course_unit_reads where user_id = ${learner.id}`),
    ).toHaveLength(1);

    const notArticle = await t.call(api.courses.markRead, {
      params: { id: course.id, unitId: practice!.id },
      as: learner,
    });
    expect(notArticle.statusCode).toBe(400);
    expect(notArticle.body).toEqual({ message: 'Only an article unit can be marked as read' });
    const startArticle = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId: article!.id },
      as: learner,
    });
    expect(startArticle.statusCode).toBe(400);

    // A unit of another course, or none, is not found here.
    const other = await createCourse(t, { units: [{ kind: 'article', articleId: first.id }] });
    for (const unitId of [other.units[0]!.id, 'nope']) {
      const missing = await t.call(api.courses.markRead, { params: { id: course.id, unitId }, as: learner });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toEqual({ message: 'Unit not found' });
    }
    const draft = await createCourse(t, { status: 'draft' });
    expect(
      (await t.call(api.courses.enrol, { params: { id: draft.course.id }, as: learner })).statusCode,
    ).toBe(404);
    expect(
      (await t.call(api.courses.progress, { params: { id: draft.course.id }, as: learner })).statusCode,
    ).toBe(404);
  });

  it('starts a practice unit once (in progress), then done with the latest score once submitted', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'practice', examId: exam.id, topics: ['Cardiology'], size: 5, mode: 'exam' }],
    });
    const unitId = units[0]!.id;
    const notEnrolled = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId },
      as: learner,
    });
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.body).toEqual({ message: 'Enrol in this course first' });
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });

    // A free exam: the learner is subscribed on the way (practice sets draw on subscribed exams).
    const started = await t.call(api.courses.startUnit, { params: { id: course.id, unitId }, as: learner });
    expect(started.statusCode).toBe(200);
    const attemptId = practiceSetOf(started.body);
    expect(started.body).toEqual({ kind: 'practice', attemptId });
    expect(
      await t.ctx.db
        .select({ isFree: subscriptions.isFree })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, learner.id), eq(subscriptions.examId, exam.id))),
    ).toEqual([{ isFree: true }]);
    const resumedStart = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId },
      as: learner,
    });
    expect(resumedStart.body).toEqual({ kind: 'practice', attemptId });

    const open = await progressOf(learner, course.id);
    expect(unitIn(open, unitId)).toMatchObject({
      status: 'in-progress',
      openAttemptId: attemptId,
      score: null,
      completedAt: null,
    });
    expect(open).toMatchObject({ completedUnits: 0, nextUnitId: unitId });

    const set = await t.call(api.practice.resume, { params: { id: attemptId }, as: learner });
    const served = set.body.questions;
    expect(served).toHaveLength(5);
    expect(served.every((question) => question.topic === 'Cardiology')).toBe(true);
    const submitted = await t.call(api.practice.submit, {
      params: { id: attemptId },
      body: {
        answers: await answersFor(t, served, 3),
      },
      as: learner,
    });
    expect(submitted.statusCode).toBe(201);
    const result = submitted.body;
    expect(result.score).toBe(60);

    const done = await progressOf(learner, course.id);
    expect(unitIn(done, unitId)).toEqual({
      unitId,
      status: 'done',
      score: 60,
      completedAt: result.completedAt,
      locked: false,
      openAttemptId: null,
      resultId: result._id,
    });
    // One unit, done: the course is complete.
    expect(done).toMatchObject({ completedUnits: 1, totalUnits: 1, nextUnitId: null });
    expect(done.completedAt).toBe(result.completedAt);

    // Practising again opens a new set; the latest score stays shown meanwhile.
    const restarted = await t.call(api.courses.startUnit, { params: { id: course.id, unitId }, as: learner });
    const second = practiceSetOf(restarted.body);
    expect(second).not.toBe(attemptId);
    expect(unitIn(await progressOf(learner, course.id), unitId)).toMatchObject({
      status: 'in-progress',
      openAttemptId: second,
      score: 60,
      resultId: result._id,
    });
    const resubmitted = await t.call(api.practice.submit, {
      params: { id: second },
      body: {
        answers: await answersFor(
          t,
          (await t.call(api.practice.resume, { params: { id: second }, as: learner })).body.questions,
          5,
        ),
      },
      as: learner,
    });
    const latest = resubmitted.body;
    expect(unitIn(await progressOf(learner, course.id), unitId)).toMatchObject({
      status: 'done',
      score: 100,
      resultId: latest._id,
      // complete since the first result
      completedAt: result.completedAt,
    });
  });

  it('replaces an untouched set started from one unit by the next one started, which that unit then loses', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    const { course, units } = await createCourse(t, {
      units: [
        { kind: 'practice', examId: exam.id, topics: ['Cardiology'], size: 5, mode: 'tutor' },
        { kind: 'practice', examId: exam.id, topics: ['Renal'], size: 5, mode: 'tutor' },
      ],
    });
    const [cardiology, renal] = units;
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    const start = async (unitId: string) => {
      const response = await t.call(api.courses.startUnit, {
        params: { id: course.id, unitId },
        as: learner,
      });
      expect(response.statusCode).toBe(200);
      return practiceSetOf(response.body);
    };
    const first = await start(cardiology!.id);
    // Nothing done in the first set: the practice module replaces it (decision 0047), giving it a new id.
    const second = await start(renal!.id);
    expect(second).not.toBe(first);
    const progress = await progressOf(learner, course.id);
    expect(unitIn(progress, cardiology!.id)).toMatchObject({ status: 'not-started', openAttemptId: null });
    expect(unitIn(progress, renal!.id)).toMatchObject({ status: 'in-progress', openAttemptId: second });
    const served = (await t.call(api.practice.resume, { params: { id: second }, as: learner })).body;
    expect(served.questions.every((question) => question.topic === 'Renal')).toBe(true);

    const third = await start(cardiology!.id);
    const after = await progressOf(learner, course.id);
    expect(unitIn(after, cardiology!.id)).toMatchObject({ status: 'in-progress', openAttemptId: third });
    expect(unitIn(after, renal!.id).status).toBe('not-started');
    expect(
      await queryRows(
        t.ctx.db,
        sql`select 1 from course_unit_sittings where user_id = ${learner.id} and attempt_id is not null`,
      ),
    ).toHaveLength(1);
  });

  it("starts a unit's set beside another practice set in progress, and lets the open limit's refusal through", async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    await subscribe(learner, exam.id);
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'practice', examId: exam.id, size: 5, mode: 'tutor' }],
    });
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    // Nine sets in progress, each touched (a flag), so none is replaced by the next (decisions 0047, 0063).
    for (let i = 0; i < 9; i += 1) {
      const own = await t.call(api.practice.create, { body: { source: 'all', size: 5 }, as: learner });
      expect(own.statusCode).toBe(201);
      const set = own.body;
      const flagged = await t.call(api.attempts.saveAnswers, {
        params: { id: set._id },
        body: { answers: {}, flags: [set.questions[0]!._id], seq: 1 },
        as: learner,
      });
      expect(flagged.statusCode).toBe(204);
    }
    const started = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId: units[0]!.id },
      as: learner,
    });
    expect(started.statusCode).toBe(200);
    expect(unitIn(await progressOf(learner, course.id), units[0]!.id).status).not.toBe('not-started');
    // Touched too (else the next set would replace it, decision 0047).
    const unitSet = practiceSetOf(started.body);
    const resumed = await t.call(api.practice.resume, { params: { id: unitSet }, as: learner });
    const touched = await t.call(api.attempts.saveAnswers, {
      params: { id: unitSet },
      body: { answers: {}, flags: [resumed.body.questions[0]!._id], seq: 1 },
      as: learner,
    });
    expect(touched.statusCode).toBe(204);

    // The tenth open set: a unit of another course now meets the limit.
    const other = await createCourse(t, {
      units: [{ kind: 'practice', examId: exam.id, size: 5, mode: 'tutor' }],
    });
    await t.call(api.courses.enrol, { params: { id: other.course.id }, as: learner });
    const refused = await t.call(api.courses.startUnit, {
      params: { id: other.course.id, unitId: other.units[0]!.id },
      as: learner,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe(
      'You have 10 exams and practice sets in progress. Submit or discard one before starting another.',
    );
    expect(unitIn(await progressOf(learner, other.course.id), other.units[0]!.id).status).toBe('not-started');
  });

  it('scores a checkpoint by the best exam sitting since enrolling, against the pass mark', async () => {
    const learner = await createLearner(t);
    // A sitting serves four of its five questions.
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 }, 5);
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'checkpoint', examId: exam.id, passMark: 75 }],
    });
    const unitId = units[0]!.id;
    await subscribe(learner, exam.id);
    // Sat before enrolling: it does not count.
    await sitExam(t, learner, exam.id, { right: 4 });
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    expect(unitIn(await progressOf(learner, course.id), unitId).status).toBe('not-started');

    const started = await t.call(api.courses.startUnit, { params: { id: course.id, unitId }, as: learner });
    expect(started.body).toEqual({ kind: 'checkpoint', examId: exam.id });

    const below = await sitExam(t, learner, exam.id, { right: 2 });
    expect(unitIn(await progressOf(learner, course.id), unitId)).toMatchObject({
      status: 'failed',
      score: 50,
      resultId: below._id,
      completedAt: null,
    });
    expect((await progressOf(learner, course.id)).completedAt).toBeNull();

    const pass = await sitExam(t, learner, exam.id, { right: 3 });
    await sitExam(t, learner, exam.id, { right: 1 });
    const passed = await progressOf(learner, course.id);
    expect(unitIn(passed, unitId)).toMatchObject({
      status: 'passed',
      score: 75,
      resultId: pass._id,
      completedAt: pass.completedAt,
    });
    expect(passed).toMatchObject({ completedUnits: 1, completedAt: pass.completedAt });

    const other = await createLearner(t);
    await subscribe(other, exam.id);
    await t.call(api.courses.enrol, { params: { id: course.id }, as: other });
    // Neither a timed sitting nor a practice set drawn from the exam is a checkpoint sitting.
    const timedResult = await sitExam(t, other, exam.id, { mode: 'timed' });
    expect(timedResult.score).toBe(100);
    const practice = await t.call(api.practice.create, { body: { source: 'all', size: 5 }, as: other });
    expect(practice.statusCode).toBe(201);
    const served = practice.body;
    const practised = await t.call(api.practice.submit, {
      params: { id: served._id },
      body: {
        answers: await answersFor(t, served.questions, 5),
      },
      as: other,
    });
    expect(practised.statusCode).toBe(201);
    expect(unitIn(await progressOf(other, course.id), unitId).status).toBe('not-started');
  });

  it('locks units of a paid exam without a subscription (403 to start) and opens them with one', async () => {
    const learner = await createLearner(t);
    const paid = await topicExam({ title: 'Advanced renal', pricePence: 999 });
    const article = await createArticle(t);
    const { course, units } = await createCourse(t, {
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'practice', examId: paid.id, size: 5, mode: 'tutor' },
        { kind: 'checkpoint', examId: paid.id, passMark: 50 },
      ],
    });
    const [reading, practice, checkpoint] = units;
    // Locks show before enrolling too.
    const visitor = await progressOf(learner, course.id);
    expect(visitor.units.map((unit) => unit.locked)).toEqual([false, true, true]);
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    for (const unit of [practice!, checkpoint!]) {
      const refused = await t.call(api.courses.startUnit, {
        params: { id: course.id, unitId: unit.id },
        as: learner,
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toEqual({ message: 'Subscribe to Advanced renal to open this unit' });
    }
    expect(
      await queryRows(t.ctx.db, sql`select 1 from exam_attempts where user_id = ${learner.id}`),
    ).toHaveLength(0);

    await subscribe(learner, paid.id);
    const open = await progressOf(learner, course.id);
    expect(open.units.map((unit) => unit.locked)).toEqual([false, false, false]);
    expect(unitIn(open, reading!.id).status).toBe('not-started');
    const started = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId: checkpoint!.id },
      as: learner,
    });
    expect(started.statusCode).toBe(200);
    expect(started.body).toEqual({ kind: 'checkpoint', examId: paid.id });
    const practised = await t.call(api.courses.startUnit, {
      params: { id: course.id, unitId: practice!.id },
      as: learner,
    });
    expect(practised.body).toMatchObject({ kind: 'practice' });
  });
});

describe('completion and certificates', () => {
  it('completes the course once, with a certificate only its learner sees', async () => {
    const learner = await createLearner(t);
    const article = await createArticle(t);
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 2 });
    const { course, units } = await createCourse(t, {
      title: 'Certified course',
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'checkpoint', examId: exam.id, passMark: 50 },
      ],
    });
    const [reading, checkpoint] = units;
    await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    const none = await t.call(api.courses.certificate, { params: { id: course.id }, as: learner });
    expect(none.statusCode).toBe(404);
    expect(none.body).toEqual({ message: 'Certificate not found' });

    await t.call(api.courses.markRead, { params: { id: course.id, unitId: reading!.id }, as: learner });
    expect(await progressOf(learner, course.id)).toMatchObject({
      completedUnits: 1,
      nextUnitId: checkpoint!.id,
      completedAt: null,
    });
    expect(
      (await t.call(api.courses.certificate, { params: { id: course.id }, as: learner })).statusCode,
    ).toBe(404);

    // Starting the checkpoint of a free exam subscribes the learner, so the exam can be sat.
    await t.call(api.courses.startUnit, { params: { id: course.id, unitId: checkpoint!.id }, as: learner });
    const pass = await sitExam(t, learner, exam.id, { right: 2 });
    const complete = await progressOf(learner, course.id);
    expect(complete).toMatchObject({
      completedUnits: 2,
      totalUnits: 2,
      nextUnitId: null,
      completedAt: pass.completedAt,
    });

    const certificate = await t.call(api.courses.certificate, { params: { id: course.id }, as: learner });
    expect(certificate.statusCode).toBe(200);
    expect(certificate.body).toEqual({
      certificateId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      courseTitle: 'Certified course',
      learnerName: learner.name,
      completedAt: pass.completedAt,
      totalUnits: 2,
    });
    const { certificateId } = certificate.body;

    // Read again, the completion and certificate stay as first set.
    expect((await progressOf(learner, course.id)).completedAt).toBe(pass.completedAt);
    expect(
      (await t.call(api.courses.certificate, { params: { id: course.id }, as: learner })).body,
    ).toMatchObject({ certificateId });

    // Someone else, enrolled or not, has no certificate here (it is always the caller's own).
    const other = await createLearner(t);
    expect((await t.call(api.courses.certificate, { params: { id: course.id }, as: other })).statusCode).toBe(
      404,
    );
    await t.call(api.courses.enrol, { params: { id: course.id }, as: other });
    expect((await t.call(api.courses.certificate, { params: { id: course.id }, as: other })).statusCode).toBe(
      404,
    );
    expect((await t.call(api.courses.certificate, { params: { id: course.id } })).statusCode).toBe(401);

    // The course gains a unit: the completion stays (the certificate was earned), the figures follow.
    const extra = await createArticle(t);
    await t.ctx.db.execute(
      sql`insert into course_units (id, course_id, position, kind, article_id)
          values (gen_random_uuid(), ${course.id}, 2, 'article', ${extra.id})`,
    );
    const grown = await progressOf(learner, course.id);
    expect(grown).toMatchObject({ completedUnits: 2, totalUnits: 3, completedAt: pass.completedAt });
    expect(grown.nextUnitId).not.toBeNull();
    expect(
      (await t.call(api.courses.certificate, { params: { id: course.id }, as: learner })).body,
    ).toMatchObject({
      certificateId,
      totalUnits: 3,
    });
  });

  it("lists the learner's published courses, newest enrolment first, with their figures", async () => {
    const learner = await createLearner(t);
    const article = await createArticle(t);
    const first = await createCourse(t, {
      units: [
        { kind: 'article', articleId: article.id },
        { kind: 'article', articleId: (await createArticle(t)).id },
      ],
    });
    const second = await createCourse(t, { units: [{ kind: 'article', articleId: article.id }] });
    const hidden = await createCourse(t, { units: [{ kind: 'article', articleId: article.id }] });
    for (const { course } of [first, second, hidden])
      await t.call(api.courses.enrol, { params: { id: course.id }, as: learner });
    await t.call(api.courses.markRead, {
      params: { id: first.course.id, unitId: first.units[0]!.id },
      as: learner,
    });
    await t.call(api.courses.markRead, {
      params: { id: second.course.id, unitId: second.units[0]!.id },
      as: learner,
    });
    await t.ctx.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, hidden.course.id));

    const list = await t.call(api.courses.enrolled, { as: learner });
    expect(list.statusCode).toBe(200);
    const body = list.body;
    expect(body.courses.map((entry) => entry.course._id)).toEqual([second.course.id, first.course.id]);
    expect(body.courses[0]).toMatchObject({ completedUnits: 1, totalUnits: 1, nextUnitId: null });
    expect(body.courses[0]!.completedAt).not.toBeNull();
    expect(body.courses[1]).toMatchObject({
      course: { unitCount: 2 },
      completedAt: null,
      completedUnits: 1,
      totalUnits: 2,
      nextUnitId: first.units[1]!.id,
    });
    // The list marked the finished course complete, as the progress read would have.
    expect(
      await queryRows(
        t.ctx.db,
        sql`select 1 from course_enrolments where user_id = ${learner.id} and completed_at is not null
            and certificate_id is not null`,
      ),
    ).toHaveLength(1);
    expect((await t.call(api.courses.enrolled, { as: await createLearner(t) })).body).toEqual({
      courses: [],
    });
  });

  it('asks for a session on every learner route', async () => {
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'article', articleId: (await createArticle(t)).id }],
    });
    const id = course.id;
    const unitId = units[0]!.id;
    for (const [route, params] of [
      [api.courses.enrolled, {}],
      [api.courses.progress, { id }],
      [api.courses.enrol, { id }],
      [api.courses.markRead, { id, unitId }],
      [api.courses.startUnit, { id, unitId }],
      [api.courses.certificate, { id }],
    ] as const) {
      expect((await t.send(route, { params })).statusCode, route.path).toBe(401);
    }
  });
});
