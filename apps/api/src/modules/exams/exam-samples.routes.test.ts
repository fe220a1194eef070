import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, SAMPLE_LIMIT_MESSAGE, type QuestionBody } from '@mlp/contract';
import { clientAddress } from '../../../test/app.ts';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { createExam, createLearner, queryRows } from '../../../test/factories.ts';
import { topicCounts } from './exam-samples.service.ts';

const t = useTestApp({ NODE_ENV: 'development' });

const admin = useAdmin(t);

interface StoredQuestion {
  id: string;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}

/** The exam's questions in creation order, as stored. */
async function questionsOf(examId: string): Promise<StoredQuestion[]> {
  return queryRows<StoredQuestion>(
    t.ctx.db,
    sql`select id::text as id, question, options, correct_answer as "correctAnswer", explanation
        from questions where exam_id = ${examId} order by created_at, question`,
  );
}

/** The editor's body for a stored question, with the sample switch as given. */
function bodyOf(question: StoredQuestion, isSample?: boolean): QuestionBody {
  return {
    question: question.question,
    options: question.options,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    ...(isSample === undefined ? {} : { isSample }),
  };
}

function mark(examId: string, question: StoredQuestion, isSample: boolean) {
  return t.call(api.adminExams.editQuestion, {
    params: { id: examId, qid: question.id },
    body: bodyOf(question, isSample),
    as: admin,
  });
}

async function sampleIds(examId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    t.ctx.db,
    sql`select id::text as id from questions where exam_id = ${examId} and is_sample order by id`,
  );
  return rows.map((row) => row.id);
}

/** A published exam with `count` approved questions, the first `samples` of them marked as samples. */
async function examWithSamples(samples: number, count = 5, overrides: Parameters<typeof createExam>[1] = {}) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: count, ...overrides });
  const questions = await questionsOf(exam.id);
  for (const question of questions.slice(0, samples))
    expect((await mark(exam.id, question, true)).statusCode).toBe(200);
  // The public read is kept a few seconds per process; a change through this process drops it.
  return { exam, questions };
}

describe('marking sample questions (admin)', () => {
  it('marks and unmarks a question, says so in the answer and in the activity log, and writes no version', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 2 });
    const [first] = await questionsOf(exam.id);
    if (!first) throw new Error('no question');

    const marked = await mark(exam.id, first, true);
    expect(marked.statusCode).toBe(200);
    expect(marked.body.isSample).toBe(true);
    expect(marked.body.version).toBe(1);
    expect(await sampleIds(exam.id)).toEqual([first.id]);

    // A save that leaves the switch out keeps it.
    const kept = await t.call(api.adminExams.editQuestion, {
      params: { id: exam.id, qid: first.id },
      body: { ...bodyOf(first), explanation: 'Edited explanation' },
      as: admin,
    });
    expect(kept.statusCode).toBe(200);
    expect(kept.body.isSample).toBe(true);

    const unmarked = await mark(exam.id, { ...first, explanation: 'Edited explanation' }, false);
    expect(unmarked.statusCode).toBe(200);
    expect(unmarked.body.isSample).toBe(false);
    expect(await sampleIds(exam.id)).toEqual([]);

    const log = await queryRows<{ details: { changes?: unknown[] } }>(
      t.ctx.db,
      sql`select details from audit_log where entity_id = ${exam.id} and action = 'edited_question'
          order by created_at, id`,
    );
    expect(log.map((entry) => entry.details.changes)).toEqual([
      [{ field: 'isSample', before: false, after: true }],
      undefined,
      [{ field: 'isSample', before: true, after: false }],
    ]);
    // Being a sample is not content: only the explanation's edit made a version.
    const versions = await queryRows<{ source: string }>(
      t.ctx.db,
      sql`select source from question_versions where question_id = ${first.id} order by version`,
    );
    expect(versions.map((row) => row.source)).toEqual(['existing', 'edited']);
  });

  it('adds a question as a sample', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 1 });
    const added = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: {
        question: 'Which vessel supplies the SA node in most people?',
        options: ['Right coronary artery', 'Left circumflex', 'LAD', 'Posterior descending'],
        correctAnswer: 0,
        isSample: true,
      },
      as: admin,
    });
    expect(added.statusCode).toBe(201);
    expect(added.body.isSample).toBe(true);
    expect(await sampleIds(exam.id)).toEqual([added.body._id]);
  });

  it('refuses a fourth sample with 409 and a clear message, by edit and by add', async () => {
    const { exam, questions } = await examWithSamples(3);
    const fourth = questions[3];
    if (!fourth) throw new Error('no fourth question');
    const refused = await mark(exam.id, fourth, true);
    expect(refused.statusCode).toBe(409);
    expect(refused.message).toBe(SAMPLE_LIMIT_MESSAGE);
    expect(refused.message).toContain('at most 3 sample questions');

    const added = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: { question: 'A new sample?', options: ['a', 'b', 'c', 'd'], correctAnswer: 0, isSample: true },
      as: admin,
    });
    expect(added.statusCode).toBe(409);
    expect(added.message).toBe(SAMPLE_LIMIT_MESSAGE);
    expect(await sampleIds(exam.id)).toHaveLength(3);

    // A sample saved again stays one; unmarking one makes room.
    const [firstSample] = questions;
    if (!firstSample) throw new Error('no question');
    expect((await mark(exam.id, firstSample, true)).statusCode).toBe(200);
    expect((await mark(exam.id, firstSample, false)).statusCode).toBe(200);
    expect((await mark(exam.id, fourth, true)).statusCode).toBe(200);
    expect(await sampleIds(exam.id)).toHaveLength(3);
  });

  it('never lets parallel requests make a fourth sample', async () => {
    const { exam, questions } = await examWithSamples(1, 6);
    const answers = await Promise.all(questions.slice(1).map((question) => mark(exam.id, question, true)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409]);
    expect(await sampleIds(exam.id)).toHaveLength(3);
  });

  it('refuses a learner and a malformed switch', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 1 });
    const [first] = await questionsOf(exam.id);
    if (!first) throw new Error('no question');
    const learner = await createLearner(t);
    const asLearner = await t.call(api.adminExams.editQuestion, {
      params: { id: exam.id, qid: first.id },
      body: bodyOf(first, true),
      as: learner,
    });
    expect(asLearner.statusCode).toBe(401);
    const malformed = await t.send(api.adminExams.editQuestion, {
      params: { id: exam.id, qid: first.id },
      body: { ...bodyOf(first), isSample: 'yes' },
      as: admin,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.message).toContain('isSample must be true or false');
    expect(await sampleIds(exam.id)).toEqual([]);
  });
});

describe('what is inside an exam (public)', () => {
  it('answers topics with approved counts, modes, timing and the samples without their keys, the same for everyone', async () => {
    const { exam, questions } = await examWithSamples(2, 6, {
      topics: ['Cardiology', 'Renal', 'Unused'],
      modes: ['exam', 'tutor'],
      secondsPerQuestion: 75,
    });
    const [q0, q1, q2, q3, q4, q5] = questions;
    if (!q0 || !q1 || !q2 || !q3 || !q4 || !q5) throw new Error('questions missing');
    await t.ctx.db.execute(
      sql`update questions set topic = 'Cardiology' where id in (${q0.id}, ${q1.id}, ${q2.id})`,
    );
    await t.ctx.db.execute(sql`update questions set topic = 'Renal' where id = ${q3.id}`);
    // A pending draft counts for nothing, even marked as a sample.
    await t.ctx.db.execute(
      sql`update questions set approval_status = 'pending', is_sample = true where id = ${q5.id}`,
    );
    t.ctx.caches.catalogue.clear();

    const inside = await t.call(api.exams.inside, { params: { id: exam.id } });
    expect(inside.statusCode).toBe(200);
    expect(inside.body).toEqual({
      examId: exam.id,
      topics: [
        { topic: 'Cardiology', questionCount: 3 },
        { topic: 'Renal', questionCount: 1 },
        { topic: 'General', questionCount: 1 },
      ],
      questionCount: 5,
      modes: ['exam', 'tutor'],
      questionsPerSitting: 6,
      secondsPerQuestion: 75,
      samples: [
        { _id: q0.id, question: q0.question, choices: q0.options, topic: 'Cardiology', image: null },
        { _id: q1.id, question: q1.question, choices: q1.options, topic: 'Cardiology', image: null },
      ],
    });
    // Nothing of the answer, whatever its name.
    const text = JSON.stringify(inside.body);
    for (const secret of [
      'correctAnswer',
      'explanation',
      'rationales',
      'objective',
      'Why A0',
      'Explanation 0',
    ])
      expect(text).not.toContain(secret);
    // Publicly cacheable for a visitor (decision 0044), and a learner gets the same body.
    expect(inside.headers['cache-control']).toContain('public');
    const learner = await createLearner(t);
    const asLearner = await t.call(api.exams.inside, { params: { id: exam.id }, as: learner });
    expect(asLearner.body).toEqual(inside.body);
    expect(asLearner.headers['cache-control']).toBe('no-store');
  });

  it('shows a change made through the panel at once, and an exam without samples has none', async () => {
    const { exam, questions } = await examWithSamples(0, 2);
    expect((await t.call(api.exams.inside, { params: { id: exam.id } })).body.samples).toEqual([]);
    const [first] = questions;
    if (!first) throw new Error('no question');
    await mark(exam.id, first, true);
    const after = await t.call(api.exams.inside, { params: { id: exam.id } });
    expect(after.body.samples.map((sample) => sample._id)).toEqual([first.id]);
  });

  it('is a 404 for a draft, an unknown and a malformed id', async () => {
    const draft = await createExam(t.ctx.db, { isActive: false });
    for (const id of [draft.id, '0190f3a2-0000-7000-8000-00000000dead', 'not-an-id']) {
      const answer = await t.call(api.exams.inside, { params: { id } });
      expect(answer.statusCode).toBe(404);
      expect(answer.message).toBe('Exam not found');
      expect(answer.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('checking a sample answer (public)', () => {
  it('reveals the key, explanation and rationales of that one question only', async () => {
    const { exam, questions } = await examWithSamples(2);
    const [q0, q1] = questions;
    if (!q0 || !q1) throw new Error('questions missing');
    const key = q1.options[q1.correctAnswer] ?? '';
    const wrong = q1.options.find((option) => option !== key) ?? '';

    const right = await t.call(api.exams.checkSample, {
      params: { id: exam.id, questionId: q1.id },
      body: { answer: key },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toMatchObject({
      questionId: q1.id,
      answer: key,
      isCorrect: true,
      correctAnswer: key,
      explanation: 'Explanation 1',
      objective: 'Objective 1',
      references: [{ title: 'Reference 1', url: 'https://example.org/ref/1' }],
    });
    expect(right.body.rationales).toEqual([
      'Why A1 is wrong',
      'Why B1 is right',
      'Why C1 is wrong',
      'Why D1 is wrong',
    ]);
    // Nothing of the other sample.
    expect(JSON.stringify(right.body)).not.toContain('Explanation 0');
    expect(JSON.stringify(right.body)).not.toContain(q0.id);
    expect(right.headers['cache-control']).toBe('no-store');

    const learner = await createLearner(t);
    const missed = await t.call(api.exams.checkSample, {
      params: { id: exam.id, questionId: q1.id },
      body: { answer: wrong },
      as: learner,
    });
    expect(missed.statusCode).toBe(200);
    expect(missed.body).toMatchObject({ answer: wrong, isCorrect: false, correctAnswer: key });
  });

  it('writes nothing: no responses, seen questions, review cards or item statistics', async () => {
    const { exam, questions } = await examWithSamples(1);
    const [sample] = questions;
    if (!sample) throw new Error('no question');
    const learner = await createLearner(t);
    const tables = [
      'learner_questions',
      'question_responses',
      'review_cards',
      'question_stats',
      'item_band_stats',
      'learner_topic_stats',
      'learner_exam_stats',
      'exam_attempts',
      'audit_log',
    ];
    const countAll = async () =>
      Promise.all(
        tables.map(async (table) => {
          const [row] = await queryRows<{ n: number }>(
            t.ctx.db,
            sql`select count(*)::int as n from ${sql.identifier(table)}`,
          );
          return row?.n ?? -1;
        }),
      );
    const before = await countAll();
    for (const answer of sample.options) {
      const checked = await t.call(api.exams.checkSample, {
        params: { id: exam.id, questionId: sample.id },
        body: { answer },
        as: learner,
      });
      expect(checked.statusCode).toBe(200);
    }
    expect(await countAll()).toEqual(before);
  });

  it('is a 404 for a question that is not a current sample of a published exam', async () => {
    const { exam, questions } = await examWithSamples(1);
    const [sample, other] = questions;
    if (!sample || !other) throw new Error('questions missing');
    const elsewhere = await examWithSamples(1);
    const foreign = elsewhere.questions[0];
    if (!foreign) throw new Error('no question');
    const check = (id: string, questionId: string, answer = 'Option A0') =>
      t.call(api.exams.checkSample, { params: { id, questionId }, body: { answer } });

    const cases: Array<[string, string]> = [
      [exam.id, other.id], // not a sample
      [exam.id, foreign.id], // another exam's sample
      [exam.id, 'not-an-id'],
      ['not-an-id', sample.id],
    ];
    for (const [id, questionId] of cases) {
      const answer = await check(id, questionId);
      expect(answer.statusCode).toBe(404);
      expect(answer.message).toBe('Sample question not found');
    }
    // Unmarked, rejected, or its exam unpublished: no longer a sample.
    await t.ctx.db.execute(sql`update questions set approval_status = 'rejected' where id = ${foreign.id}`);
    expect((await check(elsewhere.exam.id, foreign.id, foreign.options[0])).statusCode).toBe(404);
    await t.ctx.db.execute(sql`update exams set is_active = false where id = ${exam.id}`);
    expect((await check(exam.id, sample.id, sample.options[0])).statusCode).toBe(404);
  });

  it('refuses bad input with 400', async () => {
    const { exam, questions } = await examWithSamples(1);
    const [sample] = questions;
    if (!sample) throw new Error('no question');
    const url = `/api/exams/${exam.id}/samples/${sample.id}/check`;
    const bodies: Array<[unknown, string]> = [
      [{}, 'Choose an answer'],
      [{ answer: '' }, 'Choose an answer'],
      [{ answer: 3 }, 'Choose an answer'],
      [{ answer: 'x'.repeat(2001) }, 'An answer is too long'],
      [{ answer: 'Not one of them' }, 'Choose one of the options'],
    ];
    for (const [payload, message] of bodies) {
      const answer = await t.request({
        method: 'POST',
        url,
        payload: payload as object,
        remoteAddress: clientAddress(),
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toContain(message);
    }
  });

  it('limits the checks from one address (429 with Retry-After)', async () => {
    const { exam, questions } = await examWithSamples(1);
    const [sample] = questions;
    if (!sample) throw new Error('no question');
    const remoteAddress = clientAddress();
    const send = () =>
      t.request({
        method: 'POST',
        url: `/api/exams/${exam.id}/samples/${sample.id}/check`,
        payload: { answer: sample.options[0] },
        remoteAddress,
      });
    for (let i = 0; i < 60; i += 1) expect((await send()).statusCode).toBe(200);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json<{ message: string }>().message).toMatch(/Too many answers checked/);
  });
});

describe('topicCounts', () => {
  it("keeps the exam's order, leaves out empty topics and puts General last", () => {
    expect(
      topicCounts(
        ['Renal', 'Cardiology', 'Empty'],
        [
          { topic: null, questionCount: 2 },
          { topic: 'Cardiology', questionCount: 4 },
          { topic: 'Stray', questionCount: 1 },
          { topic: 'Renal', questionCount: 3 },
        ],
      ),
    ).toEqual([
      { topic: 'Renal', questionCount: 3 },
      { topic: 'Cardiology', questionCount: 4 },
      { topic: 'Stray', questionCount: 1 },
      { topic: 'General', questionCount: 2 },
    ]);
    expect(topicCounts(['A'], [])).toEqual([]);
  });
});
