import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import {
  createAdmin,
  createExam,
  createLearner,
  createSubscription,
  queryRows,
} from '../../../test/factories.ts';
import { aiEnv } from '../../../test/fake-ai.ts';
import { useFakeAi, useTestApp } from '../../../test/fixtures.ts';
import { sql } from 'drizzle-orm';

const ai = useFakeAi();
const t = useTestApp(() => ({ NODE_ENV: 'development', ...aiEnv(ai) }));

let admin: { authorization: string };
beforeAll(async () => {
  admin = (await createAdmin(t)).headers;
});

interface Detail {
  _id: string;
  price: number;
  isActive: boolean;
  questionCount: number;
  tags: string[];
  questions: Array<{
    _id: string;
    approvalStatus: string;
    isAIGenerated: boolean;
    rejectionReason: string | null;
  }>;
}

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) {
  return t.request({
    method,
    url,
    headers: admin,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function newExam(overrides: Record<string, unknown> = {}): Promise<Detail> {
  const response = await call('POST', '/api/admin/exams', {
    title: 'Cardiology Basics',
    category: 'medical',
    description: 'Heart',
    numberOfQuestions: 2,
    monthlySubscriptionFee: '4.99',
    ...overrides,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ exam: Detail }>().exam;
}

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
    const list = await call('GET', '/api/admin/exams');
    expect(list.json<{ exams: Array<{ _id: string }> }>().exams.some((e) => e._id === exam._id)).toBe(true);
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json()).toMatchObject({
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
    const response = await call('POST', '/api/admin/exams', {
      title: 'T',
      category: 'medical',
      numberOfQuestions: 1,
      monthlySubscriptionFee: 1,
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('refuses creation when exam creation is turned off', async () => {
    await t.ctx.settings.update({ examCreationEnabled: false });
    const response = await call('POST', '/api/admin/exams', {
      title: 'T',
      category: 'medical',
      numberOfQuestions: 1,
      monthlySubscriptionFee: 1,
    });
    expect(response.statusCode).toBe(403);
    await t.ctx.settings.update({ examCreationEnabled: true });
  });

  it('edits with free-text category and trimmed, de-duplicated tags', async () => {
    const exam = await newExam();
    const response = await call('PUT', `/api/admin/exams/${exam._id}`, {
      title: 'Renamed',
      description: 'New description',
      category: 'Emergency medicine',
      numberOfQuestions: 2,
      price: 9.99,
      isActive: false,
      tags: [' ecg ', 'ECG', '', 'arrhythmia'],
    });
    expect(response.json()).toMatchObject({
      message: 'Exam information updated successfully',
      exam: { category: 'Emergency medicine', price: 9.99, tags: ['ecg', 'arrhythmia'] },
    });
  });

  it('refuses to publish below the required count, on the publish call and on edit', async () => {
    const exam = await newExam({ numberOfQuestions: 2 });
    await call('POST', `/api/admin/exams/${exam._id}/questions`, question(1));
    const early = await call('PUT', `/api/admin/exams/${exam._id}/publish`);
    expect(early.statusCode).toBe(422);
    expect(early.json()).toEqual({ message: 'Cannot publish exam. Need 2 questions, but only have 1.' });
    const viaEdit = await call('PUT', `/api/admin/exams/${exam._id}`, {
      title: 'x',
      description: 'y',
      category: 'medical',
      numberOfQuestions: 2,
      price: 0,
      isActive: true,
    });
    expect(viaEdit.statusCode).toBe(422);
    await call('POST', `/api/admin/exams/${exam._id}/questions`, question(2));
    const published = await call('PUT', `/api/admin/exams/${exam._id}/publish`);
    expect(published.json()).toMatchObject({
      message: 'Exam published successfully',
      exam: { isActive: true },
    });
    expect((await t.request({ method: 'GET', url: `/api/exams/${exam._id}` })).statusCode).toBe(200);
  });

  it('unpublishes an exam whose usable questions fall below the required count', async () => {
    const exam = await newExam({ numberOfQuestions: 1 });
    const q = (await call('POST', `/api/admin/exams/${exam._id}/questions`, question(1))).json<{
      _id: string;
    }>();
    await call('PUT', `/api/admin/exams/${exam._id}/publish`);
    expect((await call('DELETE', `/api/admin/exams/${exam._id}/questions/${q._id}`)).json()).toEqual({
      message: 'Question deleted successfully',
    });
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json()).toMatchObject({ isActive: false });
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
      ids.push(
        (await call('POST', `/api/admin/exams/${exam._id}/questions`, question(n))).json<{ _id: string }>()
          ._id,
      );
    }
    await call('PUT', `/api/admin/exams/${exam._id}/publish`);
    const learner = await createLearner(t);
    await t.request({
      method: 'POST',
      url: '/api/subscriptions',
      headers: learner.headers,
      payload: { examId: exam._id },
    });
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json()).toMatchObject({
      activeSubscribers: 1,
    });

    // One above the required count: deleting is fine and the exam stays published.
    expect((await call('DELETE', `/api/admin/exams/${exam._id}/questions/${ids[0]}`)).statusCode).toBe(200);
    const refused = await call('DELETE', `/api/admin/exams/${exam._id}/questions/${ids[1]}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Learners with active subscriptions rely on this published exam, which needs 2 questions. Add a question or lower the number of questions before deleting this one.',
    });
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json()).toMatchObject({
      isActive: true,
      questionCount: 2,
    });
    expect((await t.request({ method: 'GET', url: `/api/exams/${exam._id}` })).statusCode).toBe(200);

    // Lowering the required count first makes the delete possible, still published.
    const lowered = await call('PUT', `/api/admin/exams/${exam._id}`, {
      title: 'Cardiology Basics',
      description: 'Heart',
      category: 'medical',
      numberOfQuestions: 1,
      price: 0,
      isActive: true,
    });
    expect(lowered.statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/exams/${exam._id}/questions/${ids[1]}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json()).toMatchObject({ isActive: true });
  });

  it('says why the question count of a published exam cannot be raised (decision 0016)', async () => {
    const exam = await newExam({ numberOfQuestions: 1 });
    await call('POST', `/api/admin/exams/${exam._id}/questions`, question(1));
    await call('PUT', `/api/admin/exams/${exam._id}/publish`);
    const raised = await call('PUT', `/api/admin/exams/${exam._id}`, {
      title: 'Cardiology Basics',
      description: 'Heart',
      category: 'medical',
      numberOfQuestions: 3,
      price: 4.99,
      isActive: true,
    });
    expect(raised.statusCode).toBe(422);
    expect(raised.json()).toEqual({
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
    const refused = await call('DELETE', `/api/admin/exams/${exam.id}`);
    expect(refused.statusCode).toBe(409);
    const empty = await newExam();
    expect((await call('DELETE', `/api/admin/exams/${empty._id}`)).json()).toEqual({
      message: 'Exam deleted successfully',
    });
    expect((await call('GET', `/api/admin/exams/${empty._id}`)).statusCode).toBe(404);
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
    const response = await call('POST', `/api/admin/exams/${exam._id}/questions`, {
      ...question(1),
      ...override,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(message);
  });

  it('adds, edits and deletes hand-written questions, which count as approved', async () => {
    const exam = await newExam();
    const added = await call('POST', `/api/admin/exams/${exam._id}/questions`, question(1));
    expect(added.statusCode).toBe(201);
    const q = added.json<{ _id: string; approvalStatus: string; isAIGenerated: boolean }>();
    expect(q).toMatchObject({ approvalStatus: 'approved', isAIGenerated: false });
    const edited = await call('PUT', `/api/admin/exams/${exam._id}/questions/${q._id}`, {
      ...question(1),
      question: 'Edited?',
    });
    expect(edited.json()).toMatchObject({ question: 'Edited?' });
    const other = await newExam();
    expect(
      (await call('PUT', `/api/admin/exams/${other._id}/questions/${q._id}`, question(1))).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/admin/exams/${exam._id}/questions/${q._id}`)).statusCode).toBe(200);
  });
});

describe('AI drafting and approval', () => {
  it('drafts pending questions with the exam as context, and approves or rejects them', async () => {
    const exam = await newExam({ numberOfQuestions: 3 });
    await call('POST', `/api/admin/exams/${exam._id}/questions`, question(7));
    const response = await call('POST', `/api/admin/exams/${exam._id}/generate-questions`, {
      prompt: 'Heart failure drugs',
      numQuestions: 5,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<{
      message: string;
      kept: number;
      dropped: number;
      questions: Array<{ _id: string; approvalStatus: string; isAIGenerated: boolean }>;
    }>();
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
    const history = (await call('GET', `/api/admin/exams/${exam._id}/questions/${draft._id}/versions`)).json<{
      versions: Array<{ source: string; by: string | null }>;
    }>();
    expect(history.versions.map((version) => version.source)).toEqual(['ai-draft']);
    expect(history.versions[0]?.by).toEqual(expect.any(String));
    const sent = ai.requests.at(-1)!;
    expect(sent.model).toBe('fake-model');
    const userMessage = sent.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(userMessage).toContain('Cardiology Basics');
    expect(userMessage).toContain('Hand-written 7?');
    expect(userMessage).toContain('Heart failure drugs');

    // Pending drafts do not count toward publishing.
    expect((await call('PUT', `/api/admin/exams/${exam._id}/publish`)).statusCode).toBe(422);
    const [a, b, c] = body.questions;
    for (const q of [a, b]) {
      const approved = await call('PUT', `/api/admin/exams/${exam._id}/questions/${q!._id}/approve`, {
        action: 'approve',
      });
      expect(approved.json()).toMatchObject({ approvalStatus: 'approved' });
    }
    const noReason = await call('PUT', `/api/admin/exams/${exam._id}/questions/${c!._id}/approve`, {
      action: 'reject',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json<{ message: string }>().message).toBe('Please provide a reason for rejection.');
    const rejected = await call('PUT', `/api/admin/exams/${exam._id}/questions/${c!._id}/approve`, {
      action: 'reject',
      rejectionReason: 'Ambiguous stem',
    });
    expect(rejected.json()).toMatchObject({ approvalStatus: 'rejected', rejectionReason: 'Ambiguous stem' });
    const again = await call('PUT', `/api/admin/exams/${exam._id}/questions/${c!._id}/approve`, {
      action: 'approve',
    });
    expect(again.statusCode).toBe(409);
    expect((await call('PUT', `/api/admin/exams/${exam._id}/publish`)).statusCode).toBe(200);
  });

  it('drops invalid drafts and says how many it kept', async () => {
    ai.mode = 'with-invalid';
    const exam = await newExam();
    const response = await call('POST', `/api/admin/exams/${exam._id}/generate-questions`, {
      prompt: 'Anything',
      numQuestions: 2,
    });
    expect(response.json()).toMatchObject({
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
    const response = await call('POST', `/api/admin/exams/${exam._id}/generate-questions`, {
      prompt: 'Anything',
      numQuestions: 3,
    });
    expect(response.statusCode).toBe(status);
    expect(response.json<{ message: string }>().message).toMatch(message);
    expect((await call('GET', `/api/admin/exams/${exam._id}`)).json<Detail>().questions).toHaveLength(0);
  });

  it('validates the prompt and count, and answers 503 without AI configuration', async () => {
    const exam = await newExam();
    expect(
      (
        await call('POST', `/api/admin/exams/${exam._id}/generate-questions`, {
          prompt: ' ',
          numQuestions: 3,
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', `/api/admin/exams/${exam._id}/generate-questions`, {
          prompt: 'x',
          numQuestions: 11,
        })
      ).statusCode,
    ).toBe(400);
    const bare = await createTestApp({ NODE_ENV: 'development' });
    try {
      const headers = (await createAdmin(bare)).headers;
      const created = await bare.request({
        method: 'POST',
        url: '/api/admin/exams',
        headers,
        payload: { title: 'T', category: 'medical', numberOfQuestions: 1, monthlySubscriptionFee: 0 },
      });
      const id = created.json<{ exam: { _id: string } }>().exam._id;
      const response = await bare.request({
        method: 'POST',
        url: `/api/admin/exams/${id}/generate-questions`,
        headers,
        payload: { prompt: 'x', numQuestions: 1 },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toContain('AI_BASE_URL, AI_API_KEY and AI_MODEL');
    } finally {
      await bare.close();
    }
  });
});

describe('permissions', () => {
  it('keeps learners and visitors out of exam authoring', async () => {
    const learner = await createLearner(t);
    for (const headers of [{}, learner.headers]) {
      const list = await t.request({ method: 'GET', url: '/api/admin/exams', headers });
      expect(list.statusCode).toBe(401);
      const create = await t.request({
        method: 'POST',
        url: '/api/admin/exams',
        headers,
        payload: { title: 'T', category: 'medical', numberOfQuestions: 1, monthlySubscriptionFee: 0 },
      });
      expect(create.statusCode).toBe(401);
    }
  });
});
