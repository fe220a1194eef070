import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CourseProgress, UnitProgress } from '@mlp/contract';
import {
  createArticle,
  createCourse,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
  type Learner,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/fixtures.ts';
import { courses, questions, subscriptions } from '../../db/schema/index.ts';

/* Structured courses for visitors and learners (decision 0053): lists, enrolment, progress, certificates. */

const t = useTestApp();

interface ServedSet {
  _id: string;
  questions: Array<{ _id: string; choices: string[]; topic: string }>;
}

function call(
  learner: Learner | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
) {
  return t.request({
    method,
    url,
    headers: learner ? learner.headers : {},
    ...(payload === undefined ? {} : { payload }),
  });
}

async function progressOf(learner: Learner, courseId: string): Promise<CourseProgress> {
  const response = await call(learner, 'GET', `/api/courses/${courseId}/progress`);
  expect(response.statusCode).toBe(200);
  return response.json<CourseProgress>();
}

function unitIn(progress: CourseProgress, unitId: string): UnitProgress {
  const unit = progress.units.find((candidate) => candidate.unitId === unitId);
  if (!unit) throw new Error(`unit ${unitId} is not in the progress`);
  return unit;
}

async function subscribe(learner: Learner, examId: string) {
  await createSubscription(t, {
    userId: learner.id,
    examId,
    isFree: false,
    endDate: new Date(Date.now() + 30 * 86_400_000),
  });
}

async function correctOf(questionId: string): Promise<string> {
  const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, questionId));
  return row!.options[row!.correctAnswer]!;
}

/** Answers `right` of the served questions correctly and the others wrongly. */
async function answersFor(served: ServedSet['questions'], right: number): Promise<Record<string, string>> {
  const answers: Record<string, string> = {};
  for (const [index, question] of served.entries()) {
    const correct = await correctOf(question._id);
    answers[question._id] = index < right ? correct : question.choices.find((choice) => choice !== correct)!;
  }
  return answers;
}

/** Sits the exam through the attempts endpoints with `right` answers correct; the stored result. */
async function sitExam(learner: Learner, examId: string, right: number) {
  const started = await call(learner, 'POST', `/api/exams/${examId}/attempts`);
  expect(started.statusCode).toBe(200);
  const attempt = started.json<ServedSet>();
  const submitted = await call(learner, 'POST', `/api/exams/${examId}/submit`, {
    answers: await answersFor(attempt.questions, right),
    attemptId: attempt._id,
  });
  expect(submitted.statusCode).toBe(201);
  return submitted.json<{ _id: string; score: number; completedAt: string }>();
}

/** A free exam of ten questions, half 'Cardiology', half 'Renal'. */
async function topicExam(overrides: Parameters<typeof createExam>[1] = {}) {
  const exam = await createExam(t.ctx.db, {
    numberOfQuestions: 10,
    topics: ['Cardiology', 'Renal'],
    ...overrides,
  });
  const rows = await t.ctx.db
    .select({ id: questions.id })
    .from(questions)
    .where(eq(questions.examId, exam.id));
  for (const [index, row] of rows.entries()) {
    await t.ctx.db
      .update(questions)
      .set({ topic: index % 2 === 0 ? 'Cardiology' : 'Renal' })
      .where(eq(questions.id, row.id));
  }
  return exam;
}

interface ListBody {
  courses: Array<{ _id: string; title: string; category: string; unitCount: number; paidExams: unknown[] }>;
  total: number;
  page: number;
  pages: number;
}

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

    const all = await call(null, 'GET', '/api/courses?search=QUOKKA');
    expect(all.statusCode).toBe(200);
    expect(all.headers['cache-control']).toContain('public');
    expect(all.json<ListBody>()).toMatchObject({ total: 2, page: 1, pages: 1 });
    expect(all.json<ListBody>().courses.map((course) => course._id)).toEqual([
      newer.course.id,
      older.course.id,
    ]);

    const nursing = await call(null, 'GET', '/api/courses?search=quokka&category=nursing');
    expect(nursing.json<ListBody>().courses.map((course) => course._id)).toEqual([newer.course.id]);
    const paged = await call(null, 'GET', '/api/courses?search=quokka&limit=1&page=2');
    expect(paged.json<ListBody>()).toMatchObject({ total: 2, pages: 2 });
    expect(paged.json<ListBody>().courses.map((course) => course._id)).toEqual([older.course.id]);
    expect((await call(null, 'GET', '/api/courses?category=dentistry')).statusCode).toBe(400);
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
    const detail = await call(null, 'GET', `/api/courses/${course.id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
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
    const listed = (
      await call(null, 'GET', `/api/courses?search=${encodeURIComponent('heart and kidneys')}`)
    ).json<ListBody>();
    expect(listed.courses).toMatchObject([
      { _id: course.id, unitCount: 4, paidExams: [{ _id: paid.id, title: 'Paid renal exam' }] },
    ]);

    const draft = await createCourse(t, { status: 'draft' });
    for (const id of [draft.course.id, 'not-a-course', '0190a3c1-0000-7000-8000-000000000000']) {
      const missing = await call(null, 'GET', `/api/courses/${id}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Course not found' });
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

    const notEnrolled = await call(learner, 'POST', `/api/courses/${course.id}/units/${article!.id}/read`);
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.json()).toEqual({ message: 'Enrol in this course first' });

    const enrolled = await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    expect(enrolled.statusCode).toBe(200);
    expect(enrolled.json<CourseProgress>()).toMatchObject({ enrolled: true, completedUnits: 0 });
    const again = await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    expect(again.json<CourseProgress>().enrolledAt).toBe(enrolled.json<CourseProgress>().enrolledAt);
    expect(
      await queryRows(
        t.ctx.db,
        sql`select 1 from course_enrolments where course_id = ${course.id} and user_id = ${learner.id}`,
      ),
    ).toHaveLength(1);

    const read = await call(learner, 'POST', `/api/courses/${course.id}/units/${article!.id}/read`);
    expect(read.statusCode).toBe(200);
    const readUnit = unitIn(read.json<CourseProgress>(), article!.id);
    expect(readUnit).toMatchObject({ status: 'read', locked: false });
    expect(readUnit.completedAt).not.toBeNull();
    const reread = await call(learner, 'POST', `/api/courses/${course.id}/units/${article!.id}/read`);
    expect(unitIn(reread.json<CourseProgress>(), article!.id).completedAt).toBe(readUnit.completedAt);
    expect(reread.json<CourseProgress>()).toMatchObject({ completedUnits: 1, nextUnitId: practice!.id });
    expect(
      await queryRows(t.ctx.db, sql`select 1 from course_unit_reads where user_id = ${learner.id}`),
    ).toHaveLength(1);

    const notArticle = await call(learner, 'POST', `/api/courses/${course.id}/units/${practice!.id}/read`);
    expect(notArticle.statusCode).toBe(400);
    expect(notArticle.json()).toEqual({ message: 'Only an article unit can be marked as read' });
    const startArticle = await call(learner, 'POST', `/api/courses/${course.id}/units/${article!.id}/start`);
    expect(startArticle.statusCode).toBe(400);

    // A unit of another course, or none, is not found here.
    const other = await createCourse(t, { units: [{ kind: 'article', articleId: first.id }] });
    for (const unitId of [other.units[0]!.id, 'nope']) {
      const missing = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/read`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Unit not found' });
    }
    const draft = await createCourse(t, { status: 'draft' });
    expect((await call(learner, 'POST', `/api/courses/${draft.course.id}/enrol`)).statusCode).toBe(404);
    expect((await call(learner, 'GET', `/api/courses/${draft.course.id}/progress`)).statusCode).toBe(404);
  });

  it('starts a practice unit once (in progress), then done with the latest score once submitted', async () => {
    const learner = await createLearner(t);
    const exam = await topicExam();
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'practice', examId: exam.id, topics: ['Cardiology'], size: 5, mode: 'exam' }],
    });
    const unitId = units[0]!.id;
    const notEnrolled = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
    expect(notEnrolled.statusCode).toBe(409);
    expect(notEnrolled.json()).toEqual({ message: 'Enrol in this course first' });
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);

    // A free exam: the learner is subscribed on the way (practice sets draw on subscribed exams).
    const started = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
    expect(started.statusCode).toBe(200);
    const { attemptId } = started.json<{ kind: 'practice'; attemptId: string }>();
    expect(started.json()).toEqual({ kind: 'practice', attemptId });
    expect(
      await t.ctx.db
        .select({ isFree: subscriptions.isFree })
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, learner.id), eq(subscriptions.examId, exam.id))),
    ).toEqual([{ isFree: true }]);
    const resumedStart = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
    expect(resumedStart.json()).toEqual({ kind: 'practice', attemptId });

    const open = await progressOf(learner, course.id);
    expect(unitIn(open, unitId)).toMatchObject({
      status: 'in-progress',
      openAttemptId: attemptId,
      score: null,
      completedAt: null,
    });
    expect(open).toMatchObject({ completedUnits: 0, nextUnitId: unitId });

    const set = await call(learner, 'POST', `/api/practice-sets/${attemptId}/resume`);
    const served = set.json<ServedSet>().questions;
    expect(served).toHaveLength(5);
    expect(served.every((question) => question.topic === 'Cardiology')).toBe(true);
    const submitted = await call(learner, 'POST', `/api/practice-sets/${attemptId}/submit`, {
      answers: await answersFor(served, 3),
    });
    expect(submitted.statusCode).toBe(201);
    const result = submitted.json<{ _id: string; score: number; completedAt: string }>();
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
    const restarted = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
    const second = restarted.json<{ attemptId: string }>().attemptId;
    expect(second).not.toBe(attemptId);
    expect(unitIn(await progressOf(learner, course.id), unitId)).toMatchObject({
      status: 'in-progress',
      openAttemptId: second,
      score: 60,
      resultId: result._id,
    });
    const resubmitted = await call(learner, 'POST', `/api/practice-sets/${second}/submit`, {
      answers: await answersFor(
        (await call(learner, 'POST', `/api/practice-sets/${second}/resume`)).json<ServedSet>().questions,
        5,
      ),
    });
    const latest = resubmitted.json<{ _id: string }>();
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
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    const start = async (unitId: string) => {
      const response = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
      expect(response.statusCode).toBe(200);
      return response.json<{ attemptId: string }>().attemptId;
    };
    const first = await start(cardiology!.id);
    // Nothing done in the first set: the practice module replaces it (decision 0047), giving it a new id.
    const second = await start(renal!.id);
    expect(second).not.toBe(first);
    const progress = await progressOf(learner, course.id);
    expect(unitIn(progress, cardiology!.id)).toMatchObject({ status: 'not-started', openAttemptId: null });
    expect(unitIn(progress, renal!.id)).toMatchObject({ status: 'in-progress', openAttemptId: second });
    const served = (await call(learner, 'POST', `/api/practice-sets/${second}/resume`)).json<ServedSet>();
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
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    // Nine sets in progress, each touched (a flag), so none is replaced by the next (decisions 0047, 0063).
    for (let i = 0; i < 9; i += 1) {
      const own = await call(learner, 'POST', '/api/practice-sets', { source: 'all', size: 5 });
      expect(own.statusCode).toBe(201);
      const set = own.json<ServedSet>();
      const flagged = await t.request({
        method: 'PUT',
        url: `/api/exams/attempts/${set._id}/answers`,
        headers: learner.headers,
        payload: { answers: {}, flags: [set.questions[0]!._id], seq: 1 },
      });
      expect(flagged.statusCode).toBe(204);
    }
    const started = await call(learner, 'POST', `/api/courses/${course.id}/units/${units[0]!.id}/start`);
    expect(started.statusCode).toBe(200);
    expect(unitIn(await progressOf(learner, course.id), units[0]!.id).status).not.toBe('not-started');
    // Touched too (else the next set would replace it, decision 0047).
    const unitSet = started.json<{ attemptId: string }>().attemptId;
    const resumed = await call(learner, 'POST', `/api/practice-sets/${unitSet}/resume`);
    const touched = await t.request({
      method: 'PUT',
      url: `/api/exams/attempts/${unitSet}/answers`,
      headers: learner.headers,
      payload: { answers: {}, flags: [resumed.json<ServedSet>().questions[0]!._id], seq: 1 },
    });
    expect(touched.statusCode).toBe(204);

    // The tenth open set: a unit of another course now meets the limit.
    const other = await createCourse(t, {
      units: [{ kind: 'practice', examId: exam.id, size: 5, mode: 'tutor' }],
    });
    await call(learner, 'POST', `/api/courses/${other.course.id}/enrol`);
    const refused = await call(
      learner,
      'POST',
      `/api/courses/${other.course.id}/units/${other.units[0]!.id}/start`,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
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
    await sitExam(learner, exam.id, 4);
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    expect(unitIn(await progressOf(learner, course.id), unitId).status).toBe('not-started');

    const started = await call(learner, 'POST', `/api/courses/${course.id}/units/${unitId}/start`);
    expect(started.json()).toEqual({ kind: 'checkpoint', examId: exam.id });

    const below = await sitExam(learner, exam.id, 2);
    expect(unitIn(await progressOf(learner, course.id), unitId)).toMatchObject({
      status: 'failed',
      score: 50,
      resultId: below._id,
      completedAt: null,
    });
    expect((await progressOf(learner, course.id)).completedAt).toBeNull();

    const pass = await sitExam(learner, exam.id, 3);
    await sitExam(learner, exam.id, 1);
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
    await call(other, 'POST', `/api/courses/${course.id}/enrol`);
    // Neither a timed sitting nor a practice set drawn from the exam is a checkpoint sitting.
    const timed = await call(other, 'POST', `/api/exams/${exam.id}/attempts`, { mode: 'timed' });
    expect(timed.statusCode).toBe(200);
    const timedSet = timed.json<ServedSet>();
    const timedResult = await call(other, 'POST', `/api/exams/${exam.id}/submit`, {
      answers: await answersFor(timedSet.questions, 4),
      attemptId: timedSet._id,
    });
    expect(timedResult.json<{ score: number }>().score).toBe(100);
    const practice = await call(other, 'POST', '/api/practice-sets', { source: 'all', size: 5 });
    expect(practice.statusCode).toBe(201);
    const served = practice.json<ServedSet>();
    const practised = await call(other, 'POST', `/api/practice-sets/${served._id}/submit`, {
      answers: await answersFor(served.questions, 5),
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
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    for (const unit of [practice!, checkpoint!]) {
      const refused = await call(learner, 'POST', `/api/courses/${course.id}/units/${unit.id}/start`);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Subscribe to Advanced renal to open this unit' });
    }
    expect(
      await queryRows(t.ctx.db, sql`select 1 from exam_attempts where user_id = ${learner.id}`),
    ).toHaveLength(0);

    await subscribe(learner, paid.id);
    const open = await progressOf(learner, course.id);
    expect(open.units.map((unit) => unit.locked)).toEqual([false, false, false]);
    expect(unitIn(open, reading!.id).status).toBe('not-started');
    const started = await call(learner, 'POST', `/api/courses/${course.id}/units/${checkpoint!.id}/start`);
    expect(started.statusCode).toBe(200);
    expect(started.json()).toEqual({ kind: 'checkpoint', examId: paid.id });
    const practised = await call(learner, 'POST', `/api/courses/${course.id}/units/${practice!.id}/start`);
    expect(practised.json()).toMatchObject({ kind: 'practice' });
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
    const certificateUrl = `/api/courses/${course.id}/certificate`;
    await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    const none = await call(learner, 'GET', certificateUrl);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: 'Certificate not found' });

    await call(learner, 'POST', `/api/courses/${course.id}/units/${reading!.id}/read`);
    expect(await progressOf(learner, course.id)).toMatchObject({
      completedUnits: 1,
      nextUnitId: checkpoint!.id,
      completedAt: null,
    });
    expect((await call(learner, 'GET', certificateUrl)).statusCode).toBe(404);

    // Starting the checkpoint of a free exam subscribes the learner, so the exam can be sat.
    await call(learner, 'POST', `/api/courses/${course.id}/units/${checkpoint!.id}/start`);
    const pass = await sitExam(learner, exam.id, 2);
    const complete = await progressOf(learner, course.id);
    expect(complete).toMatchObject({
      completedUnits: 2,
      totalUnits: 2,
      nextUnitId: null,
      completedAt: pass.completedAt,
    });

    const certificate = await call(learner, 'GET', certificateUrl);
    expect(certificate.statusCode).toBe(200);
    expect(certificate.json()).toEqual({
      certificateId: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      courseTitle: 'Certified course',
      learnerName: learner.name,
      completedAt: pass.completedAt,
      totalUnits: 2,
    });
    const { certificateId } = certificate.json<{ certificateId: string }>();

    // Read again, the completion and certificate stay as first set.
    expect((await progressOf(learner, course.id)).completedAt).toBe(pass.completedAt);
    expect((await call(learner, 'GET', certificateUrl)).json()).toMatchObject({ certificateId });

    // Someone else, enrolled or not, has no certificate here (it is always the caller's own).
    const other = await createLearner(t);
    expect((await call(other, 'GET', certificateUrl)).statusCode).toBe(404);
    await call(other, 'POST', `/api/courses/${course.id}/enrol`);
    expect((await call(other, 'GET', certificateUrl)).statusCode).toBe(404);
    expect((await call(null, 'GET', certificateUrl)).statusCode).toBe(401);

    // The course gains a unit: the completion stays (the certificate was earned), the figures follow.
    const extra = await createArticle(t);
    await t.ctx.db.execute(
      sql`insert into course_units (id, course_id, position, kind, article_id)
          values (gen_random_uuid(), ${course.id}, 2, 'article', ${extra.id})`,
    );
    const grown = await progressOf(learner, course.id);
    expect(grown).toMatchObject({ completedUnits: 2, totalUnits: 3, completedAt: pass.completedAt });
    expect(grown.nextUnitId).not.toBeNull();
    expect((await call(learner, 'GET', certificateUrl)).json()).toMatchObject({
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
      await call(learner, 'POST', `/api/courses/${course.id}/enrol`);
    await call(learner, 'POST', `/api/courses/${first.course.id}/units/${first.units[0]!.id}/read`);
    await call(learner, 'POST', `/api/courses/${second.course.id}/units/${second.units[0]!.id}/read`);
    await t.ctx.db.update(courses).set({ status: 'draft' }).where(eq(courses.id, hidden.course.id));

    const list = await call(learner, 'GET', '/api/courses/enrolled');
    expect(list.statusCode).toBe(200);
    const body = list.json<{
      courses: Array<{
        course: { _id: string; unitCount: number };
        completedAt: string | null;
        completedUnits: number;
        totalUnits: number;
        nextUnitId: string | null;
      }>;
    }>();
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
    expect((await call(await createLearner(t), 'GET', '/api/courses/enrolled')).json()).toEqual({
      courses: [],
    });
  });

  it('asks for a session on every learner route', async () => {
    const { course, units } = await createCourse(t, {
      units: [{ kind: 'article', articleId: (await createArticle(t)).id }],
    });
    for (const [method, url] of [
      ['GET', '/api/courses/enrolled'],
      ['GET', `/api/courses/${course.id}/progress`],
      ['POST', `/api/courses/${course.id}/enrol`],
      ['POST', `/api/courses/${course.id}/units/${units[0]!.id}/read`],
      ['POST', `/api/courses/${course.id}/units/${units[0]!.id}/start`],
      ['GET', `/api/courses/${course.id}/certificate`],
    ] as const) {
      expect((await call(null, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
