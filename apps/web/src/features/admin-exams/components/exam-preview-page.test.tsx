import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ExamPreview, PreviewQuestion } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamPreviewPage } from './exam-preview-page.tsx';

const EXAM_ID = '0190f3a2-0000-7000-8000-000000000001';
const PREVIEW = `GET /api/admin/exams/${EXAM_ID}/preview`;

const previewQuestion = (n: number, overrides: Partial<PreviewQuestion> = {}): PreviewQuestion => ({
  _id: `q${n}`,
  question: `Previewed question ${n}?`,
  // Shown in the served (shuffled) order; the answer is named by its text.
  choices: [`Wrong A${n}`, `Right ${n}`, `Wrong B${n}`, `Wrong C${n}`],
  topic: 'Cardiology',
  image: null,
  correctAnswer: `Right ${n}`,
  explanation: `Because ${n}.`,
  explanationImage: null,
  rationales: [],
  objective: '',
  references: [],
  ...overrides,
});

const preview = (overrides: Partial<ExamPreview> = {}): ExamPreview => ({
  examId: EXAM_ID,
  examTitle: 'Cardiology basics',
  isActive: false,
  numberOfQuestions: 3,
  approvedCount: 5,
  questions: [
    previewQuestion(1),
    // Rationales aligned with the choices as served.
    previewQuestion(2, {
      rationales: ['A2 is a distractor.', 'Right 2 is right.', '', ''],
      objective: 'Know question 2.',
      references: [{ title: 'Source 2', url: 'https://example.org/2' }],
    }),
    previewQuestion(3),
  ],
  ...overrides,
});

const previewRequests = (requests: RecordedRequest[]) =>
  requests.filter((r) => `${r.method} ${r.path}` === PREVIEW);

function openPreview(handler: () => Response) {
  window.localStorage.setItem('adminToken', 'admin-token');
  const requests = stubFetch({ [PREVIEW]: handler });
  const view = renderPage(<ExamPreviewPage examId={EXAM_ID} />, { url: `/admin/exams/${EXAM_ID}/preview` });
  return { requests, ...view };
}

describe('ExamPreviewPage', () => {
  it('shows the draw one question at a time, then marks it here, sending nothing', async () => {
    const { requests } = openPreview(() => json(preview()));
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Previewed question 1?' })).toBeTruthy();
    expect(screen.getByText('Preview — nothing you answer here is saved.')).toBeTruthy();
    expect(
      screen.getByText(/A sitting draws 3 of the 5 approved questions at random, shuffled/).textContent,
    ).toContain('This exam is a draft');
    expect(screen.getByText('Question 1 of 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the exam' }).getAttribute('href')).toBe(
      `/admin/exams/${EXAM_ID}/edit`,
    );

    // Question 1 right with the mouse, question 2 wrong with the keyboard, question 3 left unanswered.
    await user.click(screen.getByRole('radio', { name: 'Right 1' }));
    expect(screen.getByRole('radio', { name: 'Right 1' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Previewed question 2?' })).toBeTruthy();
    await user.keyboard('1');
    expect(screen.getByRole('radio', { name: 'Wrong A2' }).getAttribute('aria-checked')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Flag' }));
    expect(screen.getByText('2 of 3 answered · 1 flagged')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Question 2, answered, flagged' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Question 3, unanswered' }));
    expect(screen.getByText('Question 3 of 3')).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByText('Question 2 of 3')).toBeTruthy();

    await user.click(screen.getAllByRole('button', { name: 'Check answers' })[0]!);
    const score = await screen.findByRole('heading', { name: 'Score: 1 of 3 (33%)' });
    expect(document.activeElement).toBe(score);
    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first!).getByRole('heading', { name: 'Question 1: Correct' })).toBeTruthy();
    expect(within(second!).getByRole('heading', { name: 'Question 2: Incorrect' })).toBeTruthy();
    // The options in the served order, the pick and the key marked, with their rationales.
    expect(
      within(within(second!).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      '1Wrong A2Your answer, incorrectA2 is a distractor.',
      '2Right 2Correct answerRight 2 is right.',
      '3Wrong B2',
      '4Wrong C2',
    ]);
    expect(within(second!).getByText('Because 2.')).toBeTruthy();
    expect(within(second!).getByRole('heading', { level: 4, name: 'Learning objective' })).toBeTruthy();
    expect(within(second!).getByText('Know question 2.')).toBeTruthy();
    expect(
      within(second!)
        .getByRole('link', { name: /^Source 2/ })
        .getAttribute('rel'),
    ).toBe('noopener noreferrer');
    expect(within(first!).queryByRole('heading', { name: 'Learning objective' })).toBeNull();
    expect(within(third!).getByRole('heading', { name: 'Question 3: Not answered' })).toBeTruthy();

    // The preview was asked for once, and nothing was sent: no attempt, no answers, no result.
    expect(previewRequests(requests)).toHaveLength(1);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('draws again on Preview again, starting afresh', async () => {
    let draws = 0;
    const { requests } = openPreview(() => {
      draws += 1;

      return json(
        preview({ questions: draws === 1 ? [previewQuestion(1)] : [previewQuestion(7)], approvedCount: 1 }),
      );
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Right 1' }));
    // One question: the navigator has no second Check answers button.
    await user.click(screen.getByRole('button', { name: 'Check answers' }));
    expect(await screen.findByRole('heading', { name: 'Score: 1 of 1 (100%)' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Preview again' }));
    expect(await screen.findByRole('heading', { name: 'Previewed question 7?' })).toBeTruthy();
    expect(screen.getByText('0 of 1 answered')).toBeTruthy();
    expect(previewRequests(requests)).toHaveLength(2);
  });

  it('says so when the exam has no approved questions', async () => {
    openPreview(() => json(preview({ approvedCount: 0, questions: [] })));
    expect(await screen.findByRole('heading', { name: 'No questions to preview yet' })).toBeTruthy();
    expect(screen.getByText('Preview — nothing you answer here is saved.')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Back to the exam' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Check answers' })).toBeNull();
  });

  it('says when the preview cannot be loaded, and tries again', async () => {
    let fail = true;
    const { requests } = openPreview(() =>
      fail ? json({ message: 'Exam not found' }, 404) : json(preview()),
    );
    expect(await screen.findByText('Exam not found')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Previewed question 1?' })).toBeTruthy();
    await waitFor(() => expect(previewRequests(requests)).toHaveLength(2));
  });
});
