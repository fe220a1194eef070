import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';
import { createExam, createLearner, queryRows } from '../../../test/factories.ts';
import { exams, questions } from '../../db/schema/index.ts';

/*
 * The exam editor's question list a page at a time, and the learner's-eye preview (decision 0043).
 */

const t = useTestApp({ NODE_ENV: 'development' });
const admin = useAdmin(t);

interface Listed {
  _id: string;
  question: string;
  number: number;
  approvalStatus: string;
  isAIGenerated: boolean;
  topic: string | null;
  correctAnswer: number;
}
interface QuestionList {
  questions: Listed[];
  total: number;
  page: number;
  limit: number;
  counts: { all: number; pending: number; approved: number; rejected: number };
  topics: string[];
}

const get = (url: string, headers: Record<string, string> = admin.headers) =>
  t.request({ method: 'GET', url, headers });

async function list(examId: string, query = ''): Promise<QuestionList> {
  const response = await get(`/api/admin/exams/${examId}/questions${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuestionList>();
}

type Kind = 'hand' | 'approved' | 'pending' | 'rejected';

/**
 * An exam whose questions are, in creation order, the given kinds: hand-written, or AI drafts approved,
 * pending or rejected. Question n (from 1) reads "Question n: …", with topics taking turns.
 */
async function examWith(kinds: Kind[], topics: Array<string | null> = ['Cardiology', 'Renal', null]) {
  const exam = await createExam(t.ctx.db, { numberOfQuestions: 3 }, 0);
  const start = Date.UTC(2026, 0, 1);
  await t.ctx.db.insert(questions).values(
    kinds.map((kind, i) => ({
      examId: exam.id,
      question: `Question ${i + 1}: which finding fits ${i % 2 === 0 ? 'heart failure' : 'renal colic'}?`,
      options: [`Alpha ${i + 1}`, `Beta ${i + 1}`, `Gamma ${i + 1}`, `Delta ${i + 1}`],
      correctAnswer: i % 4,
      explanation: `Explained ${i + 1}`,
      topic: topics[i % topics.length] ?? null,
      isAiGenerated: kind !== 'hand',
      approvalStatus: kind === 'hand' ? ('approved' as const) : kind,
      rejectionReason: kind === 'rejected' ? 'Wrong' : null,
      // Created a second apart, in this order (the list's order is creation order).
      createdAt: new Date(start + i * 1000),
    })),
  );
  return exam;
}

const texts = (page: QuestionList) => page.questions.map((q) => q.question.split(':')[0]);

describe('GET /api/admin/exams/:id/questions', () => {
  it('pages the whole list 25 at a time in the order of the exam detail, with counts and topics', async () => {
    const exam = await examWith(
      Array.from({ length: 60 }, (_, i): Kind => (i % 10 === 9 ? 'rejected' : 'hand')),
    );
    const first = await list(exam.id);
    expect(first).toMatchObject({
      total: 60,
      page: 1,
      limit: 25,
      counts: { all: 60, pending: 0, approved: 54, rejected: 6 },
      topics: ['Cardiology', 'General', 'Renal'],
    });
    expect(first.questions).toHaveLength(25);
    const third = await list(exam.id, '?page=3');
    expect(third.questions).toHaveLength(10);
    expect(texts(third)).toEqual(Array.from({ length: 10 }, (_, i) => `Question ${51 + i}`));
    const beyond = await list(exam.id, '?page=4');
    expect(beyond).toMatchObject({ questions: [], total: 60, page: 4 });

    // The same order as the detail's list.
    const detail = (await get(`/api/admin/exams/${exam.id}`)).json<{ questions: Array<{ _id: string }> }>();
    const all = [...first.questions, ...(await list(exam.id, '?page=2')).questions, ...third.questions].map(
      (q) => q._id,
    );
    expect(all).toEqual(detail.questions.map((q) => q._id));

    const hundred = await list(exam.id, '?limit=100');
    expect(hundred.questions).toHaveLength(60);
    // The answer's fields are the admin question's, with its number.
    expect(Object.keys(hundred.questions[0]!).sort()).toEqual(
      [
        '_id',
        'approvalStatus',
        'correctAnswer',
        'explanation',
        'explanationImage',
        'image',
        'isAIGenerated',
        'isSample',
        'number',
        'objective',
        'options',
        'question',
        'rationales',
        'references',
        'rejectionReason',
        'topic',
        'version',
      ].sort(),
    );
  });

  it('filters by status, each question keeping its number in the list whatever the filter', async () => {
    //             1       2          3         4         5          6       7
    const exam = await examWith(['hand', 'pending', 'rejected', 'approved', 'rejected', 'pending', 'hand']);
    const current = await list(exam.id, '?status=current');
    expect(texts(current)).toEqual(['Question 1', 'Question 2', 'Question 4', 'Question 6', 'Question 7']);
    expect(current.questions.map((q) => q.number)).toEqual([1, 2, 3, 4, 5]);
    expect(current.total).toBe(5);

    const pending = await list(exam.id, '?status=pending');
    expect(texts(pending)).toEqual(['Question 2', 'Question 6']);
    expect(pending.questions.map((q) => q.number)).toEqual([2, 4]);

    const approved = await list(exam.id, '?status=approved');
    expect(texts(approved)).toEqual(['Question 1', 'Question 4', 'Question 7']);
    expect(approved.questions.map((q) => q.number)).toEqual([1, 3, 5]);

    const rejected = await list(exam.id, '?status=rejected');
    expect(texts(rejected)).toEqual(['Question 3', 'Question 5']);
    // Rejected questions are numbered among themselves ('Rejected question 1').
    expect(rejected.questions.map((q) => q.number)).toEqual([1, 2]);

    const everything = await list(exam.id);
    expect(everything.total).toBe(7);
    expect(everything.questions.map((q) => q.number)).toEqual([1, 2, 1, 3, 2, 4, 5]);
    for (const page of [current, pending, approved, rejected, everything])
      expect(page.counts).toEqual({ all: 7, pending: 2, approved: 3, rejected: 2 });

    // A page of a filtered list: numbers still come from the whole list.
    const second = await list(exam.id, '?status=current&limit=2&page=2');
    expect(second.questions.map((q) => q.number)).toEqual([3, 4]);
    expect(second.total).toBe(5);
  });

  it('filters by topic (General for none), author and words, with counts under those filters', async () => {
    // Topics take turns: Cardiology, Renal, none. Odd questions are about heart failure.
    const exam = await examWith(['hand', 'pending', 'rejected', 'approved', 'hand', 'pending']);

    const cardiology = await list(exam.id, '?topic=Cardiology');
    expect(texts(cardiology)).toEqual(['Question 1', 'Question 4']);
    expect(cardiology.counts).toEqual({ all: 2, pending: 0, approved: 2, rejected: 0 });
    const general = await list(exam.id, '?topic=General');
    expect(texts(general)).toEqual(['Question 3', 'Question 6']);
    expect(general.counts).toEqual({ all: 2, pending: 1, approved: 0, rejected: 1 });
    // The topic list is the exam's whatever the filter.
    expect(general.topics).toEqual(['Cardiology', 'General', 'Renal']);

    const ai = await list(exam.id, '?author=ai');
    expect(texts(ai)).toEqual(['Question 2', 'Question 3', 'Question 4', 'Question 6']);
    expect(ai.counts).toEqual({ all: 4, pending: 2, approved: 1, rejected: 1 });
    const human = await list(exam.id, '?author=human&status=current');
    expect(texts(human)).toEqual(['Question 1', 'Question 5']);
    expect(human.total).toBe(2);

    // Every word, any case, in the question, its options or its explanation.
    expect(texts(await list(exam.id, '?search=HEART%20failure'))).toEqual([
      'Question 1',
      'Question 3',
      'Question 5',
    ]);
    expect(texts(await list(exam.id, '?search=gamma%204'))).toEqual(['Question 4']);
    expect(texts(await list(exam.id, '?search=explained%206'))).toEqual(['Question 6']);
    expect(texts(await list(exam.id, '?search=heart%20renal'))).toEqual([]);
    // LIKE's wildcards are plain characters.
    expect((await list(exam.id, '?search=%25')).total).toBe(0);
    expect((await list(exam.id, '?search=_')).total).toBe(0);

    const combined = await list(exam.id, '?search=heart&author=ai&status=pending');
    expect(texts(combined)).toEqual([]);
    expect(combined.counts).toEqual({ all: 1, pending: 0, approved: 0, rejected: 1 });
    expect(combined.total).toBe(0);
    // Blank filters are no filters.
    expect((await list(exam.id, '?topic=%20&search=%20%20')).total).toBe(6);
  });

  it('refuses bad paging and filters with 400 and a message', async () => {
    const exam = await examWith(['hand']);
    for (const [query, message] of [
      ['page=0', 'page must be 1 or more'],
      ['page=two', 'page must be a number'],
      ['page=1.5', 'page must be a whole number'],
      ['limit=0', 'limit must be 1 or more'],
      ['limit=101', 'limit must be 100 or less'],
      ['status=draft', 'status must be pending, approved, rejected or current'],
      ['status=', 'status must be pending, approved, rejected or current'],
      ['author=robot', 'author must be ai or human'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ] as const) {
      const response = await get(`/api/admin/exams/${exam.id}/questions?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('answers 404 for an unknown exam and keeps learners and visitors out', async () => {
    const unknown = await get('/api/admin/exams/0190f3a2-0000-7000-8000-0000000000ff/questions');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Exam not found' });
    expect((await get('/api/admin/exams/not-an-id/questions')).statusCode).toBe(404);

    const exam = await examWith(['hand']);
    const learner = await createLearner(t);
    for (const headers of [{}, learner.headers]) {
      expect((await get(`/api/admin/exams/${exam.id}/questions`, headers)).statusCode).toBe(401);
      expect((await get(`/api/admin/exams/${exam.id}/preview`, headers)).statusCode).toBe(401);
    }
  });
});

interface Preview {
  examId: string;
  examTitle: string;
  isActive: boolean;
  numberOfQuestions: number;
  approvedCount: number;
  questions: Array<{
    _id: string;
    question: string;
    choices: string[];
    topic: string;
    correctAnswer: string;
    explanation: string;
  }>;
}

/** Rows in every table of the database, by table. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = await queryRows<{ name: string }>(
    t.ctx.db,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from ${sql.identifier(name)}`,
    );
    counts[name] = row?.n ?? 0;
  }
  return counts;
}

describe('GET /api/admin/exams/:id/preview', () => {
  it("serves a sitting's draw of approved questions, shuffled, with answers, and records nothing", async () => {
    const exam = await examWith(['hand', 'pending', 'rejected', 'approved', 'hand', 'pending', 'hand']);
    await t.ctx.db.update(exams).set({ numberOfQuestions: 3, isActive: false }).where(eq(exams.id, exam.id));
    const before = await rowCounts();
    const approved = new Map(
      (await list(exam.id, '?status=approved')).questions.map((q) => [q._id, q] as const),
    );

    const orders = new Set<string>();
    const choiceOrders = new Set<string>();
    for (let i = 0; i < 12; i += 1) {
      const response = await get(`/api/admin/exams/${exam.id}/preview`);
      expect(response.statusCode).toBe(200);
      const preview = response.json<Preview>();
      expect(preview).toMatchObject({
        examId: exam.id,
        examTitle: exam.title,
        isActive: false,
        numberOfQuestions: 3,
        approvedCount: 4,
      });
      // Three of the four approved questions (hand-written or approved drafts), never pending or rejected.
      expect(preview.questions).toHaveLength(3);
      expect(new Set(preview.questions.map((q) => q._id)).size).toBe(3);
      for (const q of preview.questions) {
        const source = approved.get(q._id);
        expect(source, q.question).toBeDefined();
        const n = source!.question.match(/^Question (\d+)/)![1];
        expect([...q.choices].sort()).toEqual([`Alpha ${n}`, `Beta ${n}`, `Delta ${n}`, `Gamma ${n}`]);
        expect(q.correctAnswer).toBe(
          [`Alpha ${n}`, `Beta ${n}`, `Gamma ${n}`, `Delta ${n}`][source!.correctAnswer],
        );
        expect(q.explanation).toBe(`Explained ${n}`);
        expect(q.topic).toBe(source!.topic ?? 'General');
      }
      orders.add(preview.questions.map((q) => q._id).join());
      choiceOrders.add(preview.questions[0]!.choices.join());
    }
    // Drawn and shuffled afresh each time (12 draws all alike would be a 1 in 24^11 chance).
    expect(orders.size).toBeGreaterThan(1);
    expect(choiceOrders.size).toBeGreaterThan(1);

    // No attempt, result, response, statistic, review card or activity entry: every table as it was.
    expect(await rowCounts()).toEqual(before);
  });

  it('serves an exam without approved questions as an empty sitting, and 404 for an unknown exam', async () => {
    const exam = await examWith(['pending', 'rejected']);
    const response = await get(`/api/admin/exams/${exam.id}/preview`);
    expect(response.statusCode).toBe(200);
    expect(response.json<Preview>()).toMatchObject({ approvedCount: 0, questions: [] });

    const unknown = await get('/api/admin/exams/0190f3a2-0000-7000-8000-0000000000ff/preview');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Exam not found' });
  });
});
