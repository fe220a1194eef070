import { describe, expect, it } from 'vitest';
import { api } from '@mlp/contract';
import { useTestApp } from '../../../test/fixtures.ts';
import {
  createAdmin,
  createExam,
  createSubscribedLearner,
  startSitting,
  type Learner,
  mailSubjectsOf,
} from '../../../test/factories.ts';

/* The reports queue grouped by question, resolved together or one by one (decision 0073). */

const t = useTestApp();

/** A learner who was shown the exam's questions (a sitting started); the question ids in order. */
async function learnerWhoSaw(examId: string): Promise<{ learner: Learner; questionIds: string[] }> {
  const learner = await createSubscribedLearner(t, examId);
  const sitting = await startSitting(t, learner, examId);
  return { learner, questionIds: sitting.questions.map((question) => question._id).sort() };
}

const mailSubjects = (userId: string) => mailSubjectsOf(t, userId);

describe('the reports queue by question', () => {
  it('groups the open reports by question with their counts and reasons, oldest first', async () => {
    const editor = await createAdmin(t, { role: 'editor' });
    const exam = await createExam(t.ctx.db, { title: 'Grouped exam', numberOfQuestions: 3 });
    const a = await learnerWhoSaw(exam.id);
    const b = await learnerWhoSaw(exam.id);
    const c = await learnerWhoSaw(exam.id);
    const [first, second] = a.questionIds;
    const send = (
      learner: Learner,
      questionId: string,
      reason: 'typo' | 'unclear' | 'wrong-answer',
      notify = true,
    ) => t.call(api.reports.send, { params: { questionId }, body: { reason, notify }, as: learner });
    expect((await send(a.learner, second!, 'typo')).statusCode).toBe(201);
    expect((await send(a.learner, first!, 'wrong-answer')).statusCode).toBe(201);
    expect((await send(b.learner, first!, 'wrong-answer', false)).statusCode).toBe(201);
    expect((await send(c.learner, first!, 'unclear')).statusCode).toBe(201);

    const page = await t.call(api.reports.byQuestion, { query: { examId: exam.id }, as: editor });
    expect(page.statusCode).toBe(200);
    expect(page.body.total).toBe(2);
    // The question reported first comes first.
    expect(page.body.questions.map((question) => question.questionId)).toEqual([second, first]);
    expect(page.body.questions[1]).toMatchObject({
      examTitle: 'Grouped exam',
      openReports: 3,
      reports: 3,
      notifyRequested: 2,
      reasons: [
        { reason: 'wrong-answer', count: 2 },
        { reason: 'unclear', count: 1 },
      ],
    });
    expect(page.body.questions[1]!.questionNumber).toBeGreaterThan(0);

    const paged = await t.call(api.reports.byQuestion, {
      query: { examId: exam.id, limit: 1, page: 2 },
      as: editor,
    });
    expect(paged.body).toMatchObject({ total: 2, pages: 2, page: 2 });
    expect(paged.body.questions.map((question) => question.questionId)).toEqual([first]);

    // Resolved together: every open report of the question, the learners who asked told, one log entry.
    const resolved = await t.call(api.reports.resolveQuestion, {
      params: { questionId: first! },
      body: { outcome: 'fixed', resolution: 'Corrected the marked answer', notifyLearner: true },
      as: editor,
    });
    expect(resolved.body).toEqual({ message: '3 reports resolved', resolved: 3 });
    expect(await mailSubjects(a.learner.id)).toHaveLength(1);
    expect(await mailSubjects(c.learner.id)).toHaveLength(1);
    expect(await mailSubjects(b.learner.id)).toHaveLength(0);
    const open = await t.call(api.reports.byQuestion, { query: { examId: exam.id }, as: editor });
    expect(open.body.questions.map((question) => question.questionId)).toEqual([second]);
    const all = await t.call(api.reports.byQuestion, {
      query: { examId: exam.id, status: 'resolved' },
      as: editor,
    });
    expect(all.body.questions[0]).toMatchObject({ questionId: first, openReports: 0, reports: 3 });
    const activity = await t.call(api.audit.list, {
      query: { entityType: 'exam' },
      as: await createAdmin(t),
    });
    expect(activity.body.entries.map((entry) => entry.summary)).toContain(
      `Resolved 3 learners' reports on a question in "Grouped exam" together, fixing the question and told the learners who asked`,
    );

    // Again: nothing is open on it any more.
    const again = await t.call(api.reports.resolveQuestion, {
      params: { questionId: first! },
      body: { outcome: 'fixed', resolution: 'Again', notifyLearner: false },
      as: editor,
    });
    expect([again.statusCode, again.message]).toEqual([404, 'There are no open reports on this question.']);
  });

  it('refuses bad input, an unknown question and a role without reports', async () => {
    const support = await createAdmin(t, { role: 'support' });
    const finance = await createAdmin(t, { role: 'finance' });
    const questionId = '0190f3a2-0000-7000-8000-0000000000ab';
    const bad = await t.send(api.reports.resolveQuestion, {
      params: { questionId },
      body: { outcome: 'fixed', resolution: '' },
      as: support,
    });
    expect([bad.statusCode, bad.message]).toEqual([400, 'Say what was done']);
    const unknown = await t.call(api.reports.resolveQuestion, {
      params: { questionId: 'not-a-question' },
      body: { outcome: 'no-change', resolution: 'Fine as it is', notifyLearner: false },
      as: support,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await t.send(api.reports.byQuestion, { query: { status: 'later' }, as: support })).statusCode,
    ).toBe(400);
    expect((await t.call(api.reports.byQuestion, { as: finance })).statusCode).toBe(403);
  });
});
