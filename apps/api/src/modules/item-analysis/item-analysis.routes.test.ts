import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  applyPendingResults,
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  questionsOf,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { examResults, questions } from '../../db/schema/index.ts';
import { countNewSittings } from './item-analysis.service.ts';
import { CHOICES } from './item-statistics.fixture.ts';

/*
 * Item analysis (decision 0036) end to end: learners sit the exam through the API, the job counts the
 * sittings, the report matches the figures computed by hand in item-statistics.unit.test.ts (the same
 * fixture, the key moved to each question's own correct option).
 */

const t = useTestApp({ NODE_ENV: 'development' });

/** Sits the exam through the API, answering each question (in the order of their ids) as the row says. */
async function sit(learner: Learner, examId: string, row: Array<number | null>) {
  await createSubscription(t, { userId: learner.id, examId });
  const attempt = await startSitting(t, learner, examId);
  const answers: Record<string, string> = {};
  (await questionsOf(t, examId)).forEach((question, index) => {
    const offset = row[index];
    if (offset === null || offset === undefined) return;
    answers[question.id] = question.options[(question.correctAnswer + offset) % question.options.length]!;
  });
  expect(attempt.questions).toHaveLength(4);
  await submitSitting(t, learner, examId, attempt, answers);
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

    const before = await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin });
    expect(before.statusCode).toBe(200);
    expect(before.body).toMatchObject({ exam: { results: 0, pending: 6, mean: null, alpha: null } });

    // The derived-results job records the sittings' answers, then counts them (decisions 0036, 0075).
    expect(await applyPendingResults(t)).toBe(6);
    expect(await countNewSittings(t.ctx)).toBe(0);

    const report = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
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
    await applyPendingResults(t);

    const ai = (
      await t.call(api.itemAnalysis.read, { params: { id: exam.id }, query: { source: 'ai' }, as: admin })
    ).body;
    expect(ai.total).toBe(1);
    expect(ai.items[0]!.questionId).toBe(first!.id);

    const page = (
      await t.call(api.itemAnalysis.read, {
        params: { id: exam.id },
        query: { sort: 'discrimination', page: 2, pageSize: 3 },
        as: admin,
      })
    ).body;
    expect(page.total).toBe(4);
    expect(page.items.map((item) => item.number)).toEqual([2]);

    const reset = await t.call(api.itemAnalysis.recalculate, { params: { id: exam.id }, as: admin });
    expect(reset.statusCode).toBe(200);
    expect(reset.body.message).toMatch(/recalculated/);
    const pending = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
    expect(pending.exam).toMatchObject({ results: 0, pending: 6 });
    await countNewSittings(t.ctx);
    const again = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
    expect(again.exam).toMatchObject({ results: 6, mean: 50, alpha: -0.333 });
  });

  it('leaves out practice sets and sittings of other exams', async () => {
    const admin = await createAdmin(t);
    const exam = await fixtureExam();
    const other = await fixtureExam();
    await t.ctx.db.update(examResults).set({ kind: 'practice' }).where(eq(examResults.examId, other.id));
    await applyPendingResults(t);
    const report = (await t.call(api.itemAnalysis.read, { params: { id: other.id }, as: admin })).body;
    expect(report.exam).toMatchObject({ results: 0, pending: 0 });
    const mine = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
    expect(mine.exam).toMatchObject({ results: 6 });
  });

  it('refuses learners, visitors, unknown exams and bad queries', async () => {
    const admin = await createAdmin(t);
    const learner = await createLearner(t);
    const exam = await createExam(t.ctx.db);
    expect((await t.call(api.itemAnalysis.read, { params: { id: exam.id } })).statusCode).toBe(401);
    expect((await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: learner })).statusCode).toBe(
      401,
    );
    for (const bad of ['not-an-id', '0190c0a0-0000-7000-8000-000000000000']) {
      const response = await t.call(api.itemAnalysis.read, { params: { id: bad }, as: admin });
      expect(response.statusCode).toBe(404);
      expect(response.body).toEqual({ message: 'Exam not found' });
    }
    for (const query of [{ pageSize: 500 }, { sort: 'bogus' }, { source: 'robots' }, { page: 0 }]) {
      // Queries the types refuse: sent untyped.
      const response = await t.send(api.itemAnalysis.read, { params: { id: exam.id }, query, as: admin });
      expect(response.statusCode).toBe(400);
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    }
    const empty = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
    expect(empty.items).toHaveLength(3);
    expect(empty.items[0]).toMatchObject({ attempts: 0, facility: null });
    expect(
      (await t.call(api.itemAnalysis.recalculate, { params: { id: exam.id }, as: learner })).statusCode,
    ).toBe(401);
  });
});
