import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { QuestionDialog } from './question-dialog.tsx';

const EXAM_ID = 'exam-1';

function renderDialog(onSaved = vi.fn()) {
  window.localStorage.setItem('adminToken', 'admin-token');
  renderPage(
    <QuestionDialog open examId={EXAM_ID} question={null} onClose={() => undefined} onSaved={onSaved} />,
    { url: '/admin/exams/exam-1/edit' },
  );
  return screen.getByRole('dialog', { name: 'Add Question' });
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
      [`POST /api/admin/exams/${EXAM_ID}/questions`]: (request) =>
        json(
          {
            _id: 'q1',
            isAIGenerated: false,
            approvalStatus: 'approved',
            rejectionReason: null,
            ...(request.body as object),
          },
          201,
        ),
    });
    const onSaved = vi.fn();
    const dialog = renderDialog(onSaved);
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
    expect(post?.body).toEqual({
      question: 'First-line treatment?',
      options: ['A', 'B', 'C', 'D'],
      correctAnswer: 2,
      explanation: '',
    });
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
