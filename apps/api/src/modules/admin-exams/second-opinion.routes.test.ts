import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app.ts';
import { createAdmin, createExam, createLearner, queryRows } from '../../../test/factories.ts';
import { aiEnv, reviseQuestion } from '../../../test/fake-ai.ts';
import { useAdmin, useFakeAi, useTestApp } from '../../../test/fixtures.ts';
import { questions } from '../../db/schema/index.ts';

/* AI second opinion on a question (decision 0042): ask (a read), then apply on approval (a write). */

const ai = useFakeAi();
const t = useTestApp(() => ({ NODE_ENV: 'development', ...aiEnv(ai) }));
const admin = useAdmin(t);

interface Opinion {
  verdict: string;
  summary: string;
  issues: string[];
  suggestion: {
    question: string;
    options: string[];
    correctAnswer: number;
    explanation: string;
    topic: string | null;
  } | null;
  note: string | null;
  model: string;
  version: string;
}

const url = (examId: string, questionId: string) =>
  `/api/admin/exams/${examId}/questions/${questionId}/second-opinion`;

const ask = (
  examId: string,
  questionId: string,
  payload?: Record<string, unknown>,
  headers: Record<string, string> = admin.headers,
) => t.request({ method: 'POST', url: url(examId, questionId), headers, ...(payload ? { payload } : {}) });

const apply = (
  examId: string,
  questionId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = admin.headers,
) => t.request({ method: 'POST', url: `${url(examId, questionId)}/apply`, headers, payload });

/** An exam with topics and one hand-written question (key B, topic Heart failure). */
async function examWithQuestion() {
  const exam = await createExam(
    t.ctx.db,
    { title: 'Cardiology Basics', category: 'medical', topics: ['Heart failure', 'Arrhythmia'] },
    0,
  );
  const [row] = await t.ctx.db
    .insert(questions)
    .values({
      examId: exam.id,
      question: 'Which drug improves survival in heart failure with reduced ejection fraction?',
      options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'],
      correctAnswer: 1,
      explanation: 'Loop diuretics relieve congestion.',
      topic: 'Heart failure',
    })
    .returning();
  return { exam, question: row! };
}

async function stored(questionId: string) {
  const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, questionId));
  return row!;
}

async function audits(examId: string) {
  return queryRows<{ action: string; details: Record<string, unknown> }>(
    t.ctx.db,
    sql`select action, details from audit_log where entity_id = ${examId} order by created_at, id`,
  );
}

describe('asking for a second opinion', () => {
  it("sends the question, its key, explanation and the exam's context, and answers with the checked suggestion", async () => {
    const { exam, question } = await examWithQuestion();
    const before = await stored(question.id);
    const response = await ask(exam.id, question.id, { focus: 'Is the key current NICE guidance?' });
    expect(response.statusCode).toBe(200);
    const opinion = response.json<Opinion>();
    expect(opinion).toMatchObject({
      verdict: 'disagrees',
      summary: 'The marked answer is not the best one; the next option is.',
      issues: ['The marked answer is wrong.', 'The explanation does not say why the answer is right.'],
      suggestion: {
        question: 'Which drug improves survival in heart failure with reduced ejection fraction in adults?',
        options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine (revised)'],
        correctAnswer: 2,
        explanation: 'Revised: Loop diuretics relieve congestion..',
        topic: 'Heart failure',
      },
      note: null,
      model: 'fake-model',
    });
    expect(opinion.version).toMatch(/^[\w-]{20,}$/);

    const sent = ai.requests.at(-1)!;
    expect(sent.response_format?.json_schema?.name).toBe('second_opinion');
    const user = sent.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).toContain('Exam: Cardiology Basics');
    expect(user).toContain('Category: medical');
    expect(user).toContain('Heart failure; Arrhythmia');
    expect(user).toContain('"options":["Digoxin","Furosemide","Bisoprolol","Amlodipine"]');
    expect(user).toContain('"correctAnswer":1');
    expect(user).toContain('Loop diuretics relieve congestion.');
    expect(user).toContain('The option marked correct: B. Furosemide');
    expect(user).toContain('Is the key current NICE guidance?');

    // A read: the question and the activity log are as they were.
    expect(await stored(question.id)).toEqual(before);
    expect(await audits(exam.id)).toEqual([]);
  });

  it('accepts an empty body and no body at all', async () => {
    const { exam, question } = await examWithQuestion();
    expect((await ask(exam.id, question.id, {})).statusCode).toBe(200);
    expect((await ask(exam.id, question.id)).statusCode).toBe(200);
    const user = ai.requests.at(-1)!.messages.find((m) => m.role === 'user')?.content ?? '';
    expect(user).not.toContain('look at first');
  });

  it('refuses a focus over 500 characters', async () => {
    const { exam, question } = await examWithQuestion();
    const response = await ask(exam.id, question.id, { focus: 'x'.repeat(501) });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe('The focus must be at most 500 characters');
  });

  it.each([
    ['too few options', { options: ['a', 'b'], correctAnswer: 0 }, 'A question needs 4 to 6 options'],
    ['a key outside the options', { correctAnswer: 7 }, 'The correct answer must be one of the options'],
    ['repeated options', { options: ['a', 'A', 'b', 'c'] }, 'Options must all be different'],
    ['an empty question', { question: ' ' }, 'Question text is required'],
  ])('answers the verdict without a suggestion that has %s, and says why', async (_label, change, reason) => {
    ai.opinion = (q) => {
      const usual = reviseQuestion(q);
      return { ...usual, suggestion: { ...usual.suggestion, ...change } };
    };
    const { exam, question } = await examWithQuestion();
    const response = await ask(exam.id, question.id);
    expect(response.statusCode).toBe(200);
    const opinion = response.json<Opinion>();
    expect(opinion).toMatchObject({ verdict: 'disagrees', suggestion: null });
    expect(opinion.issues).toHaveLength(2);
    expect(opinion.note).toBe(
      `The model's suggested fix was left out because it breaks the question rules: ${reason}.`,
    );
  });

  it("keeps the current topic when the model suggests one the exam does not have, and the exam's spelling otherwise", async () => {
    const { exam, question } = await examWithQuestion();
    ai.opinion = (q) => ({
      ...reviseQuestion(q),
      suggestion: { ...reviseQuestion(q).suggestion, topic: 'Lipids' },
    });
    const unknown = (await ask(exam.id, question.id)).json<Opinion>();
    expect(unknown.suggestion?.topic).toBe('Heart failure');
    expect(unknown.note).toBe(
      'The model suggested the topic "Lipids", which is not one of this exam\'s topics, so the current topic is kept.',
    );
    ai.opinion = (q) => ({
      ...reviseQuestion(q),
      suggestion: { ...reviseQuestion(q).suggestion, topic: 'arrhythmia' },
    });
    const known = (await ask(exam.id, question.id)).json<Opinion>();
    expect(known).toMatchObject({ suggestion: { topic: 'Arrhythmia' }, note: null });
  });

  it.each([
    ['malformed output', 'malformed', /could not be used/],
    ['an error', 'error', /returned an error/],
    ['a slow answer past the time-out', 'slow', /did not answer in time/],
  ] as const)('answers 502 on %s', async (_label, mode, message) => {
    ai.mode = mode;
    const { exam, question } = await examWithQuestion();
    const response = await ask(exam.id, question.id);
    expect(response.statusCode).toBe(502);
    expect(response.json<{ message: string }>().message).toMatch(message);
  });

  it('answers 502 on JSON that is not an opinion', async () => {
    const { exam, question } = await examWithQuestion();
    for (const answer of [
      { verdict: 'maybe', summary: 'x', issues: [], suggestion: null },
      { questions: [] },
      [],
    ]) {
      ai.opinion = () => answer;
      const response = await ask(exam.id, question.id);
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toBe(
        'The AI service returned an answer that could not be used. Please try again.',
      );
    }
  });

  it('answers 404 for an unknown exam or question, or a question of another exam', async () => {
    const { exam, question } = await examWithQuestion();
    const other = await examWithQuestion();
    const unknownId = '01900000-0000-7000-8000-000000000000';
    for (const [examId, questionId, message] of [
      [unknownId, question.id, 'Exam not found'],
      ['not-a-uuid', question.id, 'Exam not found'],
      [exam.id, unknownId, 'Question not found'],
      [exam.id, 'nope', 'Question not found'],
      [exam.id, other.question.id, 'Question not found'],
    ] as const) {
      const response = await ask(examId, questionId);
      expect(response.statusCode).toBe(404);
      expect(response.json<{ message: string }>().message).toBe(message);
    }
  });

  it('keeps learners and visitors out', async () => {
    const { exam, question } = await examWithQuestion();
    const learner = await createLearner(t);
    const before = ai.requests.length;
    for (const headers of [{}, learner.headers]) {
      expect((await ask(exam.id, question.id, {}, headers)).statusCode).toBe(401);
      const valid = {
        version: 'v',
        model: 'm',
        verdict: 'agrees',
        suggestion: reviseQuestion({ ...question, topic: '' }).suggestion,
      };
      expect((await apply(exam.id, question.id, valid, headers)).statusCode).toBe(401);
    }
    expect(ai.requests.length).toBe(before);
  });

  it('answers 503 with what to set when no AI provider is configured', async () => {
    const bare = await createTestApp({ NODE_ENV: 'development' });
    try {
      const headers = (await createAdmin(bare)).headers;
      const exam = await createExam(bare.ctx.db, {}, 1);
      const [row] = await bare.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
      const response = await bare.request({
        method: 'POST',
        url: url(exam.id, row!.id),
        headers,
        payload: {},
      });
      expect(response.statusCode).toBe(503);
      expect(response.json<{ message: string }>().message).toBe(
        'AI is not configured on this server. Set AI_BASE_URL, AI_API_KEY and AI_MODEL and restart it.',
      );
    } finally {
      await bare.close();
    }
  });
});

describe('applying a suggestion', () => {
  async function opinionOn() {
    const { exam, question } = await examWithQuestion();
    const opinion = (await ask(exam.id, question.id)).json<Opinion>();
    return { exam, question, opinion };
  }

  const body = (opinion: Opinion) => ({
    version: opinion.version,
    model: opinion.model,
    verdict: opinion.verdict,
    suggestion: opinion.suggestion,
  });

  it('writes the reviewed suggestion, keeps the approval state, and records what changed', async () => {
    const { exam, question, opinion } = await opinionOn();
    const response = await apply(exam.id, question.id, body(opinion));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: 'Suggestion applied to the question',
      question: {
        _id: question.id,
        ...opinion.suggestion,
        approvalStatus: 'approved',
        isAIGenerated: false,
      },
    });
    expect(await stored(question.id)).toMatchObject({ ...opinion.suggestion });

    const [entry, ...more] = await audits(exam.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      action: 'applied_ai_suggestion',
      details: {
        label: 'Cardiology Basics',
        questionId: question.id,
        model: 'fake-model',
        verdict: 'disagrees',
        changes: [
          {
            field: 'question',
            before: 'Which drug improves survival in heart failure with reduced ejection fraction?',
            after: 'Which drug improves survival in heart failure with reduced ejection fraction in adults?',
          },
          {
            field: 'options',
            before: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'],
            after: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine (revised)'],
          },
          { field: 'correctAnswer', before: 'B', after: 'C' },
          {
            field: 'explanation',
            before: 'Loop diuretics relieve congestion.',
            after: 'Revised: Loop diuretics relieve congestion..',
          },
        ],
      },
    });
    const log = await t.request({
      method: 'GET',
      url: '/api/admin/audit?action=applied_ai_suggestion',
      headers: admin.headers,
    });
    expect(log.statusCode).toBe(200);
    const shown = log.json<{ entries: Array<{ summary: string; changes: unknown[] }> }>().entries;
    expect(shown[0]?.summary).toBe(
      'Applied an AI suggestion to a question in "Cardiology Basics" (the model disagreed with the key or explanation)',
    );
    expect(shown[0]?.changes).toContainEqual({ field: 'Correct answer', before: 'B', after: 'C' });
  });

  it('refuses (409) when the question changed since the opinion was asked, and writes nothing', async () => {
    const { exam, question, opinion } = await opinionOn();
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/exams/${exam.id}/questions/${question.id}`,
      headers: admin.headers,
      payload: {
        question: question.question,
        options: question.options,
        correctAnswer: 2,
        explanation: 'Beta-blockers reduce mortality.',
      },
    });
    expect(edited.statusCode).toBe(200);
    const response = await apply(exam.id, question.id, body(opinion));
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      'This question has changed since the second opinion was asked, so the suggestion was not applied. Ask for a new opinion on the question as it is now.',
    );
    expect(await stored(question.id)).toMatchObject({ explanation: 'Beta-blockers reduce mortality.' });
    expect((await audits(exam.id)).map((a) => a.action)).toEqual(['edited_question']);

    // Approving or rejecting does not change the content, so an opinion stays applicable.
    const fresh = (await ask(exam.id, question.id)).json<Opinion>();
    await t.ctx.db
      .update(questions)
      .set({ approvalStatus: 'pending', isAiGenerated: true })
      .where(eq(questions.id, question.id));
    expect((await apply(exam.id, question.id, body(fresh))).statusCode).toBe(200);
    expect(await stored(question.id)).toMatchObject({ approvalStatus: 'pending', isAiGenerated: true });
  });

  it('applies once: the same suggestion again is refused as stale', async () => {
    const { exam, question, opinion } = await opinionOn();
    expect((await apply(exam.id, question.id, body(opinion))).statusCode).toBe(200);
    expect((await apply(exam.id, question.id, body(opinion))).statusCode).toBe(409);
  });

  it('refuses a suggestion that changes nothing (422) and one that breaks the question rules (400)', async () => {
    const { exam, question, opinion } = await opinionOn();
    const same = await apply(exam.id, question.id, {
      ...body(opinion),
      suggestion: {
        question: question.question,
        options: question.options,
        correctAnswer: question.correctAnswer,
        explanation: question.explanation,
        topic: question.topic,
      },
    });
    expect(same.statusCode).toBe(422);
    expect(same.json<{ message: string }>().message).toBe(
      'The suggestion is the same as the question, so there is nothing to apply.',
    );
    const broken = await apply(exam.id, question.id, {
      ...body(opinion),
      suggestion: { ...opinion.suggestion, options: ['a', 'b', 'c'] },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<{ message: string }>().message).toBe('A question needs 4 to 6 options');
    expect((await apply(exam.id, question.id, { ...body(opinion), version: '' })).statusCode).toBe(400);
    expect(await audits(exam.id)).toEqual([]);
  });

  it('answers 404 for a question of another exam', async () => {
    const { question, opinion } = await opinionOn();
    const other = await examWithQuestion();
    const response = await apply(other.exam.id, question.id, body(opinion));
    expect(response.statusCode).toBe(404);
  });
});
