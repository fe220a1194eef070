import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  type Learner,
} from '../../../test/factories.ts';
import { examResults, questions } from '../../db/schema/index.ts';
import { countNewSittings } from './item-analysis.service.ts';

/*
 * Item analysis (decision 0036) end to end: learners sit the exam through the API, the job counts the
 * sittings, the report matches the figures computed by hand in item-statistics.unit.test.ts (the same
 * fixture, the key moved to each question's own correct option).
 */

const t = useTestApp({ NODE_ENV: 'development' });

// Offsets from each question's key (0 = the key; null = skipped), one row per learner.
const CHOICES: Array<Array<number | null>> = [
  [0, 0, 0, 1],
  [0, 0, 1, 0],
  [0, 2, 0, 1],
  [0, 0, 2, 2],
  [1, 3, null, 0],
  [0, 1, 1, 1],
];

interface AttemptBody {
  _id: string;
  questions: Array<{ _id: string }>;
}

async function sit(learner: Learner, examId: string, row: Array<number | null>) {
  await createSubscription(t, {
    userId: learner.id,
    examId,
    endDate: new Date(Date.now() + 30 * 86_400_000),
  });
  const attempt = (
    await t.request({ method: 'POST', url: `/api/exams/${examId}/attempts`, headers: learner.headers })
  ).json<AttemptBody>();
  const stored = await t.ctx.db.select().from(questions).where(eq(questions.examId, examId));
  const order = [...stored].sort((a, b) => (a.id < b.id ? -1 : 1));
  const answers: Record<string, string> = {};
  order.forEach((question, index) => {
    const offset = row[index];
    if (offset === null || offset === undefined) return;
    answers[question.id] = question.options[(question.correctAnswer + offset) % question.options.length]!;
  });
  expect(attempt.questions).toHaveLength(4);
  const submitted = await t.request({
    method: 'POST',
    url: `/api/exams/${examId}/submit`,
    headers: learner.headers,
    payload: { answers, attemptId: attempt._id },
  });
  expect(submitted.statusCode).toBe(201);
}

async function fixtureExam() {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 4 });
  for (const row of CHOICES) await sit(await createLearner(t), exam.id, row);
  return exam;
}

describe('GET /api/admin/exams/:id/item-analysis', () => {
  it('reports hand-computed figures once the job has counted the sittings, and counts each once', async () => {
    const admin = await createAdmin(t);
    const exam = await fixtureExam();
    const url = `/api/admin/exams/${exam.id}/item-analysis`;

    const before = await t.request({ method: 'GET', url, headers: admin.headers });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({ exam: { results: 0, pending: 6, mean: null, alpha: null } });

    expect(await countNewSittings(t.ctx)).toBeGreaterThanOrEqual(6);
    expect(await countNewSittings(t.ctx)).toBe(0);

    const report = (await t.request({ method: 'GET', url, headers: admin.headers })).json<{
      exam: Record<string, unknown>;
      items: Array<Record<string, unknown> & { options: Array<{ share: number; isKey: boolean }> }>;
      total: number;
      bySource: { manual: { questions: number; analysed: number } };
    }>();
    expect(report.exam).toMatchObject({
      results: 6,
      pending: 0,
      mean: 50,
      median: 50,
      sd: 22.4,
      alpha: -0.333,
      questionsPerSitting: 4,
    });
    expect(report.total).toBe(4);
    expect(
      report.items.map((item) => [
        item.number,
        item.attempts,
        item.facility,
        item.discrimination,
        item.efficiency,
      ]),
    ).toEqual([
      [1, 6, 83.3, 0.108, 14.3],
      [2, 6, 50, 0.333, 33.3],
      [3, 6, 33.3, -0.158, -20],
      [4, 6, 33.3, -0.5, -80],
    ]);
    // Shares are by the question's stored option order; the third question's key is option 2.
    const third = report.items[2]!;
    expect(third.skippedShare).toBe(16.7);
    expect(third.options.find((option) => option.isKey)!.share).toBe(33.3);
    // Below ten answers nothing is flagged; the means need ten answers too.
    expect(report.items.every((item) => (item.flags as string[]).length === 0)).toBe(true);
    expect(report.bySource.manual).toMatchObject({ questions: 4, analysed: 0 });
  });

  it('filters by source, pages, sorts, and recalculates from the start', async () => {
    const admin = await createAdmin(t);
    const exam = await fixtureExam();
    const [first] = await t.ctx.db
      .select()
      .from(questions)
      .where(eq(questions.examId, exam.id))
      .orderBy(questions.id);
    await t.ctx.db.update(questions).set({ isAiGenerated: true }).where(eq(questions.id, first!.id));
    await countNewSittings(t.ctx);
    const url = `/api/admin/exams/${exam.id}/item-analysis`;

    const ai = (await t.request({ method: 'GET', url: `${url}?source=ai`, headers: admin.headers })).json<{
      total: number;
      items: Array<{ questionId: string }>;
    }>();
    expect(ai.total).toBe(1);
    expect(ai.items[0]!.questionId).toBe(first!.id);

    const page = (
      await t.request({
        method: 'GET',
        url: `${url}?sort=discrimination&page=2&pageSize=3`,
        headers: admin.headers,
      })
    ).json<{ total: number; items: Array<{ number: number }> }>();
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.number)).toEqual([2]);

    const reset = await t.request({ method: 'POST', url: `${url}/recalculate`, headers: admin.headers });
    expect(reset.statusCode).toBe(200);
    expect(reset.json<{ message: string }>().message).toMatch(/recalculated/);
    const pending = (await t.request({ method: 'GET', url, headers: admin.headers })).json<{
      exam: object;
    }>();
    expect(pending.exam).toMatchObject({ results: 0, pending: 6 });
    await countNewSittings(t.ctx);
    const again = (await t.request({ method: 'GET', url, headers: admin.headers })).json<{ exam: object }>();
    expect(again.exam).toMatchObject({ results: 6, mean: 50, alpha: -0.333 });
  });

  it('leaves out practice sets and sittings of other exams', async () => {
    const admin = await createAdmin(t);
    const exam = await fixtureExam();
    const other = await fixtureExam();
    await t.ctx.db.update(examResults).set({ kind: 'practice' }).where(eq(examResults.examId, other.id));
    await countNewSittings(t.ctx);
    const report = (
      await t.request({
        method: 'GET',
        url: `/api/admin/exams/${other.id}/item-analysis`,
        headers: admin.headers,
      })
    ).json<{ exam: object }>();
    expect(report.exam).toMatchObject({ results: 0, pending: 0 });
    const mine = (
      await t.request({
        method: 'GET',
        url: `/api/admin/exams/${exam.id}/item-analysis`,
        headers: admin.headers,
      })
    ).json<{ exam: object }>();
    expect(mine.exam).toMatchObject({ results: 6 });
  });

  it('refuses learners, visitors, unknown exams and bad queries', async () => {
    const admin = await createAdmin(t);
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db);
    const url = `/api/admin/exams/${exam.id}/item-analysis`;
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url, headers: learner.headers })).statusCode).toBe(401);
    for (const bad of ['not-an-id', '0190c0a0-0000-7000-8000-000000000000']) {
      const response = await t.request({
        method: 'GET',
        url: `/api/admin/exams/${bad}/item-analysis`,
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Exam not found' });
    }
    for (const query of ['pageSize=500', 'sort=bogus', 'source=robots', 'page=0']) {
      const response = await t.request({ method: 'GET', url: `${url}?${query}`, headers: admin.headers });
      expect(response.statusCode).toBe(400);
      expect(typeof response.json<{ message: unknown }>().message).toBe('string');
    }
    const empty = (await t.request({ method: 'GET', url, headers: admin.headers })).json<{
      items: Array<{ attempts: number; facility: number | null }>;
    }>();
    expect(empty.items).toHaveLength(3);
    expect(empty.items[0]).toMatchObject({ attempts: 0, facility: null });
    expect(
      (await t.request({ method: 'POST', url: `${url}/recalculate`, headers: learner.headers })).statusCode,
    ).toBe(401);
  });
});
