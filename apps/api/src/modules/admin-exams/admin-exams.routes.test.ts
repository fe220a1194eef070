import { describe, expect, it } from 'vitest';
import { api, type RouteBody, type RouteDefinition, type RouteParams } from '@mlp/contract';
import { createTestApp } from '../../../test/app.ts';
import {
  buildExamUpdate,
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
} from '../../../test/factories.ts';
import { aiEnv } from '../../../test/fake-ai.ts';
import { useAdmin, useFakeAi, useTestApp } from '../../../test/fixtures.ts';
import { sql } from 'drizzle-orm';

const ai = useFakeAi();
const t = useTestApp(() => ({ NODE_ENV: 'development', ...aiEnv(ai) }));

const admin = useAdmin(t);

async function newExam(overrides: Partial<RouteBody<typeof api.adminExams.create>> = {}) {
  const response = await t.call(api.adminExams.create, {
    body: {
      title: 'Cardiology Basics',
      category: 'medical',
      description: 'Heart',
      numberOfQuestions: 2,
      monthlySubscriptionFee: '4.99',
      ...overrides,
    },
    as: admin,
  });
  expect(response.statusCode).toBe(201);
  return response.body.exam;
}

/** The administrator's call to one of an exam's routes (`/api/admin/exams/:id/…`), with a body if it takes one. */
function onExam<R extends RouteDefinition>(route: R, examId: string, body?: RouteBody<R>) {
  return t.call(route, { params: { id: examId } as RouteParams<R>, body, as: admin });
}

/** The administrator approves or rejects a question. */
const review = (examId: string, qid: string, body: RouteBody<typeof api.adminExams.reviewQuestion>) =>
  t.call(api.adminExams.reviewQuestion, { params: { id: examId, qid }, body, as: admin });

const question = (n: number) => ({
  question: `Hand-written ${n}?`,
  options: ['One', 'Two', 'Three', 'Four'],
  correctAnswer: 1,
  explanation: 'Because.',
});

describe('exams', () => {
  it('creates a draft with the fee kept exactly in pence, lists it and reads it', async () => {
    const exam = await newExam({ monthlySubscriptionFee: 0.1 + 0.2 });
    expect(exam).toMatchObject({ price: 0.3, isActive: false, questionCount: 0 });
    const list = await t.call(api.adminExams.list, { as: admin });
    expect(list.body.exams.some((e) => e._id === exam._id)).toBe(true);
    expect((await onExam(api.adminExams.detail, exam._id)).body).toMatchObject({
      _id: exam._id,
      price: 0.3,
    });
  });

  it.each([
    [{ title: '' }, 'Exam title is required'],
    [{ category: 'surgery' }, 'Category must be medical, nursing, pharmacy or other'],
    [{ numberOfQuestions: 0 }, 'Number of questions must be at least 1'],
    [{ monthlySubscriptionFee: '-1' }, /Monthly subscription fee must be 0 or more/],
    [{ monthlySubscriptionFee: '1.999' }, /at most 2 decimals/],
  ])('validates creation %#', async (override, message) => {
    const response = await t.send(api.adminExams.create, {
      body: {
        title: 'T',
        category: 'medical',
        numberOfQuestions: 1,
        monthlySubscriptionFee: 1,
        ...override,
      },
      as: admin,
    });
    expect(response.statusCode).toBe(400);
    expect(response.message).toMatch(message);
  });

  it('refuses creation when exam creation is turned off', async () => {
    await t.ctx.settings.update({ examCreationEnabled: false });
    const response = await t.call(api.adminExams.create, {
      body: {
        title: 'T',
        category: 'medical',
        numberOfQuestions: 1,
        monthlySubscriptionFee: 1,
      },
      as: admin,
    });
    expect(response.statusCode).toBe(403);
    await t.ctx.settings.update({ examCreationEnabled: true });
  });

  it('edits with free-text category and trimmed, de-duplicated tags', async () => {
    const exam = await newExam();
    const response = await onExam(api.adminExams.update, exam._id, {
      title: 'Renamed',
      description: 'New description',
      category: 'Emergency medicine',
      numberOfQuestions: 2,
      price: 9.99,
      isActive: false,
      tags: [' ecg ', 'ECG', '', 'arrhythmia'],
    });
    expect(response.body).toMatchObject({
      message: 'Exam information updated successfully',
      exam: { category: 'Emergency medicine', price: 9.99, tags: ['ecg', 'arrhythmia'] },
    });
  });

  it('refuses to publish below the required count, on the publish call and on edit', async () => {
    const exam = await newExam({ numberOfQuestions: 2 });
    await onExam(api.adminExams.addQuestion, exam._id, question(1));
    const early = await onExam(api.adminExams.publish, exam._id);
    expect(early.statusCode).toBe(422);
    expect(early.body).toEqual({ message: 'Cannot publish exam. Need 2 questions, but only have 1.' });
    const viaEdit = await onExam(api.adminExams.update, exam._id, buildExamUpdate());
    expect(viaEdit.statusCode).toBe(422);
    await onExam(api.adminExams.addQuestion, exam._id, question(2));
    const published = await onExam(api.adminExams.publish, exam._id);
    expect(published.body).toMatchObject({
      message: 'Exam published successfully',
      exam: { isActive: true },
    });
    expect((await t.call(api.exams.detail, { params: { id: exam._id } })).statusCode).toBe(200);
  });

  it('unpublishes an exam whose usable questions fall below the required count', async () => {
    const exam = await newExam({ numberOfQuestions: 1 });
    const q = (await onExam(api.adminExams.addQuestion, exam._id, question(1))).body;
    await onExam(api.adminExams.publish, exam._id);
    expect(
      (await t.call(api.adminExams.deleteQuestion, { params: { id: exam._id, qid: q._id }, as: admin })).body,
    ).toEqual({
      message: 'Question deleted successfully',
    });
    expect((await onExam(api.adminExams.detail, exam._id)).body).toMatchObject({ isActive: false });
    const [entry] = await queryRows<{ details: Record<string, unknown> }>(
      t.ctx.db,
      sql`select details from audit_log where entity_id = ${exam._id} and action = 'deleted_question'`,
    );
    expect(entry?.details).toMatchObject({
      questionId: q._id,
      question: 'Hand-written 1?',
      unpublished: true,
    });
  });

  it('never takes a published exam away from its subscribers by deleting a question (decision 0016)', async () => {
    const exam = await newExam({ numberOfQuestions: 2, monthlySubscriptionFee: 0 });
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      ids.push((await onExam(api.adminExams.addQuestion, exam._id, question(n))).body._id);
    }
    await onExam(api.adminExams.publish, exam._id);
    const learner = await createLearner(t);
    await t.call(api.subscriptions.subscribe, { body: { examId: exam._id }, as: learner });
    expect((await onExam(api.adminExams.detail, exam._id)).body).toMatchObject({
      activeSubscribers: 1,
    });

    // One above the required count: deleting is fine and the exam stays published.
    expect(
      (await t.call(api.adminExams.deleteQuestion, { params: { id: exam._id, qid: ids[0]! }, as: admin }))
        .statusCode,
    ).toBe(200);
    const refused = await t.call(api.adminExams.deleteQuestion, {
      params: { id: exam._id, qid: ids[1]! },
      as: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toEqual({
      message:
        'Learners with active subscriptions rely on this published exam, which needs 2 questions. Add a question or lower the number of questions before deleting this one.',
    });
    expect((await onExam(api.adminExams.detail, exam._id)).body).toMatchObject({
      isActive: true,
      questionCount: 2,
    });
    expect((await t.call(api.exams.detail, { params: { id: exam._id } })).statusCode).toBe(200);

    // Lowering the required count first makes the delete possible, still published.
    const lowered = await onExam(
      api.adminExams.update,
      exam._id,
      buildExamUpdate({ title: 'Cardiology Basics', description: 'Heart', numberOfQuestions: 1 }),
    );
    expect(lowered.statusCode).toBe(200);
    expect(
      (await t.call(api.adminExams.deleteQuestion, { params: { id: exam._id, qid: ids[1]! }, as: admin }))
        .statusCode,
    ).toBe(200);
    expect((await onExam(api.adminExams.detail, exam._id)).body).toMatchObject({ isActive: true });
  });

  it('says why the question count of a published exam cannot be raised (decision 0016)', async () => {
    const exam = await newExam({ numberOfQuestions: 1 });
    await onExam(api.adminExams.addQuestion, exam._id, question(1));
    await onExam(api.adminExams.publish, exam._id);
    const raised = await onExam(
      api.adminExams.update,
      exam._id,
      buildExamUpdate({
        title: 'Cardiology Basics',
        description: 'Heart',
        numberOfQuestions: 3,
        price: 4.99,
      }),
    );
    expect(raised.statusCode).toBe(422);
    expect(raised.body).toEqual({
      message:
        'This exam is published and has 1 question, so the number of questions cannot be raised to 3. Add 2 more first, or unpublish the exam.',
    });
  });

  it('refuses to delete an exam with active subscribers, and deletes it otherwise', async () => {
    const exam = await createExam(t.ctx.db);
    const learner = await createLearner(t);
    await createSubscription(t, {
      userId: learner.id,
      examId: exam.id,
      endDate: new Date(Date.now() + 86_400_000),
    });
    const refused = await t.call(api.adminExams.remove, { params: { id: exam.id }, as: admin });
    expect(refused.statusCode).toBe(409);
    const empty = await newExam();
    expect((await t.call(api.adminExams.remove, { params: { id: empty._id }, as: admin })).body).toEqual({
      message: 'Exam deleted successfully',
    });
    expect((await onExam(api.adminExams.detail, empty._id)).statusCode).toBe(404);
  });
});

describe('questions', () => {
  it.each([
    [{ question: '' }, 'Question text is required'],
    [{ options: ['a', 'b', 'c'] }, 'A question needs 4 to 6 options'],
    [{ options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'A question needs 4 to 6 options'],
    [{ options: ['a', 'b', '', 'd'] }, 'Every option is required'],
    [{ options: ['a', 'A', 'b', 'c'] }, 'Options must all be different'],
    [{ correctAnswer: 4 }, 'The correct answer must be one of the options'],
    [{ correctAnswer: -1 }, 'Choose the correct answer'],
  ])('validates a question %#', async (override, message) => {
    const exam = await newExam();
    const response = await onExam(api.adminExams.addQuestion, exam._id, { ...question(1), ...override });
    expect(response.statusCode).toBe(400);
    expect(response.message).toBe(message);
  });

  it('adds, edits and deletes hand-written questions, which count as approved', async () => {
    const exam = await newExam();
    const added = await onExam(api.adminExams.addQuestion, exam._id, question(1));
    expect(added.statusCode).toBe(201);
    const q = added.body;
    expect(q).toMatchObject({ approvalStatus: 'approved', isAIGenerated: false });
    const edited = await t.call(api.adminExams.editQuestion, {
      params: { id: exam._id, qid: q._id },
      body: {
        ...question(1),
        question: 'Edited?',
      },
      as: admin,
    });
    expect(edited.body).toMatchObject({ question: 'Edited?' });
    const other = await newExam();
    expect(
      (
        await t.call(api.adminExams.editQuestion, {
          params: { id: other._id, qid: q._id },
          body: question(1),
          as: admin,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.call(api.adminExams.deleteQuestion, { params: { id: exam._id, qid: q._id }, as: admin }))
        .statusCode,
    ).toBe(200);
  });
});

describe('AI drafting and approval', () => {
  it('drafts pending questions with the exam as context, and approves or rejects them', async () => {
    const exam = await newExam({ numberOfQuestions: 3 });
    await onExam(api.adminExams.addQuestion, exam._id, question(7));
    const response = await onExam(api.adminExams.generateQuestions, exam._id, {
      prompt: 'Heart failure drugs',
      numQuestions: 5,
    });
    expect(response.statusCode).toBe(201);
    const body = response.body;
    expect(body).toMatchObject({ message: 'Questions generated successfully', kept: 5, dropped: 0 });
    expect(body.questions.every((q) => q.approvalStatus === 'pending' && q.isAIGenerated)).toBe(true);
    // What each draft teaches (decision 0050): a rationale per option (the model's fifth dropped for four
    // options), its objective, and its references, a link that is not http(s) dropped from its reference.
    const draft = (
      body.questions as unknown as Array<{
        _id: string;
        rationales: string[];
        objective: string;
        references: Array<{ title: string; url: string | null }>;
        version: number;
      }>
    )[0]!;
    expect(draft.rationales).toHaveLength(4);
    expect(draft.objective).toMatch(/^Value \d+ is normal\.$/);
    expect(draft.references.map((reference) => reference.title)).toEqual([
      expect.stringMatching(/^Reference range \d+$/) as unknown,
      'Not a link',
    ]);
    expect(draft.references[0]?.url).toMatch(/^https:\/\/example\.org/);
    expect(draft.references[1]?.url).toBeNull();
    const history = (
      await t.call(api.adminExams.questionHistory, { params: { id: exam._id, qid: draft._id }, as: admin })
    ).body;
    expect(history.versions.map((version) => version.source)).toEqual(['ai-draft']);
    expect(history.versions[0]?.by).toEqual(expect.any(String));
    const sent = ai.requests.at(-1)!;
    expect(sent.model).toBe('fake-model');
    const userMessage = sent.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(userMessage).toContain('Cardiology Basics');
    expect(userMessage).toContain('Hand-written 7?');
    expect(userMessage).toContain('Heart failure drugs');

    // Pending drafts do not count toward publishing.
    expect((await onExam(api.adminExams.publish, exam._id)).statusCode).toBe(422);
    const [a, b, c] = body.questions;
    for (const q of [a, b]) {
      const approved = await review(exam._id, q!._id, { action: 'approve' });
      expect(approved.body).toMatchObject({ approvalStatus: 'approved' });
    }
    const noReason = await review(exam._id, c!._id, { action: 'reject' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.message).toBe('Please provide a reason for rejection.');
    const rejected = await review(exam._id, c!._id, { action: 'reject', rejectionReason: 'Ambiguous stem' });
    expect(rejected.body).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Ambiguous stem' });
    const again = await review(exam._id, c!._id, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect((await onExam(api.adminExams.publish, exam._id)).statusCode).toBe(200);
  });

  it('drops invalid drafts and says how many it kept', async () => {
    ai.mode = 'with-invalid';
    const exam = await newExam();
    const response = await onExam(api.adminExams.generateQuestions, exam._id, {
      prompt: 'Anything',
      numQuestions: 2,
    });
    expect(response.body).toMatchObject({
      kept: 2,
      dropped: 3,
      message: 'Questions generated successfully (2 kept, 3 dropped)',
    });
  });

  it.each([
    ['malformed output', 'malformed', 502, /could not be used/],
    ['an error', 'error', 502, /returned an error/],
    ['a slow answer past the time-out', 'slow', 502, /did not answer in time/],
  ] as const)('saves nothing on %s', async (_label, mode, status, message) => {
    ai.mode = mode;
    const exam = await newExam();
    const response = await onExam(api.adminExams.generateQuestions, exam._id, {
      prompt: 'Anything',
      numQuestions: 3,
    });
    expect(response.statusCode).toBe(status);
    expect(response.message).toMatch(message);
    expect((await onExam(api.adminExams.detail, exam._id)).body.questions).toHaveLength(0);
  });

  it('validates the prompt and count, and answers 503 without AI configuration', async () => {
    const exam = await newExam();
    for (const body of [
      { prompt: ' ', numQuestions: 3 },
      { prompt: 'x', numQuestions: 11 },
    ]) {
      const refused = await t.call(api.adminExams.generateQuestions, {
        params: { id: exam._id },
        body,
        as: admin,
      });
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const bare = await createTestApp({ NODE_ENV: 'development' });
    try {
      const bareAdmin = await createAdmin(bare);
      const created = await bare.call(api.adminExams.create, {
        body: { title: 'T', category: 'medical', numberOfQuestions: 1, monthlySubscriptionFee: 0 },
        as: bareAdmin,
      });
      const id = created.body.exam._id;
      const response = await bare.call(api.adminExams.generateQuestions, {
        params: { id },
        body: { prompt: 'x', numQuestions: 1 },
        as: bareAdmin,
      });
      expect(response.statusCode).toBe(503);
      expect(response.message).toContain('AI_BASE_URL, AI_API_KEY and AI_MODEL');
    } finally {
      await bare.close();
    }
  });
});

describe('permissions', () => {
  it('keeps learners and visitors out of exam authoring', async () => {
    const learner = await createLearner(t);
    for (const as of [null, learner]) {
      const list = await t.call(api.adminExams.list, { as });
      expect(list.statusCode).toBe(401);
      const create = await t.call(api.adminExams.create, {
        body: { title: 'T', category: 'medical', numberOfQuestions: 1, monthlySubscriptionFee: 0 },
        as,
      });
      expect(create.statusCode).toBe(401);
    }
  });
});
