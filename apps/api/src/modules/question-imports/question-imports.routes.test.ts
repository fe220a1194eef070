import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { api, routeUrl, type RouteBody } from '@mlp/contract';
import { createExam, createLearner, queryRows } from '../../../test/factories.ts';
import { useAdmin, useTestApp } from '../../../test/fixtures.ts';

const t = useTestApp();

const admin = useAdmin(t);

const HEADER = 'question,option1,option2,option3,option4,option5,option6,correct,explanation,topic';
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function csvFile(rows: string[]): string {
  return base64([HEADER, ...rows].join('\n'));
}

type Caller = { headers: Record<string, string> } | null;

function previewImport(
  examId: string,
  body: RouteBody<typeof api.questionImports.preview>,
  as: Caller = admin,
) {
  return t.call(api.questionImports.preview, { params: { id: examId }, body, as });
}

function confirmImport(
  examId: string,
  body: RouteBody<typeof api.questionImports.confirm>,
  as: Caller = admin,
) {
  return t.call(api.questionImports.confirm, { params: { id: examId }, body, as });
}

/** The export's URL: it answers a file, not JSON, so it is read with `t.request`. */
const exportUrl = (id: string, format: string) => routeUrl(api.questionImports.export, { id }, { format });

async function counts(examId: string) {
  const [row] = await queryRows<{ questions: number; imports: number; audits: number }>(
    t.ctx.db,
    sql`select
      (select count(*)::int from questions where exam_id = ${examId}) as questions,
      (select count(*)::int from question_imports where exam_id = ${examId}) as imports,
      (select count(*)::int from audit_log where entity_id = ${examId} and action = 'imported_questions') as audits`,
  );
  return row;
}

const ROWS = [
  'First imported?,a,b,c,d,,,2,Because b.,Cardiology',
  'Too few?,a,b,c,,,,1,,',
  'Second imported?,a,b,c,d,e,,5,,',
  'Wrong topic?,a,b,c,d,,,1,,Astrology',
  'Question 0: which option is correct?,a,b,c,d,,,1,,',
];

describe('import preview', () => {
  it('answers what would be created and every refused row with its reason, and writes nothing', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'], isActive: false }, 2);
    const before = await counts(exam.id);
    const response = await previewImport(exam.id, {
      format: 'csv',
      fileName: 'bank.csv',
      content: csvFile(ROWS),
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      format: 'csv',
      fileName: 'bank.csv',
      toCreate: 2,
      refusedCount: 3,
      sample: [
        {
          question: 'First imported?',
          options: ['a', 'b', 'c', 'd'],
          correctAnswer: 1,
          explanation: 'Because b.',
          topic: 'Cardiology',
          rationales: [],
          objective: '',
          references: [],
        },
        {
          question: 'Second imported?',
          options: ['a', 'b', 'c', 'd', 'e'],
          correctAnswer: 4,
          explanation: '',
          topic: null,
          rationales: [],
          objective: '',
          references: [],
        },
      ],
      refused: [
        { item: 2, line: 3, excerpt: 'Too few?', reason: 'A question needs 4 to 6 options' },
        {
          item: 4,
          line: 5,
          excerpt: 'Wrong topic?',
          reason: `The topic "Astrology" is not one of this exam's topics (Cardiology); tick "Add new topics to this exam" to add it`,
        },
        {
          item: 5,
          line: 6,
          excerpt: 'Question 0: which option is correct?',
          reason: 'The exam already has this question',
        },
      ],
      newTopics: ['Astrology'],
      topicsAvailable: 29,
    });
    expect(await counts(exam.id)).toEqual(before);
  });

  it('refuses unreadable files, bad formats, oversized bodies, unknown exams and non-administrators', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const refusals: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ format: 'moodle-xml', content: base64('<quiz><question>') }, 422, /^The file is not valid XML/],
      [{ format: 'csv', content: base64('a,b\n1,2') }, 422, /^The first row must be the header/],
      [{ format: 'csv', content: Buffer.from([0x71, 0xe9, 0x0a]).toString('base64') }, 422, /not UTF-8 text/],
      [{ format: 'docx', content: base64('x') }, 400, 'Format must be csv, moodle-xml, gift or aiken'],
      [{ format: 'csv', content: '' }, 400, 'The file is empty'],
      [{ format: 'csv', content: 'not base64!' }, 400, 'The file content must be base64'],
    ];
    for (const [payload, status, message] of refusals) {
      // Some of these bodies the types refuse: all go untyped.
      const response = await t.send(api.questionImports.preview, {
        params: { id: exam.id },
        body: payload,
        as: admin,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.message).toMatch(message);
    }
    // A 10 MB file: refused by the body limit with the import's own message.
    const big = Buffer.alloc(10 * 1024 * 1024, 0x61).toString('base64');
    const tooBig = await previewImport(exam.id, { format: 'csv', content: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.body).toEqual({
      message: 'The file is larger than 5 MB. Split it into smaller files and import each.',
    });

    const file = { format: 'csv' as const, content: csvFile(ROWS) };
    expect((await previewImport('0190c0a0-0000-7000-8000-000000000000', file)).statusCode).toBe(404);
    expect((await previewImport(exam.id, file, null)).statusCode).toBe(401);
    const learner = await createLearner(t);
    expect((await previewImport(exam.id, file, learner)).statusCode).toBe(401);
    expect((await confirmImport(exam.id, { ...file, key: 'learner-key-1' }, learner)).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: exportUrl(exam.id, 'csv'), headers: learner.headers }))
        .statusCode,
    ).toBe(401);
    expect(await counts(exam.id)).toEqual({ questions: 0, imports: 0, audits: 0 });
  });
});

describe('import', () => {
  it('writes the valid questions approved and hand-written at the end of the order, once per key', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 2);
    const payload = {
      format: 'csv' as const,
      fileName: 'bank.csv',
      content: csvFile(ROWS),
      key: 'import-key-0001',
    };
    const first = await confirmImport(exam.id, payload);
    expect(first.statusCode).toBe(201);
    const result = first.body;
    expect(result).toEqual({
      message: 'Imported 2 questions; 3 refused rows were left out.',
      importId: expect.any(String) as string,
      format: 'csv',
      fileName: 'bank.csv',
      created: 2,
      refused: 3,
      repeated: false,
    });
    expect(await counts(exam.id)).toEqual({ questions: 4, imports: 1, audits: 1 });

    const repeat = await confirmImport(exam.id, payload);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.body).toEqual({ ...result, repeated: true });
    expect(await counts(exam.id)).toEqual({ questions: 4, imports: 1, audits: 1 });

    const detail = (await t.call(api.adminExams.detail, { params: { id: exam.id }, as: admin })).body;
    expect(detail.questionCount).toBe(4);
    expect(detail.questions.slice(2)).toMatchObject([
      { question: 'First imported?', topic: 'Cardiology', approvalStatus: 'approved', isAIGenerated: false },
      { question: 'Second imported?', topic: null, approvalStatus: 'approved', isAIGenerated: false },
    ]);
    const rows = await queryRows<{ n: number }>(
      t.ctx.db,
      sql`select count(*)::int as n from questions where import_id = ${result.importId}`,
    );
    expect(rows[0]?.n).toBe(2);

    const audit = (await t.call(api.audit.list, { query: { action: 'imported_questions' }, as: admin })).body;
    expect(audit.entries.find((e) => e.entityId === exam.id)?.summary).toBe(
      `Imported 2 questions into "${exam.title}" from bank.csv (3 refused rows left out)`,
    );

    // The same file under a new key: every question is now already in the exam, so nothing is written.
    const again = await confirmImport(exam.id, { ...payload, key: 'import-key-0002' });
    expect(again.statusCode).toBe(422);
    expect(again.body).toEqual({ message: 'Nothing to import: every question in the file was refused.' });
    expect(await counts(exam.id)).toEqual({ questions: 4, imports: 1, audits: 1 });
  });

  it('writes nothing for a refused confirmation and needs a key', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const broken = await confirmImport(exam.id, {
      format: 'gift',
      content: base64('{{{'),
      key: 'key-broken-1',
    });
    expect(broken.statusCode).toBe(422);
    // A body without a key: the types refuse it, so it goes untyped.
    const noKey = await t.send(api.questionImports.confirm, {
      params: { id: exam.id },
      body: { format: 'csv', content: csvFile(ROWS) },
      as: admin,
    });
    expect(noKey.statusCode).toBe(400);
    expect(noKey.message).toBe('An import key is required');
    expect(await counts(exam.id)).toEqual({ questions: 0, imports: 0, audits: 0 });
  });

  // How long this takes is the bench's to measure (bench/imports.ts; target in docs/performance.md).
  it('previews and imports 5,000 CSV questions in one request each', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const rows = Array.from(
      { length: 5000 },
      (_, i) =>
        `"Bulk question ${i}: which is right?",One ${i},Two ${i},Three ${i},Four ${i},,,${(i % 4) + 1},"Explained, ${i}",`,
    );
    const content = csvFile(rows);
    const preview = await previewImport(exam.id, { format: 'csv', content });
    expect(preview.body).toMatchObject({ toCreate: 5000, refusedCount: 0 });
    const imported = await confirmImport(exam.id, { format: 'csv', content, key: 'bulk-key-5000' });
    expect(imported.body).toMatchObject({ created: 5000 });
    expect(await counts(exam.id)).toMatchObject({ questions: 5000 });
  });
});

describe('what a question teaches', () => {
  it('stores the rationales, objective and references of each imported question, normalised', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const header = `${HEADER},rationale1,rationale2,rationale3,rationale4,objective,references`;
    const content = base64(
      [
        header,
        'Taught?,a,b,c,d,,,2,Because b.,,Not a,  Why b  ,,,Remember b.,"Harrison | https://example.org/h\nOxford Handbook"',
        'Untaught?,a,b,c,d,,,1,,,,,,,,',
      ].join('\n'),
    );
    const response = await confirmImport(exam.id, { format: 'csv', content, key: 'taught-key-1' });
    expect(response.statusCode).toBe(201);
    const rows = await queryRows<{
      question: string;
      rationales: string[];
      objective: string;
      references: Array<{ title: string; url: string | null }>;
    }>(
      t.ctx.db,
      sql`select question, rationales, objective, reference_list as "references" from questions
          where exam_id = ${exam.id} order by question`,
    );
    expect(rows).toEqual([
      {
        question: 'Taught?',
        rationales: ['Not a', 'Why b', '', ''],
        objective: 'Remember b.',
        references: [
          { title: 'Harrison', url: 'https://example.org/h' },
          { title: 'Oxford Handbook', url: null },
        ],
      },
      { question: 'Untaught?', rationales: [], objective: '', references: [] },
    ]);
    // The version the import records keeps them too (the question's history starts with them).
    const [version] = await queryRows<{ rationales: string[] }>(
      t.ctx.db,
      sql`select v.content->'rationales' as rationales from question_versions v
          join questions q on q.id = v.question_id
          where q.exam_id = ${exam.id} and q.question = 'Taught?'`,
    );
    expect(version?.rationales).toEqual(['Not a', 'Why b', '', '']);
  });
});

describe('add new topics to this exam', () => {
  const TOPIC_ROWS = [
    'Cardio one?,a,b,c,d,,,1,,cardiology',
    'Renal one?,a,b,c,d,,,1,,Renal',
    'Renal two?,a,b,c,d,,,1,,renal',
    'Endo one?,a,b,c,d,,,1,,Endocrinology',
    'Untagged?,a,b,c,d,,,1,,',
  ];

  async function topicsOf(examId: string) {
    const response = await t.call(api.adminExams.topics, { params: { id: examId }, as: admin });
    return response.body.topics;
  }

  it('lists the topics the exam lacks, refuses their rows without the tick and adds them with it', async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    const file = { format: 'csv' as const, fileName: 'topics.csv', content: csvFile(TOPIC_ROWS) };

    const without = (await previewImport(exam.id, file)).body;
    expect(without).toMatchObject({
      toCreate: 2,
      refusedCount: 3,
      // As the file first spells them, once each.
      newTopics: ['Renal', 'Endocrinology'],
      topicsAvailable: 29,
    });

    const ticked = await previewImport(exam.id, { ...file, addTopics: true });
    expect(ticked.body).toMatchObject({
      toCreate: 5,
      refusedCount: 0,
      newTopics: ['Renal', 'Endocrinology'],
    });
    expect(await topicsOf(exam.id)).toEqual([{ name: 'Cardiology', questionCount: 0 }]);

    const imported = await confirmImport(exam.id, { ...file, addTopics: true, key: 'topics-key-1' });
    expect(imported.statusCode).toBe(201);
    expect(imported.body).toMatchObject({ created: 5, refused: 0 });
    expect(await topicsOf(exam.id)).toEqual([
      { name: 'Cardiology', questionCount: 1 },
      { name: 'Renal', questionCount: 2 },
      { name: 'Endocrinology', questionCount: 1 },
    ]);
    const audit = (await t.call(api.audit.list, { query: { action: 'imported_questions' }, as: admin })).body;
    expect(audit.entries.find((e) => e.entityId === exam.id)?.summary).toBe(
      `Imported 5 questions into "${exam.title}" from topics.csv; added the topics "Renal", "Endocrinology"`,
    );
  });

  it("without the tick imports the rest and leaves the exam's topics alone", async () => {
    const exam = await createExam(t.ctx.db, { topics: ['Cardiology'] }, 0);
    const response = await confirmImport(exam.id, {
      format: 'csv',
      content: csvFile(TOPIC_ROWS),
      key: 'topics-key-2',
    });
    expect(response.body).toMatchObject({ created: 2, refused: 3 });
    expect(await topicsOf(exam.id)).toEqual([{ name: 'Cardiology', questionCount: 1 }]);
  });

  it('takes topics from Moodle XML categories and GIFT $CATEGORY lines', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const answers = ['a', 'b', 'c', 'd']
      .map((o, i) => `<answer fraction="${i === 0 ? 100 : 0}"><text>${o}</text></answer>`)
      .join('');
    const xml = `<quiz><question type="category"><category><text>$course$/top/Cardiology</text></category></question>
      <question type="multichoice"><questiontext format="plain_text"><text>From Moodle?</text></questiontext>${answers}</question></quiz>`;
    const fromXml = await confirmImport(exam.id, {
      format: 'moodle-xml',
      content: base64(xml),
      addTopics: true,
      key: 'moodle-topics-1',
    });
    expect(fromXml.statusCode).toBe(201);
    const gift = '$CATEGORY: $course$/top/cardiology\n\nFrom GIFT? {=a ~b ~c ~d}\n';
    const fromGift = await previewImport(exam.id, { format: 'gift', content: base64(gift) });
    // Matched to the topic the XML import added, ignoring case: nothing new.
    expect(fromGift.body).toMatchObject({
      toCreate: 1,
      newTopics: [],
      sample: [{ question: 'From GIFT?', topic: 'Cardiology' }],
    });
  });

  it('refuses to take an exam past 30 topics, in the preview and the confirmation, and writes nothing', async () => {
    const topics = Array.from({ length: 29 }, (_, i) => `Topic ${i + 1}`);
    const exam = await createExam(t.ctx.db, { topics }, 0);
    const file = { format: 'csv' as const, content: csvFile(TOPIC_ROWS), addTopics: true };
    const message =
      "Adding the file's 3 new topics would give this exam 32 topics; an exam has at most 30. Merge or remove topics first, or import without adding them.";

    const preview = await previewImport(exam.id, file);
    expect(preview.statusCode).toBe(422);
    expect(preview.body).toEqual({ message });
    // Without the tick the preview says how many the exam can still take.
    expect((await previewImport(exam.id, { ...file, addTopics: false })).body).toMatchObject({
      newTopics: ['cardiology', 'Renal', 'Endocrinology'],
      topicsAvailable: 1,
    });

    const confirm = await confirmImport(exam.id, { ...file, key: 'too-many-topics' });
    expect(confirm.statusCode).toBe(422);
    expect(confirm.body).toEqual({ message });
    expect(await counts(exam.id)).toEqual({ questions: 0, imports: 0, audits: 0 });
    expect((await topicsOf(exam.id)).map((topic) => topic.name)).toEqual(topics);
  });

  it('refuses a topic over 60 characters with a reason', async () => {
    const exam = await createExam(t.ctx.db, {}, 0);
    const response = await previewImport(exam.id, {
      format: 'csv',
      content: csvFile([`Long topic?,a,b,c,d,,,1,,${'x'.repeat(61)}`]),
      addTopics: true,
    });
    expect(response.body).toMatchObject({
      toCreate: 0,
      newTopics: [],
      refused: [{ item: 1, reason: 'A topic must be at most 60 characters' }],
    });
  });
});

describe('export', () => {
  it('downloads the approved questions in each format with a file name, and they import back', async () => {
    const exam = await createExam(t.ctx.db, { title: 'Cardiology Basics' }, 3);
    for (const [format, type, name] of [
      ['csv', 'text/csv; charset=utf-8', 'cardiology-basics-questions.csv'],
      ['moodle-xml', 'application/xml; charset=utf-8', 'cardiology-basics-questions.xml'],
      ['gift', 'text/plain; charset=utf-8', 'cardiology-basics-questions.gift.txt'],
      ['aiken', 'text/plain; charset=utf-8', 'cardiology-basics-questions.aiken.txt'],
    ] as const) {
      const response = await t.request({
        method: 'GET',
        url: exportUrl(exam.id, format),
        headers: admin.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe(type);
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="${name}"; filename*=UTF-8''${name}`,
      );
      expect(response.body).toContain('Option B2');
      // Every format but Aiken carries the rationales.
      if (format === 'aiken') expect(response.body).not.toContain('Why B2 is');
      else expect(response.body).toContain('Why B2 is wrong');
      // Into a new exam, the file gives back the same three questions.
      const target = await createExam(t.ctx.db, {}, 0);
      const preview = await previewImport(target.id, {
        format,
        content: Buffer.from(response.rawPayload).toString('base64'),
      });
      expect(preview.body).toMatchObject({ toCreate: 3, refusedCount: 0 });
      const [first] = preview.body.sample;
      expect(first).toMatchObject(
        format === 'aiken'
          ? { rationales: [], objective: '', references: [] }
          : {
              rationales: ['Why A0 is right', 'Why B0 is wrong', 'Why C0 is wrong', 'Why D0 is wrong'],
              objective: 'Objective 0',
              references: [{ title: 'Reference 0', url: 'https://example.org/ref/0' }],
            },
      );
    }
    const csv = await t.request({ method: 'GET', url: exportUrl(exam.id, 'csv'), headers: admin.headers });
    expect(csv.body.split('\r\n')[1]).toBe(
      'Question 0: which option is correct?,Option A0,Option B0,Option C0,Option D0,,,1,Explanation 0,,' +
        'Why A0 is right,Why B0 is wrong,Why C0 is wrong,Why D0 is wrong,,,Objective 0,' +
        'Reference 0 | https://example.org/ref/0',
    );
    const bad = await t.request({ method: 'GET', url: exportUrl(exam.id, 'pdf'), headers: admin.headers });
    expect(bad.statusCode).toBe(400);
    const missing = await t.request({
      method: 'GET',
      url: exportUrl('0190c0a0-0000-7000-8000-000000000000', 'csv'),
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});
