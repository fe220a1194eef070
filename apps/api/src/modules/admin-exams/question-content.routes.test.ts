import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { api, type RouteBody, type RouteDefinition, type RouteParams } from '@mlp/contract';
import {
  applyPendingResults,
  buildExamUpdate,
  createExam,
  createLearner,
  createSubscribedLearner,
  queryRows,
  startSitting,
  submitSitting,
  type Learner,
} from '../../../test/factories.ts';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { migrationsFolder } from '../../db/client.ts';
import { questions } from '../../db/schema/index.ts';
import { countNewSittings } from '../item-analysis/item-analysis.service.ts';
import { textSketch, trigramsOf } from '../../lib/near-duplicates.ts';
import { sketchQuestions } from './admin-exams.service.ts';

/*
 * What a question teaches, its exam's topics and its history (decision 0050): the rules on every write,
 * what a learner sees, and that renames and merges carry learners' figures along.
 */

const t = useTestApp({ NODE_ENV: 'development' });
const admin = useAdmin(t);

/** Question stems different enough not to count as nearly the same (decision 0050). */
const STEMS = [
  'Which investigation comes first for central chest pain?',
  'What is the first-line drug for uncomplicated hypertension under 55?',
  'Which antibiotic treats community-acquired pneumonia of low severity?',
  'What reverses the anticoagulant effect of warfarin in major bleeding?',
  'Which electrolyte disturbance causes peaked T waves?',
  'What is the target oxygen saturation in COPD with hypercapnia?',
  'Which nerve is at risk in a fracture of the humeral shaft?',
  'What is the antidote for paracetamol overdose?',
];

const body = (n: number, overrides: Record<string, unknown> = {}) => ({
  question: STEMS[n % STEMS.length]!,
  options: [`ECG ${n}`, `Troponin ${n}`, `Chest X-ray ${n}`, `Echo ${n}`],
  correctAnswer: 0,
  explanation: `Because (${n}).`,
  ...overrides,
});

async function stored(questionId: string) {
  const [row] = await t.ctx.db.select().from(questions).where(eq(questions.id, questionId));
  return row!;
}

async function versionCount(questionId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.ctx.db,
    sql`select count(*)::int as n from question_versions where question_id = ${questionId}`,
  );
  return Number(row?.n ?? 0);
}

const editQuestion = (examId: string, qid: string, question: RouteBody<typeof api.adminExams.editQuestion>) =>
  t.call(api.adminExams.editQuestion, { params: { id: examId, qid }, body: question, as: admin });

/** A question's history as the administrator reads it. */
const historyOf = (examId: string, qid: string) =>
  t.call(api.adminExams.questionHistory, { params: { id: examId, qid }, as: admin });

/** The administrator's call to one of an exam's routes (`/api/admin/exams/:id/…`) with a body. */
function onExam<R extends RouteDefinition>(route: R, examId: string, body: RouteBody<R>) {
  return t.call(route, { params: { id: examId } as RouteParams<R>, body, as: admin });
}

async function added(examId: string, question: RouteBody<typeof api.adminExams.addQuestion>) {
  const response = await t.call(api.adminExams.addQuestion, {
    params: { id: examId },
    body: question,
    as: admin,
  });
  expect(response.statusCode, response.message).toBe(201);
  return response.body;
}

describe('a rationale for every option, an objective, references', () => {
  it('stores and answers them; a body without them keeps them; rationales stay one per option', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    const q = await added(exam.id, {
      ...body(1),
      topic: 'cardiology',
      rationales: ['  Right: first test  ', 'Too slow to rule in', '', 'Not first line'],
      objective: 'Do an ECG within 10 minutes of chest pain.',
      references: [{ title: 'NICE CG95', url: 'https://www.nice.org.uk/guidance/cg95' }, { title: 'BNF' }],
    });
    expect(q).toMatchObject({
      topic: 'Cardiology',
      rationales: ['Right: first test', 'Too slow to rule in', '', 'Not first line'],
      objective: 'Do an ECG within 10 minutes of chest pain.',
      references: [
        { title: 'NICE CG95', url: 'https://www.nice.org.uk/guidance/cg95' },
        { title: 'BNF', url: null },
      ],
      version: 1,
    });
    // The spec's four fields only: what the question teaches is kept.
    const edited = await editQuestion(exam.id, q._id, {
      ...body(1),
      explanation: 'Changed explanation.',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.body).toMatchObject({
      objective: 'Do an ECG within 10 minutes of chest pain.',
      rationales: ['Right: first test', 'Too slow to rule in', '', 'Not first line'],
      version: 2,
    });
    // Two rationales for five options: padded; no rationale at all: none.
    const five = await added(exam.id, {
      ...body(2),
      options: ['a', 'b', 'c', 'd', 'e'],
      rationales: ['why a', 'why b'],
    });
    expect(five.rationales).toEqual(['why a', 'why b', '', '', '']);
    const none = await added(exam.id, { ...body(3), rationales: ['', '  '] });
    expect(none.rationales).toEqual([]);
  });

  it.each([
    [
      { rationales: ['1', '2', '3', '4', '5', '6', '7'] },
      'A question has at most 6 options, so at most 6 rationales',
    ],
    [
      { rationales: ['1', '2', '3', '4', '5'] },
      'Each rationale belongs to an option: 5 rationales for 4 options',
    ],
    [{ rationales: ['x'.repeat(1001)] }, 'A rationale must be at most 1000 characters'],
    [{ objective: 'x'.repeat(10_000) }, 'The learning objective must be at most 500 characters'],
    [
      { references: [{ title: 'Evil', url: 'javascript:alert(1)' }] },
      'A reference link must start with http:// or https://',
    ],
    [
      { references: [{ title: 'FTP', url: 'ftp://example.org/x' }] },
      'A reference link must start with http:// or https://',
    ],
    [{ references: [{ title: '', url: 'https://example.org' }] }, 'A reference needs a title'],
    [{ references: Array.from({ length: 6 }, (_, i) => ({ title: `R${i}` })) }, 'At most 5 references'],
    [
      { topic: 'Neurology' },
      '"Neurology" is not one of this exam\'s topics. Add it to the exam\'s topics first.',
    ],
  ])('refuses bad input with a clear 400 and changes nothing (%#)', async (overrides, message) => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    const q = await added(exam.id, body(1, { rationales: ['a', 'b', 'c', 'd'] }));
    const refusedAdd = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: {
        ...body(2),
        ...overrides,
      },
      as: admin,
    });
    expect(refusedAdd.statusCode).toBe(400);
    expect(refusedAdd.message).toContain(message);
    const refusedEdit = await editQuestion(exam.id, q._id, {
      ...body(1),
      ...overrides,
    });
    expect(refusedEdit.statusCode).toBe(400);
    const row = await stored(q._id);
    expect(row).toMatchObject({ version: 1, rationales: ['a', 'b', 'c', 'd'], topic: null });
    expect(await versionCount(q._id)).toBe(1);
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from questions where exam_id = ${exam.id}`,
    );
    expect(Number(n)).toBe(1);
  });

  it('shows them to a learner only with the answer: in a tutor reveal and in the result, never before', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 2, topics: ['Cardiology'] }, 0);
    for (const n of [1, 2]) {
      await added(exam.id, {
        ...body(n),
        topic: 'Cardiology',
        rationales: [`R${n} ECG is right`, `R${n} troponin later`, `R${n} CXR no`, `R${n} echo no`],
        objective: `O${n} objective`,
        references: [{ title: `Ref${n} NICE`, url: null }],
      });
    }
    const learner = await subscribedLearner(exam.id);
    const attempt = await startSitting(t, learner, exam.id, { mode: 'tutor' });
    expect(JSON.stringify(attempt)).not.toMatch(/R[12] |O[12] objective|Ref[12] NICE/);
    const [first] = attempt.questions;
    const revealed = await t.call(api.attempts.answer, {
      params: { id: attempt._id },
      body: { questionId: first!._id, answer: first!.choices[1]! },
      as: learner,
    });
    const reveal = revealed.body;
    expect(reveal.isCorrect).toBe(false);
    // Aligned with the choices as served.
    expect(reveal.rationales[1]).toMatch(/troponin later/);
    expect(reveal.objective).toMatch(/objective$/);
    // The other question's teaching is still secret.
    const resumed = await startSitting(t, learner, exam.id);
    const other = resumed.questions[1]!;
    const otherNumber = (await stored(other._id)).objective.slice(1, 2);
    expect(JSON.stringify(resumed)).not.toContain(`O${otherNumber} objective`);
  });
});

const subscribedLearner = (examId: string) => createSubscribedLearner(t, examId);

/** A learner sits the exam (exam mode) answering every question with its first choice, and submits. */
async function sit(learner: Learner, examId: string) {
  const attempt = await startSitting(t, learner, examId);
  const answers = Object.fromEntries(attempt.questions.map((q) => [q._id, q.choices[0]!]));
  return submitSitting(t, learner, examId, attempt, answers);
}

describe('history', () => {
  it('records every change as a version with what changed and who, and restores an earlier one', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology', 'Respiratory'] }, 0);
    const q = await added(exam.id, body(1, { rationales: ['a', 'b', 'c', 'd'] }));
    await editQuestion(exam.id, q._id, {
      ...body(1),
      correctAnswer: 2,
      topic: 'Respiratory',
    });
    // Saving the same content again makes no version.
    await editQuestion(exam.id, q._id, {
      ...body(1),
      correctAnswer: 2,
      topic: 'Respiratory',
    });
    const history = (await historyOf(exam.id, q._id)).body;
    expect(history.current).toBe(2);
    expect(history.total).toBe(2);
    expect(history.versions.map((v) => [v.version, v.source, v.changes])).toEqual([
      [2, 'edited', ['correctAnswer', 'topic']],
      [1, 'created', []],
    ]);
    expect(history.versions[0]!.by).toBe(admin.name);
    expect(history.older).toBeNull();

    const restored = await t.call(api.adminExams.restoreVersion, {
      params: { id: exam.id, qid: q._id, version: 1 },
      as: admin,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.body).toMatchObject({
      message: 'Version 1 restored as version 3.',
      question: { correctAnswer: 0, topic: null, version: 3, rationales: ['a', 'b', 'c', 'd'] },
    });
    const again = (
      await t.call(api.adminExams.questionHistory, {
        params: { id: exam.id, qid: q._id },
        query: { limit: 1 },
        as: admin,
      })
    ).body;
    expect(again.total).toBe(3);
    expect(again.versions[0]).toMatchObject({
      source: 'restored',
      restoredFrom: 1,
      changes: ['correctAnswer', 'topic'],
    });
    expect(again.older).toMatchObject({ correctAnswer: 2 });

    // Nothing to restore, an unknown version, another exam's question.
    // (untyped: 'x' is no version number)
    const restore = (version: number | string) =>
      t.send(api.adminExams.restoreVersion, { params: { id: exam.id, qid: q._id, version }, as: admin });
    expect((await restore(3)).statusCode).toBe(422);
    expect((await restore(9)).statusCode).toBe(404);
    expect((await restore('x')).statusCode).toBe(400);
    const elsewhere = await createExam(t.ctx.db, {}, 0);
    expect((await historyOf(elsewhere.id, q._id)).statusCode).toBe(404);
  });

  it('keeps the content a question had before its first recorded change (rows inserted without a history)', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 1 }, 1);
    const [row] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    const before = (await historyOf(exam.id, row!.id)).body;
    expect(before.versions).toEqual([expect.objectContaining({ source: 'existing', version: 1 })]);
    await editQuestion(exam.id, row!.id, body(7));
    const after = (await historyOf(exam.id, row!.id)).body;
    expect(after.versions.map((v) => v.source)).toEqual(['edited', 'existing']);
    expect(after.versions[1]!.content.question).toBe(row!.question);
  });

  it('never rewrites a version', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const q = await added(exam.id, body(1));
    await expect(
      t.ctx.db.execute(sql`update question_versions set version = 5 where question_id = ${q._id}`),
    ).rejects.toThrow();
    expect(await versionCount(q._id)).toBe(1);
  });

  it('restarts item analysis from a key change and says so', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 2 }, 0);
    const one = await added(exam.id, body(1));
    await added(exam.id, body(2));
    await t.call(api.adminExams.publish, { params: { id: exam.id }, as: admin });
    const learner = await subscribedLearner(exam.id);
    await sit(learner, exam.id);
    await applyPendingResults(t);
    const counted = async (id: string) => {
      const [row] = await queryRows<{ n: number }>(
        t.ctx.db,
        sql`select coalesce(sum(n), 0)::int as n from item_band_stats where question_id = ${id}`,
      );
      return Number(row?.n ?? 0);
    };
    expect(await counted(one._id)).toBe(1);
    // Only the explanation: the figures stay.
    await editQuestion(exam.id, one._id, {
      ...body(1),
      explanation: 'New words.',
    });
    expect(await counted(one._id)).toBe(1);
    expect((await stored(one._id)).itemStatsSince).toBeNull();
    // A new key: the figures restart, from now.
    await editQuestion(exam.id, one._id, { ...body(1), correctAnswer: 1 });
    expect(await counted(one._id)).toBe(0);
    expect((await stored(one._id)).itemStatsSince).not.toBeNull();
    const report = (await t.call(api.itemAnalysis.read, { params: { id: exam.id }, as: admin })).body;
    const item = report.items.find((i) => i.questionId === one._id)!;
    expect(item.countedSince).not.toBeNull();
    expect(item.attempts).toBe(0);
    // Recalculating from all sittings still leaves out the ones before the change.
    await t.call(api.itemAnalysis.recalculate, { params: { id: exam.id }, as: admin });
    await countNewSittings(t.ctx);
    expect(await counted(one._id)).toBe(0);
    t.clock.advance(60_000);
    await sit(learner, exam.id);
    await applyPendingResults(t);
    expect(await counted(one._id)).toBe(1);
  });
});

describe('nearly the same text', () => {
  it('warns with the other question, saves with allowDuplicate, and lists matches without writing', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const first = await added(exam.id, body(1));
    const retyped = {
      ...body(2),
      question: first.question.replace('presents', 'presents ').replace('?', ' ?'),
    };
    const refused = await t.call(api.adminExams.addQuestion, {
      params: { id: exam.id },
      body: retyped,
      as: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toMatchObject({ code: 'DUPLICATE_QUESTION' });
    expect(refused.message).toMatch(
      /^Question 1 of this exam is nearly the same: “What is the first-line drug/,
    );
    const similar = await onExam(api.adminExams.similarQuestions, exam.id, { question: retyped.question });
    expect(similar.body).toEqual({
      similar: [expect.objectContaining({ _id: first._id, number: 1, approvalStatus: 'approved' })],
    });
    const anyway = await added(exam.id, { ...retyped, allowDuplicate: true });
    // Editing it without touching the text is not checked again; changing the text is.
    expect(
      (
        await editQuestion(exam.id, anyway._id, {
          ...retyped,
          explanation: 'x',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await editQuestion(exam.id, anyway._id, {
          ...retyped,
          question: first.question,
        })
      ).statusCode,
    ).toBe(409);
    // Itself is never its own duplicate, and a different question is fine.
    expect(
      (
        await onExam(api.adminExams.similarQuestions, exam.id, {
          question: first.question,
          excludeId: first._id,
        })
      ).body.similar.map((s) => s._id),
    ).toEqual([anyway._id]);
    await added(
      exam.id,
      body(3, { question: 'Which antibiotic is first line for community-acquired pneumonia?' }),
    );
  });
});

describe('sketches of question texts', () => {
  it("form trigrams as the database's pg_trgm does", async () => {
    for (const text of [
      'A 45-year-old man presents with central chest pain (ECG: ST elevation in II, III and aVF).',
      'Which drug?  Paracetamol 1g QDS, or ibuprofen 400 mg TDS!',
    ]) {
      const [row] = await queryRows<{ trigrams: string[] }>(
        t.ctx.db,
        sql`select show_trgm(${text}) as trigrams`,
      );
      expect([...trigramsOf(text)].sort()).toEqual([...row!.trigrams].sort());
    }
  });

  it('are filled for questions written without one, which are checked meanwhile all the same', async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 1 }, 1);
    const [row] = await t.ctx.db.select().from(questions).where(eq(questions.examId, exam.id));
    expect(row!.textSketch).toBeNull();
    const before = await onExam(api.adminExams.similarQuestions, exam.id, { question: row!.question });
    expect(before.body.similar.map((s) => s._id)).toEqual([row!.id]);
    expect(await sketchQuestions(t.ctx)).toBeGreaterThanOrEqual(1);
    expect((await stored(row!.id)).textSketch).toHaveLength(20);
    const after = await onExam(api.adminExams.similarQuestions, exam.id, { question: row!.question });
    expect(after.body.similar.map((s) => s._id)).toEqual([row!.id]);
    // An edit keeps the sketch in step with the text.
    await editQuestion(exam.id, row!.id, body(5));
    expect((await stored(row!.id)).textSketch).toEqual(textSketch(STEMS[5]!));
  });
});

describe('topics', () => {
  /** A topic route's answer: its message, and the exam's topics with their question counts in order. */
  const topicsAnswer = (message: string, counts: Record<string, number>, untagged = 0) => ({
    message,
    topics: {
      topics: Object.entries(counts).map(([name, questionCount]) => ({ name, questionCount })),
      untagged,
    },
  });

  async function topicsOf(examId: string) {
    return (await t.call(api.adminExams.topics, { params: { id: examId }, as: admin })).body;
  }

  it('adds topics (no repeats, at most 30) and refuses an exam PUT that drops one in use', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    await added(exam.id, body(1, { topic: 'Cardiology' }));
    const add = await onExam(api.adminExams.addTopic, exam.id, { name: 'Respiratory' });
    expect(add.body).toEqual(topicsAnswer('Topic "Respiratory" added', { Cardiology: 1, Respiratory: 0 }));
    expect((await onExam(api.adminExams.addTopic, exam.id, { name: 'respiratory' })).statusCode).toBe(409);
    expect((await onExam(api.adminExams.addTopic, exam.id, { name: '  ' })).statusCode).toBe(400);
    for (let i = 3; i <= 30; i += 1) await onExam(api.adminExams.addTopic, exam.id, { name: `Topic ${i}` });
    const full = await onExam(api.adminExams.addTopic, exam.id, { name: 'One too many' });
    expect(full.statusCode).toBe(422);
    const dropped = await onExam(
      api.adminExams.update,
      exam.id,
      buildExamUpdate({ numberOfQuestions: 3, isActive: false, topics: ['Respiratory'] }),
    );
    expect(dropped.statusCode).toBe(409);
    expect(dropped.body.message).toMatch(/^1 question uses the topic "Cardiology"/);
    expect((await topicsOf(exam.id)).topics).toHaveLength(30);
  });

  it("renames a topic: questions and every learner's figures follow, in one step, each question a new version", async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3, topics: ['Cardio', 'Respiratory'] }, 0);
    const q1 = await added(exam.id, body(1, { topic: 'Cardio' }));
    await added(exam.id, body(2, { topic: 'Cardio' }));
    await added(exam.id, body(3, { topic: 'Respiratory' }));
    await t.call(api.adminExams.publish, { params: { id: exam.id }, as: admin });
    const learner = await subscribedLearner(exam.id);
    await sit(learner, exam.id);
    await applyPendingResults(t);

    const renamed = await onExam(api.adminExams.renameTopic, exam.id, { from: 'cardio', to: 'Cardiology' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.body).toEqual(
      topicsAnswer('Topic "Cardio" renamed to "Cardiology" (2 questions)', { Cardiology: 2, Respiratory: 1 }),
    );
    expect((await stored(q1._id)).topic).toBe('Cardiology');
    const history = (await historyOf(exam.id, q1._id)).body;
    expect(history.versions[0]).toMatchObject({ source: 'topic-renamed', changes: ['topic'] });

    const stats = await queryRows<{ topic: string; answered: number; trend: unknown[] }>(
      t.ctx.db,
      sql`select topic, answered, trend from learner_topic_stats where user_id = ${learner.id} order by topic`,
    );
    expect(stats.map((s) => [s.topic, s.answered, s.trend.length])).toEqual([
      ['Cardiology', 2, 1],
      ['Respiratory', 1, 1],
    ]);
    const cards = await queryRows<{ topic: string }>(
      t.ctx.db,
      sql`select topic from review_cards where user_id = ${learner.id} order by topic`,
    );
    expect(cards.map((c) => c.topic)).toEqual(['Cardiology', 'Cardiology', 'Respiratory']);
    const standing = await queryRows<{ topic: string }>(
      t.ctx.db,
      sql`select topic from learner_questions where user_id = ${learner.id} order by topic`,
    );
    expect(standing.map((c) => c.topic)).toEqual(['Cardiology', 'Cardiology', 'Respiratory']);
    // The learner's analytics show one topic, not two.
    const analytics = JSON.stringify((await t.call(api.analytics.read, { as: learner })).body);
    expect(analytics).not.toContain('"Cardio"');
    expect(analytics).toContain('"Cardiology"');

    // A rename onto another topic's name is a merge.
    const clash = await onExam(api.adminExams.renameTopic, exam.id, {
      from: 'Cardiology',
      to: 'respiratory',
    });
    expect(clash.statusCode).toBe(409);
    expect((await onExam(api.adminExams.renameTopic, exam.id, { from: 'Nope', to: 'X' })).statusCode).toBe(
      404,
    );
  });

  it("merges topics, summing learners' figures, and removes one moving its questions elsewhere or to none", async () => {
    const exam = await createExam(
      t.ctx.db,
      { numberOfQuestions: 3, topics: ['Heart', 'Lungs', 'Kidney'] },
      0,
    );
    await added(exam.id, body(1, { topic: 'Heart' }));
    await added(exam.id, body(2, { topic: 'Lungs' }));
    await added(exam.id, body(3, { topic: 'Kidney' }));
    await t.call(api.adminExams.publish, { params: { id: exam.id }, as: admin });
    const learner = await subscribedLearner(exam.id);
    await sit(learner, exam.id);
    t.clock.advance(60_000);
    await sit(learner, exam.id);
    await applyPendingResults(t);

    const merged = await onExam(api.adminExams.mergeTopics, exam.id, { from: ['Lungs'], into: 'Heart' });
    expect(merged.body).toMatchObject({ message: '1 topic merged into "Heart" (1 question moved)' });
    const stats = await queryRows<{
      topic: string;
      answered: number;
      seen: number;
      trend: Array<[number, number, number]>;
    }>(
      t.ctx.db,
      sql`select topic, answered, seen, trend from learner_topic_stats where user_id = ${learner.id} order by topic`,
    );
    expect(stats.map((s) => [s.topic, s.answered, s.seen])).toEqual([
      ['Heart', 4, 4],
      ['Kidney', 2, 2],
    ]);
    // The two sittings' points of the merged topics are one point each, with both topics' answers.
    expect(stats[0]!.trend.map(([, , total]) => total)).toEqual([2, 2]);
    expect(
      (await onExam(api.adminExams.mergeTopics, exam.id, { from: ['Heart'], into: 'Heart' })).statusCode,
    ).toBe(400);

    const removed = await onExam(api.adminExams.removeTopic, exam.id, { name: 'Kidney', moveTo: null });
    expect(removed.body).toMatchObject(
      topicsAnswer('Topic "Kidney" removed (1 question left without a topic)', { Heart: 2 }, 1),
    );
    const after = await queryRows<{ topic: string }>(
      t.ctx.db,
      sql`select topic from learner_topic_stats where user_id = ${learner.id} order by topic`,
    );
    expect(after.map((s) => s.topic)).toEqual(['General', 'Heart']);
    expect(
      (await onExam(api.adminExams.removeTopic, exam.id, { name: 'Heart', moveTo: 'Kidney' })).statusCode,
    ).toBe(404);
    const audit = await queryRows<{ action: string }>(
      t.ctx.db,
      sql`select action from audit_log where entity_id = ${exam.id} and action like '%topic%' order by created_at, id`,
    );
    expect(audit.map((a) => a.action)).toEqual(['merged_topics', 'removed_topic']);
  });

  it('sets the topic of chosen questions together, all or nothing, each a new version', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Heart'] }, 0);
    const one = await added(exam.id, body(1));
    const two = await added(exam.id, body(2));
    const other = await createExam(t.ctx.db, {}, 1);
    const [foreign] = await t.ctx.db.select().from(questions).where(eq(questions.examId, other.id));
    const mixed = await onExam(api.adminExams.setQuestionsTopic, exam.id, {
      questionIds: [one._id, foreign!.id],
      topic: 'Heart',
    });
    expect(mixed.statusCode).toBe(404);
    expect((await stored(one._id)).topic).toBeNull();
    expect(
      (await onExam(api.adminExams.setQuestionsTopic, exam.id, { questionIds: [one._id], topic: 'Lungs' }))
        .statusCode,
    ).toBe(400);
    const set = await onExam(api.adminExams.setQuestionsTopic, exam.id, {
      questionIds: [one._id, two._id],
      topic: 'heart',
    });
    expect(set.body).toEqual({ message: '2 questions filed under "Heart"', updated: 2 });
    expect((await stored(two._id)).version).toBe(2);
    const cleared = await onExam(api.adminExams.setQuestionsTopic, exam.id, {
      questionIds: [one._id],
      topic: null,
    });
    expect(cleared.body).toEqual({ message: '1 question left without a topic', updated: 1 });
  });

  it('keeps learners and visitors out', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Heart'] }, 1);
    const learner = await createLearner(t);
    for (const [route, body] of [
      [api.adminExams.topics, undefined],
      [api.adminExams.addTopic, { name: 'X' }],
      [api.adminExams.renameTopic, { from: 'Heart', to: 'X' }],
      [api.adminExams.similarQuestions, { question: 'x' }],
      [api.adminExams.info, undefined],
    ] as const) {
      const asLearner = await t.send(route, { params: { id: exam.id }, body, as: learner });
      expect(asLearner.statusCode).toBe(401);
      const anonymous = await t.send(route, { params: { id: exam.id }, body });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('questions written before (migration 0022)', () => {
  it('keep their topics (joining the exam list, in its spelling) and start their histories as they are', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    const [spelled, unlisted, none] = await t.ctx.db
      .insert(questions)
      .values(
        [
          ['cardiology', 1],
          ['Renal', 2],
          [null, 3],
        ].map(([topic, n]) => ({
          ...body(Number(n)),
          examId: exam.id,
          topic: topic as string | null,
        })),
      )
      .returning();
    const file = readdirSync(migrationsFolder).find((name) => name.endsWith('_question_content_history.sql'));
    const statements = readFileSync(path.join(migrationsFolder, file ?? 'missing'), 'utf8')
      .split('--> statement-breakpoint')
      // The data statements only: the tables, columns and trigger exist already.
      .filter((statement) => /^\s*(--[^\n]*\n\s*)*(UPDATE|INSERT)/.test(statement));
    expect(statements).toHaveLength(3);
    for (const statement of statements) await t.ctx.db.execute(sql.raw(statement));

    expect((await stored(spelled!.id)).topic).toBe('Cardiology');
    expect((await stored(unlisted!.id)).topic).toBe('Renal');
    expect((await stored(none!.id)).topic).toBeNull();
    const topics = (await t.call(api.adminExams.topics, { params: { id: exam.id }, as: admin })).body;
    expect(topics.topics.map((topic) => topic.name)).toEqual(['Cardiology', 'Renal']);
    const history = (await historyOf(exam.id, spelled!.id)).body;
    expect(history.total).toBe(1);
    expect(history.versions[0]).toMatchObject({
      source: 'existing',
      version: 1,
      content: { topic: 'Cardiology' },
    });
  });
});

describe('the edit page', () => {
  it("reads the exam's fields without its questions", async () => {
    const exam = await createExam(t.ctx.db, { numberOfQuestions: 3 }, 3);
    const info = await t.call(api.adminExams.info, { params: { id: exam.id }, as: admin });
    expect(info.statusCode).toBe(200);
    expect(info.body).toMatchObject({ _id: exam.id, questionCount: 3, activeSubscribers: 0 });
    expect(info.body).not.toHaveProperty('questions');
    expect(
      (
        await t.call(api.adminExams.info, {
          params: { id: '00000000-0000-7000-8000-000000000000' },
          as: admin,
        })
      ).statusCode,
    ).toBe(404);
  });
});
