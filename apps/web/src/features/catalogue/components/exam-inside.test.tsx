import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ExamInside as ExamInsideData, SampleReveal } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import type { ModeText } from '../exam-text.ts';
import { ExamInside } from './exam-inside.tsx';

const MODE_TEXT: ModeText = {
  name: (mode) => ({ exam: 'Exam', timed: 'Timed', tutor: 'Tutor' })[mode],
  description: (mode, questions, seconds) => `${mode} line for ${questions} at ${seconds}`,
  allowance: (seconds) => `${seconds / 60} min`,
};

function buildInside(overrides: Partial<ExamInsideData> = {}): ExamInsideData {
  return {
    examId: 'exam-1',
    topics: [
      { topic: 'Arrhythmia', questionCount: 12 },
      { topic: 'General', questionCount: 1 },
    ],
    questionCount: 13,
    modes: ['exam', 'timed'],
    questionsPerSitting: 10,
    secondsPerQuestion: 90,
    samples: [
      {
        _id: 's1',
        question: 'Which rhythm is irregularly irregular?',
        choices: ['Atrial fibrillation', 'Sinus rhythm', 'Atrial flutter', 'Ventricular tachycardia'],
        topic: 'Arrhythmia',
        image: null,
      },
      {
        _id: 's2',
        question: 'First-line rate control in AF?',
        choices: ['Bisoprolol', 'Amiodarone', 'Digoxin', 'Adenosine'],
        topic: 'Arrhythmia',
        image: null,
      },
    ],
    ...overrides,
  };
}

const reveal = (overrides: Partial<SampleReveal> = {}): SampleReveal => ({
  questionId: 's1',
  answer: 'Sinus rhythm',
  isCorrect: false,
  correctAnswer: 'Atrial fibrillation',
  explanation: 'AF has no organised atrial activity.',
  explanationImage: null,
  rationales: ['No P waves', 'Regular', 'Saw-tooth, regular', 'Broad, regular'],
  objective: 'Recognise AF on an ECG.',
  references: [],
  ...overrides,
});

function renderInside() {
  renderPage(<ExamInside examId="exam-1" modeText={MODE_TEXT} />, { url: '/exams/exam-1' });
}

describe('ExamInside', () => {
  it('shows the topics with counts, the modes with a line each and the timing', async () => {
    stubFetch({ 'GET /api/exams/exam-1/inside': () => json(buildInside()) });
    renderInside();
    expect(await screen.findByRole('heading', { level: 2, name: "What's inside" })).toBeTruthy();
    expect(screen.getByText('13 questions in the question bank.')).toBeTruthy();
    const topics = screen.getByRole('heading', { name: 'Topics' }).parentElement;
    if (!topics) throw new Error('no topics block');
    expect(
      within(topics)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Arrhythmia12 questions', 'General1 question']);
    expect(screen.getByText('exam line for 10 at 90')).toBeTruthy();
    expect(screen.getByText('timed line for 10 at 90')).toBeTruthy();
    expect(screen.queryByText(/tutor line/)).toBeNull();
    expect(screen.getByText('10 questions a sitting')).toBeTruthy();
    expect(screen.getByText('Timed: 15 min in all, 90 s a question')).toBeTruthy();
    expect(screen.getByText('Exam: no time limit')).toBeTruthy();
  });

  it('answers a sample in the page: choose, check, then the reveal of that question, and try again', async () => {
    const requests = stubFetch({
      'GET /api/exams/exam-1/inside': () => json(buildInside()),
      'POST /api/exams/exam-1/samples/s1/check': () => json(reveal()),
    });
    renderInside();
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Sample 1 of 2' });
    expect(screen.getByRole('region', { name: 'Sample 2 of 2' })).toBeTruthy();
    const checkButton = within(first).getByRole('button', { name: 'Check answer' });
    expect(checkButton.hasAttribute('disabled')).toBe(true);

    await user.click(within(first).getByRole('radio', { name: 'Sinus rhythm' }));
    expect(checkButton.hasAttribute('disabled')).toBe(false);
    await user.click(checkButton);

    const outcome = await within(first).findByText(/Incorrect\./);
    await waitFor(() => expect(first.contains(document.activeElement)).toBe(true));
    expect(outcome).toBeTruthy();
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ answer: 'Sinus rhythm' });
    // The key and the pick are marked, with the rationales and the explanation.
    const options = within(first).getByRole('list', { name: 'Options' });
    expect(within(options).getByText('Correct answer')).toBeTruthy();
    expect(within(options).getByText('Your answer')).toBeTruthy();
    expect(within(first).getByText('No P waves')).toBeTruthy();
    expect(within(first).getByText('AF has no organised atrial activity.')).toBeTruthy();
    expect(within(first).getByText('Recognise AF on an ECG.')).toBeTruthy();
    // The other sample is untouched.
    const second = screen.getByRole('region', { name: 'Sample 2 of 2' });
    expect(within(second).getByRole('button', { name: 'Check answer' })).toBeTruthy();

    await user.click(within(first).getByRole('button', { name: 'Try again' }));
    expect(within(first).getByRole('button', { name: 'Check answer' }).hasAttribute('disabled')).toBe(true);
    expect(within(first).queryByText(/Incorrect\./)).toBeNull();
  });

  it('is keyboard usable and says when the answer was right', async () => {
    stubFetch({
      'GET /api/exams/exam-1/inside': () => json(buildInside({ samples: buildInside().samples.slice(0, 1) })),
      'POST /api/exams/exam-1/samples/s1/check': () =>
        json(reveal({ answer: 'Atrial fibrillation', isCorrect: true })),
    });
    renderInside();
    const user = userEvent.setup();
    const sample = await screen.findByRole('region', { name: 'Sample 1 of 1' });
    within(sample).getByRole('radio', { name: 'Atrial fibrillation' }).focus();
    await user.keyboard('{Enter}');
    // The choices are one Tab stop (decision 0062): one Tab on to 'Check answer'.
    await user.tab();
    expect(document.activeElement).toBe(within(sample).getByRole('button', { name: 'Check answer' }));
    await user.keyboard('{Enter}');
    expect(await within(sample).findByText(/Correct\./)).toBeTruthy();
  });

  it("shows the server's refusal of a check", async () => {
    stubFetch({
      'GET /api/exams/exam-1/inside': () => json(buildInside()),
      'POST /api/exams/exam-1/samples/s1/check': () => json({ message: 'Sample question not found' }, 404),
    });
    renderInside();
    const user = userEvent.setup();
    const first = await screen.findByRole('region', { name: 'Sample 1 of 2' });
    await user.click(within(first).getByRole('radio', { name: 'Sinus rhythm' }));
    await user.click(within(first).getByRole('button', { name: 'Check answer' }));
    expect(await within(first).findByText('Sample question not found')).toBeTruthy();
  });

  it('leaves out the sample section for an exam without samples', async () => {
    stubFetch({ 'GET /api/exams/exam-1/inside': () => json(buildInside({ samples: [] })) });
    renderInside();
    expect(await screen.findByRole('heading', { name: "What's inside" })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Try a sample question' })).toBeNull();
  });

  it('shows nothing for a missing exam', async () => {
    const requests = stubFetch({
      'GET /api/exams/exam-1/inside': () => json({ message: 'Exam not found' }, 404),
    });
    renderInside();
    await waitFor(() => expect(requests.some((r) => r.path === '/api/exams/exam-1/inside')).toBe(true));
    await waitFor(() => expect(screen.queryByLabelText("Loading what's inside")).toBeNull());
    expect(screen.queryByRole('heading', { name: "What's inside" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('offers a retry for other failures', async () => {
    const requests = stubFetch({ 'GET /api/exams/exam-1/inside': () => new Response(null, { status: 500 }) });
    renderInside();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(requests.filter((r) => r.path === '/api/exams/exam-1/inside').length).toBe(2));
  });
});
