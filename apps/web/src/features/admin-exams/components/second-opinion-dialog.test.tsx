import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminExamDetail, AdminQuestion, SecondOpinion } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { buildAdminQuestion } from '../../../test/factories.ts';
import { EXAM_ID, exam as buildExam } from '../exam-fixtures.ts';
import { EditExamPage } from './edit-exam-page.tsx';

const QUESTION_ID = '0190f3a2-0000-7000-8000-0000000000a1';
const DETAIL = `GET /api/admin/exams/${EXAM_ID}/info`;
const ASK = `POST /api/admin/exams/${EXAM_ID}/questions/${QUESTION_ID}/second-opinion`;
const APPLY = `${ASK}/apply`;

const QUESTION: AdminQuestion = buildAdminQuestion({
  _id: QUESTION_ID,
  question: 'Which drug improves survival in heart failure?',
  options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Amlodipine'],
  correctAnswer: 1,
  explanation: 'Loop diuretics relieve congestion.',
  topic: 'Heart failure',
});

const exam = (question: AdminQuestion): AdminExamDetail =>
  buildExam({
    numberOfQuestions: 1,
    tags: [],
    topics: ['Heart failure', 'Arrhythmia'],
    modes: ['exam'],
    questions: [question],
  });

const SUGGESTION = {
  question: 'Which drug improves survival in heart failure with reduced ejection fraction?',
  options: ['Digoxin', 'Furosemide', 'Bisoprolol', 'Ramipril'],
  correctAnswer: 2,
  explanation: 'Beta-blockers relieve symptoms and reduce mortality.',
  topic: 'Heart failure',
  rationales: [],
  objective: '',
  references: [],
};

const OPINION: SecondOpinion = {
  verdict: 'disagrees',
  summary: 'Furosemide relieves symptoms but does not improve survival.',
  issues: ['The marked answer does not improve survival.', 'The explanation is about symptoms only.'],
  suggestion: SUGGESTION,
  note: null,
  model: 'fake-model',
  version: 'v1',
};

const LIST = `GET /api/admin/exams/${EXAM_ID}/questions`;

/** The page of the question list (decision 0043), from the exam DETAIL answers at that moment. */
function listFromDetail(handlers: NonNullable<Parameters<typeof stubFetch>[0]>) {
  return async (request: RecordedRequest) => {
    const detail = (await (await handlers[DETAIL]!(request)).json()) as AdminExamDetail;
    const rejectedView = new URLSearchParams(request.search).get('status') === 'rejected';
    const questions = detail.questions
      .filter((q) => (q.approvalStatus === 'rejected') === rejectedView)
      .map((q, index) => ({ ...q, number: index + 1 }));
    const count = (state: string) => detail.questions.filter((q) => q.approvalStatus === state).length;
    return json({
      questions,
      total: questions.length,
      page: 1,
      limit: 25,
      counts: {
        all: detail.questions.length,
        pending: count('pending'),
        approved: count('approved'),
        rejected: count('rejected'),
      },
      topics: [...new Set(detail.questions.map((q) => q.topic ?? 'General'))].sort(),
    });
  };
}

function openEditor(handlers: NonNullable<Parameters<typeof stubFetch>[0]>) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch({ ...handlers, [LIST]: listFromDetail(handlers) });
  renderPage(<EditExamPage examId={EXAM_ID} />, { url: `/admin/exams/${EXAM_ID}/edit` });
  return requests;
}

const sent = (requests: RecordedRequest[], key: string) =>
  requests.filter((r) => `${r.method} ${r.path}` === key);

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  const card = await screen.findByRole('article', { name: 'Question 1' });
  await user.click(within(card).getByRole('button', { name: 'Ask AI for a second opinion' }));
  return screen.findByRole('dialog', { name: /AI second opinion/ });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('AI second opinion dialog', () => {
  it('shows the verdict, the issues and a diff of the suggestion, then applies it and reloads the list', async () => {
    let applied = false;
    let answer: (response: Response) => void = () => undefined;
    const requests = openEditor({
      [DETAIL]: () => json(exam(applied ? { ...QUESTION, ...SUGGESTION } : QUESTION)),
      [ASK]: () => new Promise<Response>((resolve) => (answer = resolve)),
      [APPLY]: () => {
        applied = true;
        return json({
          message: 'Suggestion applied to the question',
          question: { ...QUESTION, ...SUGGESTION, version: 2 },
          previousVersion: 1,
        });
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);

    // While the model thinks: a named progress bar and what is happening.
    expect(within(dialog).getByRole('progressbar', { name: 'Asking the model' })).toBeTruthy();
    expect(within(dialog).getByText(/Asking the model… This can take up to a minute/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply suggestion' }).hasAttribute('disabled')).toBe(
      true,
    );
    answer(json(OPINION));

    expect(
      await within(dialog).findByText('The model disagrees with the answer or explanation'),
    ).toBeTruthy();
    expect(within(dialog).getByText(OPINION.summary)).toBeTruthy();
    expect(within(dialog).getByText('The marked answer does not improve survival.')).toBeTruthy();
    expect(sent(requests, ASK)[0]?.body).toEqual({});

    // The key's move in words; words removed and added as <del> and <ins>, named for screen readers.
    expect(within(dialog).getByText('Correct answer: B → C')).toBeTruthy();
    const added = [...dialog.querySelectorAll('ins')].map((node) => node.textContent);
    const removed = [...dialog.querySelectorAll('del')].map((node) => node.textContent);
    expect(added).toContain('[added: with reduced ejection fraction]');
    expect(added).toContain('[added: Ramipril]');
    expect(removed).toContain('[removed: Amlodipine]');
    expect(removed.some((text) => text?.includes('Loop diuretics'))).toBe(true);
    const options = within(dialog)
      .getAllByRole('listitem')
      .filter((item) => /^[A-D]\. /.test(item.textContent ?? ''));
    expect(options.map((item) => item.textContent)).toEqual([
      'A. Digoxin',
      'B. FurosemideCorrect now',
      'C. BisoprololSuggested correct answer',
      'D. [removed: Amlodipine][added: Ramipril]Changed',
    ]);
    // The topic stays.
    expect(within(dialog).getByText('Heart failure')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Apply suggestion' }));
    // It asks first: nothing is sent until confirmed, and 'Back' returns to the opinion.
    expect(within(dialog).getByRole('alert').textContent).toMatch(/^Apply the suggestion to this question\?/);
    expect(sent(requests, APPLY)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply suggestion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, apply it' }));
    expect(await screen.findByText('Suggestion applied to the question')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The toast offers to undo it (restoring the version before, from the question's history).
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(await screen.findByText(SUGGESTION.question)).toBeTruthy();
    expect(sent(requests, APPLY)[0]?.body).toEqual({
      version: 'v1',
      model: 'fake-model',
      verdict: 'disagrees',
      suggestion: SUGGESTION,
    });
    expect(sent(requests, ASK)).toHaveLength(1);
  });

  it('says why a request failed and asks again on "Try again"', async () => {
    let calls = 0;
    openEditor({
      [DETAIL]: () => json(exam(QUESTION)),
      [ASK]: () => {
        calls += 1;
        return calls === 1
          ? json({ message: 'The AI service did not answer in time. Please try again.' }, 502)
          : json({ ...OPINION, verdict: 'agrees', issues: [], suggestion: { ...SUGGESTION, ...QUESTION } });
      },
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(
      await within(dialog).findByText('The AI service did not answer in time. Please try again.'),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('The model agrees with the answer and explanation')).toBeTruthy();
    expect(within(dialog).getByText('The model found no issues.')).toBeTruthy();
    expect(within(dialog).getByText('The suggestion makes no changes to the question.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply suggestion' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(calls).toBe(2);
  });

  it('offers nothing to apply when the suggestion was left out, and shows why', async () => {
    openEditor({
      [DETAIL]: () => json(exam(QUESTION)),
      [ASK]: () =>
        json({
          ...OPINION,
          suggestion: null,
          note: "The model's suggested fix was left out because it breaks the question rules: A question needs 4 to 6 options.",
        }),
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(/A question needs 4 to 6 options/)).toBeTruthy();
    expect(within(dialog).getByText('There is no usable suggestion to apply.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply suggestion' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says so when the question changed meanwhile (409) and can ask again', async () => {
    let calls = 0;
    openEditor({
      [DETAIL]: () => json(exam(QUESTION)),
      [ASK]: () => {
        calls += 1;
        return json(OPINION);
      },
      [APPLY]: () =>
        json(
          {
            message:
              'This question has changed since the second opinion was asked, so the suggestion was not applied. Ask for a new opinion on the question as it is now.',
          },
          409,
        ),
    });
    const user = userEvent.setup();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Apply suggestion' }));
    await user.click(within(dialog).getByRole('button', { name: 'Yes, apply it' }));
    expect(await within(dialog).findByText(/This question has changed since/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Apply suggestion' }).hasAttribute('disabled')).toBe(
      true,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Ask again' }));
    await waitFor(() => expect(calls).toBe(2));
    expect(within(dialog).queryByText(/This question has changed since/)).toBeNull();
    expect(await within(dialog).findByRole('button', { name: 'Apply suggestion' })).toHaveProperty(
      'disabled',
      false,
    );
  });

  it('is not offered on rejected questions', async () => {
    openEditor({
      [DETAIL]: () =>
        json(
          exam({ ...QUESTION, isAIGenerated: true, approvalStatus: 'rejected', rejectionReason: 'Vague' }),
        ),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rejected (1)' }));
    await screen.findByText('Rejection reason:');
    expect(screen.queryByRole('button', { name: 'Ask AI for a second opinion' })).toBeNull();
  });
});
