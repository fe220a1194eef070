import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminExamDetail, ImportPreview } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { EXAM_ID, exam as buildExam, question } from '../exam-fixtures.ts';
import { EditExamPage } from './edit-exam-page.tsx';

const DETAIL = `GET /api/admin/exams/${EXAM_ID}/info`;
const PREVIEW = `POST /api/admin/exams/${EXAM_ID}/questions/import/preview`;
const IMPORT = `POST /api/admin/exams/${EXAM_ID}/questions/import`;
const EXPORT = `GET /api/admin/exams/${EXAM_ID}/questions/export`;

/** GET …/info: the exam with these hand-written questions (q0, q1…), all approved. */
const exam = (questions: string[]): AdminExamDetail =>
  buildExam({
    tags: [],
    modes: ['exam'],
    questions: questions.map((text, i) => question(`q${i}`, { question: text })),
  });

const LIST = `GET /api/admin/exams/${EXAM_ID}/questions`;
/** The first page of the question list (GET …/questions) of an exam with these hand-written questions. */
const list = (questions: string[]) => {
  const { questions: rows } = exam(questions);
  const n = rows.length;
  return {
    questions: rows.map((row, i) => ({ ...row, number: i + 1 })),
    total: n,
    page: 1,
    limit: 25,
    counts: { all: n, pending: 0, approved: n, rejected: 0 },
    topics: n ? ['General'] : [],
  };
};

const PLAN: ImportPreview = {
  format: 'csv',
  fileName: 'bank.csv',
  toCreate: 1,
  refusedCount: 1,
  sample: [
    {
      question: 'Imported one?',
      options: ['a', 'b', 'c', 'd'],
      correctAnswer: 2,
      explanation: '',
      topic: null,
      rationales: ['', 'Why not b', 'Why c', ''],
      objective: '',
      references: [],
    },
  ],
  refused: [{ item: 2, line: 3, excerpt: 'Too few?', reason: 'A question needs 4 to 6 options' }],
  newTopics: [],
  topicsAvailable: 30,
};

const CSV = 'question,option1,option2,option3,option4,correct\nImported one?,a,b,c,d,3\nToo few?,a,b,c,,1\n';

function openEditor(handlers: Parameters<typeof stubFetch>[0]) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch(handlers);
  renderPage(<EditExamPage examId={EXAM_ID} />, { url: `/admin/exams/${EXAM_ID}/edit` });
  return requests;
}

const sent = (requests: RecordedRequest[], key: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === key);

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('Import questions', () => {
  it('previews a file, lists the refused rows, imports with a key and refreshes the questions', async () => {
    let imported = false;
    const requests = openEditor({
      [DETAIL]: () => json(exam(imported ? ['Existing?', 'Imported one?'] : ['Existing?'])),
      [LIST]: () => json(list(imported ? ['Existing?', 'Imported one?'] : ['Existing?'])),
      [PREVIEW]: () => json(PLAN),
      [IMPORT]: () => {
        imported = true;
        return json(
          {
            message: 'Imported 1 question; 1 refused row was left out.',
            importId: 'imp-1',
            format: 'csv',
            fileName: 'bank.csv',
            created: 1,
            refused: 1,
            repeated: false,
          },
          201,
        );
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });

    // Nothing is sent without a file.
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(within(dialog).getByText('Choose the file format')).toBeTruthy();

    await user.upload(
      within(dialog).getByLabelText('Question file'),
      new File([CSV], 'bank.csv', { type: 'text/csv' }),
    );
    // The format follows the file's extension.
    expect(await within(dialog).findByText('bank.csv')).toBeTruthy();
    expect(within(dialog).getByRole('combobox', { name: 'Format' }).textContent).toContain('CSV');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));

    expect(
      await within(dialog).findByText('1 question will be imported; 1 row will be left out.'),
    ).toBeTruthy();
    const refused = within(dialog).getByRole('region', { name: 'Refused rows' });
    expect(
      within(refused).getByRole('row', { name: /3 Too few\? A question needs 4 to 6 options/ }),
    ).toBeTruthy();
    expect(within(dialog).getByText('Answer: c · 2 rationales')).toBeTruthy();
    // A file whose topics the exam has offers no box to tick.
    expect(within(dialog).queryByRole('checkbox')).toBeNull();
    const [previewRequest] = sent(requests, PREVIEW);
    expect(previewRequest?.body).toEqual({
      format: 'csv',
      fileName: 'bank.csv',
      content: btoa(CSV),
      addTopics: false,
    });
    expect(sent(requests, IMPORT)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Import 1 question' }));
    expect(await screen.findByText('Imported 1 question; 1 refused row was left out.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Imported one?')).toBeTruthy();
    const importRequests = sent(requests, IMPORT);
    expect(importRequests).toHaveLength(1);
    expect(importRequests[0]?.body).toMatchObject({
      format: 'csv',
      fileName: 'bank.csv',
      content: btoa(CSV),
      addTopics: false,
    });
    expect((importRequests[0]?.body as { key: string }).key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("lists the file's new topics under 'Add new topics to this exam', previews again when ticked and imports with it", async () => {
    const TOPICS_CSV =
      'question,option1,option2,option3,option4,correct,topic\nRenal?,a,b,c,d,1,Renal\nEndo?,a,b,c,d,1,Endocrinology\n';
    const withTopic = (question: string, topic: string) => ({
      ...PLAN.sample[0]!,
      question,
      topic,
      rationales: [],
    });
    const unticked: ImportPreview = {
      ...PLAN,
      toCreate: 0,
      refusedCount: 2,
      sample: [],
      refused: [
        {
          item: 1,
          line: 2,
          excerpt: 'Renal?',
          reason: 'The topic "Renal" is not one of this exam\'s topics',
        },
        {
          item: 2,
          line: 3,
          excerpt: 'Endo?',
          reason: 'The topic "Endocrinology" is not one of this exam\'s topics',
        },
      ],
      newTopics: ['Renal', 'Endocrinology'],
      topicsAvailable: 28,
    };
    const ticked: ImportPreview = {
      ...unticked,
      toCreate: 2,
      refusedCount: 0,
      refused: [],
      sample: [withTopic('Renal?', 'Renal'), withTopic('Endo?', 'Endocrinology')],
    };
    const requests = openEditor({
      [DETAIL]: () => json(exam([])),
      [LIST]: () => json(list([])),
      [PREVIEW]: (request) => json((request.body as { addTopics: boolean }).addTopics ? ticked : unticked),
      [IMPORT]: () =>
        json(
          {
            message: 'Imported 2 questions.',
            importId: 'imp-2',
            format: 'csv',
            fileName: 'topics.csv',
            created: 2,
            refused: 0,
            repeated: false,
          },
          201,
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    await user.upload(
      within(dialog).getByLabelText('Question file'),
      new File([TOPICS_CSV], 'topics.csv', { type: 'text/csv' }),
    );
    await user.click(await within(dialog).findByRole('button', { name: 'Preview' }));

    const box = await within(dialog).findByRole('checkbox', { name: 'Add new topics to this exam' });
    expect(within(dialog).getByRole('heading', { name: 'New topics (2)' })).toBeTruthy();
    expect(
      within(dialog).getByText('This exam does not have these topics yet: Renal, Endocrinology.'),
    ).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Without the tick, the questions with these topics are refused.',
    );
    expect(within(dialog).getByRole('button', { name: 'Import 0 questions' })).toHaveProperty(
      'disabled',
      true,
    );

    await user.click(box);
    expect(await within(dialog).findByText('2 questions will be imported and 2 topics added.')).toBeTruthy();
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Answer: c · Topic: Renal')).toBeTruthy();
    expect(sent(requests, PREVIEW).map((r) => (r.body as { addTopics: boolean }).addTopics)).toEqual([
      false,
      true,
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Import 2 questions' }));
    expect(await screen.findByText('Imported 2 questions.')).toBeTruthy();
    expect(sent(requests, IMPORT)[0]?.body).toMatchObject({ fileName: 'topics.csv', addTopics: true });
  });

  it('offers no tick when the file brings more topics than the exam can take', async () => {
    openEditor({
      [DETAIL]: () => json(exam([])),
      [LIST]: () => json(list([])),
      [PREVIEW]: () => json({ ...PLAN, newTopics: ['Renal', 'Endocrinology'], topicsAvailable: 1 }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    await user.upload(within(dialog).getByLabelText('Question file'), new File([CSV], 'bank.csv'));
    await user.click(await within(dialog).findByRole('button', { name: 'Preview' }));
    const box = await within(dialog).findByRole('checkbox', { name: 'Add new topics to this exam' });
    expect(box).toHaveProperty('disabled', true);
    expect(
      within(dialog).getByText(
        'This exam can take 1 more topic (30 at most). Merge or remove topics on the exam first, or import without them.',
      ),
    ).toBeTruthy();
  });

  it('refuses a file over 5 MB in the browser and shows a server refusal', async () => {
    const requests = openEditor({
      [DETAIL]: () => json(exam([])),
      [LIST]: () => json(list([])),
      [PREVIEW]: () => json({ message: 'The file is not valid XML: Unclosed tag (line 1).' }, 422),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import questions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import questions' });
    const input = within(dialog).getByLabelText('Question file');

    const big = new File(['x'], 'big.csv');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await user.upload(input, big);
    expect(
      await within(dialog).findByText(
        'The file is larger than 5 MB. Split it into smaller files and import each.',
      ),
    ).toBeTruthy();

    await user.upload(input, new File(['<quiz>'], 'broken.xml'));
    expect(within(dialog).getByRole('combobox', { name: 'Format' }).textContent).toContain('Moodle XML');
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText('The file is not valid XML: Unclosed tag (line 1).')).toBeTruthy();
    expect(sent(requests, PREVIEW)).toHaveLength(1);
    expect(sent(requests, IMPORT)).toHaveLength(0);
  });
});

describe('Export', () => {
  it('downloads the chosen format under the name the server gives', async () => {
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const requests = openEditor({
      [DETAIL]: () => json(exam(['Existing?'])),
      [LIST]: () => json(list(['Existing?'])),
      [EXPORT]: () =>
        new Response('question,option1\n', {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': `attachment; filename="cardiology-basics-questions.csv"; filename*=UTF-8''cardiology-basics-questions.csv`,
          },
        }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export questions' }));
    // Aiken says, by its name, what it leaves out.
    expect((await screen.findByRole('menuitem', { name: /^Aiken/ })).textContent).toBe(
      'AikenQuestion, options and answer only: explanations, rationales, objectives, references and topics are left out',
    );
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    await waitFor(() => expect(clicked).toEqual(['cardiology-basics-questions.csv']));
    const [request] = sent(requests, EXPORT);
    expect(request?.search).toBe('?format=csv');
    expect(request?.headers.get('Authorization')).toBe('Admin admin-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
  });
});
