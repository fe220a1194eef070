import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAdminQuestion } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { questionBody } from '../exam-fixtures.ts';
import { QuestionDialog } from './question-dialog.tsx';
import type { AdminQuestion } from '@mlp/contract';

const EXAM_ID = 'exam-1';

/** Opens the dialog as a signed-in administrator: adding a question when `question` is null, else editing it. */
function renderDialog({
  question = null,
  topics = [],
  onSaved = vi.fn(),
}: { question?: AdminQuestion | null; topics?: string[]; onSaved?: () => void } = {}) {
  window.localStorage.setItem('adminToken', 'admin-token');
  renderPage(
    <QuestionDialog
      open
      examId={EXAM_ID}
      topics={topics}
      question={question}
      onClose={() => undefined}
      onSaved={onSaved}
    />,
    { url: '/admin/exams/exam-1/edit' },
  );
  return screen.getByRole('dialog', { name: question ? 'Edit Question' : 'Add Question' });
}

/** Types by pasting: key-by-key typing into a dialog of twenty fields is slow on a busy machine. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
}

const optionField = (dialog: HTMLElement, n: number) =>
  within(dialog).getByRole('textbox', { name: `Option ${n}` });

describe('QuestionDialog', () => {
  it('keeps between 4 and 6 options', async () => {
    stubFetch();
    const dialog = renderDialog();
    const user = userEvent.setup();
    const add = within(dialog).getByRole('button', { name: 'Add option' });

    expect(within(dialog).getAllByRole('button', { name: /^Remove option/ })).toHaveLength(4);
    expect(within(dialog).getByRole('button', { name: 'Remove option 1' }).hasAttribute('disabled')).toBe(
      true,
    );

    await user.click(add);
    await user.click(add);
    expect(within(dialog).getAllByRole('radio')).toHaveLength(6);
    expect(add.hasAttribute('disabled')).toBe(true);
    expect(within(dialog).getByRole('button', { name: 'Remove option 6' }).hasAttribute('disabled')).toBe(
      false,
    );

    await user.click(within(dialog).getByRole('button', { name: 'Remove option 6' }));
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(add.hasAttribute('disabled')).toBe(false);
  });

  it('requires every field but the explanation, then sends the chosen correct answer', async () => {
    const requests = stubFetch({
      [`POST /api/admin/exams/${EXAM_ID}/questions`]: () => json(buildAdminQuestion(), 201),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog({ onSaved });
    const user = userEvent.setup();

    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(within(dialog).getByText('Question text is required')).toBeTruthy();
    expect(within(dialog).getByText('Option 1 is required')).toBeTruthy();
    expect(within(dialog).getByText('Choose the correct answer')).toBeTruthy();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'First-line treatment?');
    for (const [n, text] of [
      [1, 'A'],
      [2, 'B'],
      [3, 'C'],
      [4, 'D'],
    ] as const) {
      await user.type(optionField(dialog, n), text);
    }
    await user.click(within(dialog).getByRole('radio', { name: 'Option 3 is the correct answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = requests.find((r) => r.method === 'POST');
    expect(post?.body).toEqual(
      questionBody({ question: 'First-line treatment?', options: ['A', 'B', 'C', 'D'], correctAnswer: 2 }),
    );
  });

  it("shows the server's message when saving fails", async () => {
    stubFetch({
      [`POST /api/admin/exams/${EXAM_ID}/questions`]: () =>
        json(
          {
            message: 'Validation failed',
            errors: [{ path: 'options', message: 'Options must all be different' }],
          },
          400,
        ),
    });
    const dialog = renderDialog();
    const user = userEvent.setup();
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'Q');
    for (const n of [1, 2, 3, 4]) await user.type(optionField(dialog, n), `opt ${n}`);
    await user.click(within(dialog).getByRole('radio', { name: 'Option 1 is the correct answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await within(dialog).findByText('Validation failed')).toBeTruthy();
    expect(within(dialog).getByText('Options must all be different')).toBeTruthy();
  });
});

describe('QuestionDialog: after a refused save', () => {
  it('focuses the first field with a problem, and takes each message away as its field is fixed', async () => {
    stubFetch();
    const dialog = renderDialog();
    const user = userEvent.setup();
    const save = within(dialog).getByRole('button', { name: 'Save Question' });

    await user.click(save);
    const question = within(dialog).getByRole('textbox', { name: 'Question' });
    await waitFor(() => expect(document.activeElement).toBe(question));
    expect(question.getAttribute('aria-invalid')).toBe('true');
    await fill(user, question, 'Which rhythm?');
    expect(within(dialog).queryByText('Question text is required')).toBeNull();
    // The others stay until they are fixed.
    expect(within(dialog).getByText('Option 1 is required')).toBeTruthy();

    await user.click(save);
    await waitFor(() => expect(document.activeElement).toBe(optionField(dialog, 1)));
    for (const [n, text] of [
      [1, 'AF'],
      [2, 'VT'],
      [3, 'AF'],
      [4, 'SVT'],
    ] as const) {
      await fill(user, optionField(dialog, n), text);
    }
    expect(
      within(dialog)
        .queryAllByText(/^Option \d is required$/)
        .map((e) => e.textContent),
    ).toEqual([]);
    expect(within(dialog).getByText('Choose the correct answer')).toBeTruthy();
    await user.click(within(dialog).getByRole('radio', { name: 'Option 2 is the correct answer' }));
    expect(within(dialog).queryByText('Choose the correct answer')).toBeNull();

    await user.click(save);
    expect(await within(dialog).findByText('Options must all be different')).toBeTruthy();
    await fill(user, optionField(dialog, 3), 'Flutter');
    expect(within(dialog).queryByText('Options must all be different')).toBeNull();
  });
});

describe('QuestionDialog: topic, rationales, objective, references, duplicates (decision 0050)', () => {
  const EDITED = {
    _id: 'q1',
    question: 'Which rhythm?',
    options: ['AF', 'VT', 'SVT', 'Flutter'],
    correctAnswer: 0,
    explanation: '',
    isAIGenerated: false,
    approvalStatus: 'approved' as const,
    rejectionReason: null,
    topic: 'Arrhythmia',
    image: null,
    explanationImage: null,
    rationales: ['Irregularly irregular', '', 'Regular narrow complex', ''],
    objective: 'Recognise AF.',
    references: [{ title: 'NICE NG196', url: 'https://www.nice.org.uk/guidance/ng196' }],
    version: 3,
    isSample: false,
  };

  it("edits each option's rationale beside it, the topic, objective and references, and sends them", async () => {
    const requests = stubFetch({
      [`PUT /api/admin/exams/${EXAM_ID}/questions/q1`]: () => json({ ...EDITED, version: 4 }),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog({ question: EDITED, topics: ['Arrhythmia', 'Heart failure'], onSaved });
    const user = userEvent.setup();
    // The key's rationale says 'right', the others 'wrong'.
    expect(within(dialog).getByRole('textbox', { name: 'Rationale 1 (why it is right)' })).toHaveProperty(
      'value',
      'Irregularly irregular',
    );
    await fill(
      user,
      within(dialog).getByRole('textbox', { name: 'Rationale 2 (why it is wrong)' }),
      'Broad complex',
    );
    await user.click(within(dialog).getByRole('combobox', { name: 'Topic' }));
    await user.click(screen.getByRole('option', { name: 'Heart failure' }));
    const objective = within(dialog).getByRole('textbox', { name: 'Learning objective' });
    await fill(user, objective, 'AF is irregularly irregular.');
    await user.click(within(dialog).getByRole('button', { name: 'Add reference' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reference 2 title' }), 'BNF');
    await fill(user, within(dialog).getByRole('textbox', { name: 'Reference 2 link' }), 'ftp://bnf');
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(within(dialog).getByText('A reference link must start with http:// or https://')).toBeTruthy();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Reference 2 link' }));
    // Removing an option takes its rationale with it.
    await user.click(within(dialog).getByRole('button', { name: 'Add option' }));
    await fill(user, within(dialog).getByRole('textbox', { name: 'Option 5' }), 'Sinus');
    await user.click(within(dialog).getByRole('button', { name: 'Remove option 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      options: ['AF', 'VT', 'Flutter', 'Sinus'],
      rationales: ['Irregularly irregular', 'Broad complex', '', ''],
      topic: 'Heart failure',
      objective: 'AF is irregularly irregular.',
      references: [
        { title: 'NICE NG196', url: 'https://www.nice.org.uk/guidance/ng196' },
        { title: 'BNF', url: null },
      ],
    });
  });

  it('warns of a question with nearly the same text, links to it, and adds it anyway when asked', async () => {
    let posts = 0;
    const requests = stubFetch({
      [`POST /api/admin/exams/${EXAM_ID}/questions`]: (request) => {
        posts += 1;
        return (request.body as { allowDuplicate?: boolean }).allowDuplicate
          ? json({ ...EDITED, _id: 'q9' }, 201)
          : json(
              {
                message:
                  'Question 4 of this exam is nearly the same: “Which rhythm?”. Change the text, or save it anyway.',
                code: 'DUPLICATE_QUESTION',
              },
              409,
            );
      },
      [`POST /api/admin/exams/${EXAM_ID}/questions/similar`]: () =>
        json({
          similar: [
            { _id: 'q4', question: 'Which rhythm?', number: 4, approvalStatus: 'approved', similarity: 1 },
          ],
        }),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog({ onSaved });
    const user = userEvent.setup();
    await fill(user, within(dialog).getByRole('textbox', { name: 'Question' }), 'Which rhythm ?');
    for (const n of [1, 2, 3, 4]) await fill(user, optionField(dialog, n), `opt ${n}`);
    await user.click(within(dialog).getByRole('radio', { name: 'Option 1 is the correct answer' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await within(dialog).findByText(/Question 4 of this exam is nearly the same/)).toBeTruthy();
    const link = await within(dialog).findByRole('link', { name: 'Open question 4 in a new tab' });
    expect(link.getAttribute('href')).toBe('/admin/exams/exam-1/edit?search=Which+rhythm%3F');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Add anyway' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(posts).toBe(2);
    expect(
      requests.filter((r) => r.method === 'POST' && r.path.endsWith('/questions')).at(-1)?.body,
    ).toMatchObject({
      allowDuplicate: true,
    });
  });
});

describe('QuestionDialog images (decision 0040)', () => {
  const HASH = 'f'.repeat(64);
  const uploaded = {
    hash: HASH,
    contentType: 'image/png',
    width: 1600,
    height: 400,
    url: `/api/media/${HASH}`,
  };

  async function fillQuestion(dialog: HTMLElement, user: ReturnType<typeof userEvent.setup>) {
    await user.type(within(dialog).getByRole('textbox', { name: 'Question' }), 'What does the ECG show?');
    for (const n of [1, 2, 3, 4]) await user.type(optionField(dialog, n), `Rhythm ${n}`);
    await user.click(within(dialog).getByRole('radio', { name: 'Option 2 is the correct answer' }));
  }

  it('uploads a chosen image, shows it, requires alt text, and saves hash and alt', async () => {
    let release: () => void = () => undefined;
    const requests = stubFetch({
      'POST /api/admin/media': () =>
        new Promise((resolve) => {
          release = () => resolve(json(uploaded, 201));
        }),
      [`POST /api/admin/exams/${EXAM_ID}/questions`]: () => json(buildAdminQuestion(), 201),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog({ onSaved });
    const user = userEvent.setup();
    await fillQuestion(dialog, user);

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'ecg.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Choose question image file'), file);
    // Busy while the upload runs: the button is disabled and the status says so.
    expect(within(dialog).getByRole('status').textContent).toContain('Uploading image…');
    expect(within(dialog).getByRole('button', { name: 'Add question image' }).hasAttribute('disabled')).toBe(
      true,
    );
    const upload = requests.find((r) => r.path === '/api/admin/media');
    expect(upload?.headers.get('content-type')).toBe('application/octet-stream');
    expect(upload?.headers.get('authorization')).toBe('Admin admin-token');
    release();

    const alt = await within(dialog).findByRole('textbox', { name: 'Alt text for the question image' });
    // No alt text yet: the preview has an empty description and saving is refused.
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(within(dialog).getByText('Describe the image for people who cannot see it')).toBeTruthy();
    expect(requests.some((r) => r.path.endsWith('/questions'))).toBe(false);

    await user.type(alt, '12-lead ECG');
    const preview = within(dialog).getByRole('img', { name: '12-lead ECG' });
    expect(preview.getAttribute('src')).toBe(`/api/media/${HASH}`);
    // The preview is capped at 220 px high, keeping the proportions of 1600 × 400.
    expect([preview.getAttribute('width'), preview.getAttribute('height')]).toEqual(['880', '220']);
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const post = requests.find((r) => r.path.endsWith('/questions'));
    expect(post?.body).toMatchObject({
      image: { hash: HASH, alt: '12-lead ECG' },
      explanationImage: null,
    });
  });

  it("shows the server's refusal of a file, and removing an image sends null", async () => {
    const requests = stubFetch({
      'POST /api/admin/media': () =>
        json(
          { message: 'Only PNG, JPEG and WebP images can be uploaded. This file is not one of them.' },
          415,
        ),
      [`PUT /api/admin/exams/${EXAM_ID}/questions/q1`]: () => json(buildAdminQuestion()),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog({
      question: buildAdminQuestion({
        question: 'Which rhythm?',
        options: ['A', 'B', 'C', 'D'],
        explanation: 'Because.',
        explanationImage: { ...uploaded, contentType: 'image/png', alt: 'Annotated strip' },
      }),
      onSaved,
    });
    const user = userEvent.setup();
    expect(within(dialog).getByRole('img', { name: 'Annotated strip' })).toBeTruthy();

    const notes = new File(['just some notes'], 'notes.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Choose question image file'), notes);
    expect(
      await within(dialog).findByText(
        'Only PNG, JPEG and WebP images can be uploaded. This file is not one of them.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole('textbox', { name: 'Alt text for the question image' })).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Remove explanation image' }));
    expect(within(dialog).queryByRole('img', { name: 'Annotated strip' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const put = requests.find((r) => r.method === 'PUT');
    expect(put?.body).toMatchObject({ image: null, explanationImage: null });
  });
});

describe('QuestionDialog: sample question (decision 0061)', () => {
  function renderEdit(question = buildAdminQuestion()) {
    const onSaved = vi.fn();
    return { dialog: renderDialog({ question, onSaved }), onSaved };
  }

  it('shows the switch as the question has it and sends the change', async () => {
    const requests = stubFetch({
      [`PUT /api/admin/exams/${EXAM_ID}/questions/q1`]: () => json(buildAdminQuestion({ isSample: true })),
    });
    const { dialog, onSaved } = renderEdit();
    const user = userEvent.setup();
    const sample = within(dialog).getByRole('switch', { name: 'Sample question' });
    expect(sample).toHaveProperty('checked', false);
    // What it means is read out with it.
    expect(document.getElementById(sample.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /^Shown on the exam's page for anyone to try before subscribing/,
    );
    await user.click(sample);
    expect(sample).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({ isSample: true });
  });

  it("keeps a sample's switch on and shows the server's refusal of a fourth", async () => {
    const refusal =
      'An exam can have at most 3 sample questions. Turn off "Sample question" on another question of this exam first.';
    stubFetch({
      [`PUT /api/admin/exams/${EXAM_ID}/questions/q1`]: () => json({ message: refusal }, 409),
    });
    const { dialog } = renderEdit(buildAdminQuestion({ isSample: true }));
    const user = userEvent.setup();
    expect(within(dialog).getByRole('switch', { name: 'Sample question' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Save Question' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
  });
});
