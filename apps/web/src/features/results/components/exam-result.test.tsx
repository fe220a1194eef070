import type { ReactElement } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, publicSettings, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import {
  buildExamResult,
  buildNote,
  buildResultQuestion,
  buildThread,
  buildThreadComment,
} from '../../../test/factories.ts';
import { LocationProbe, renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { ExamResultView, LatestExamResult } from './exam-result.tsx';

const result = buildExamResult({
  _id: 'r1',
  examId: 'e1',
  exam: { _id: 'e1', title: 'Cardiology Basics' },
  duration: 754,
  mode: 'exam',
  kind: 'exam',
  topics: [],
  certainty: null,
  questions: [
    buildResultQuestion('q1', {
      question: 'Right one?',
      choices: ['A', 'B'],
      seconds: 72,
    }),
    buildResultQuestion('q2', {
      question: 'Wrong one?',
      choices: ['C', 'D'],
      userAnswer: 'C',
      correctAnswer: 'D',
      isCorrect: false,
      explanation: 'D because of reasons.',
      flagged: true,
      seconds: 30,
    }),
    buildResultQuestion('q3', {
      question: 'Skipped one?',
      choices: ['E', 'F'],
      userAnswer: null,
      correctAnswer: 'F',
      isCorrect: false,
      seconds: 0,
    }),
  ],
});

/** The review's questions (each holds lists of its own: options, references). */
const reviewItems = () =>
  screen
    .getAllByRole('heading', { level: 3, name: /^Question \d+$/ })
    .map((heading) => heading.closest('li') as HTMLElement);

function render(
  ui: ReactElement,
  handlers: Record<string, (r: RecordedRequest) => Response | Promise<Response>>,
  url = '/result',
) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/exams/results/r1/notes': () => json({ notes: [] }),
    ...handlers,
  });
  renderPage(
    <>
      {ui}
      <LocationProbe />
    </>,
    { url, path: '/result' },
  );
  return requests;
}

describe('ExamResultView', () => {
  it("shows the learner's notes next to their questions, filters to them and saves a new one", async () => {
    const requests = render(<ExamResultView resultId="r1" />, {
      'GET /api/exams/results/r1': () => json(result),
      'GET /api/exams/results/r1/notes': () =>
        json({
          notes: [
            buildNote({
              questionId: 'q2',
              text: 'D: think of the reasons',
              version: 1,
              currentVersion: 2,
              questionChanged: true,
            }),
          ],
        }),
      'PUT /api/notes/q1': (request) =>
        json({
          message: 'Note saved',
          note: buildNote({ questionId: 'q1', text: (request.body as { text: string }).text }),
        }),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Exam Results' });
    const second = reviewItems()[1]!;
    expect(await within(second).findByText('D: think of the reasons')).toBeTruthy();
    expect(within(second).getByText(/Written on version 1 of this question/)).toBeTruthy();
    expect(second.id).toBe('question-q2');

    await user.click(screen.getByRole('button', { name: 'Noted (1)' }));
    expect(reviewItems()).toHaveLength(1);
    expect(reviewItems()[0]!.id).toBe('question-q2');
    await user.click(screen.getByRole('button', { name: 'All (3)' }));
    expect(reviewItems()).toHaveLength(3);

    // The filter rebuilt the list: the first item again.
    const first = reviewItems()[0]!;
    await user.click(within(first).getByRole('button', { name: 'Add a note (question 1)' }));
    await user.type(within(first).getByRole('textbox', { name: 'Your note' }), 'A, easy');
    await user.click(within(first).getByRole('button', { name: 'Save note' }));
    expect(await within(first).findByText('A, easy')).toBeTruthy();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ text: 'A, easy', resultId: 'r1' });
    expect(screen.getByRole('button', { name: 'Noted (2)' })).toBeTruthy();
  });

  it('says when the notes could not be loaded and lets no note be added until they are', async () => {
    render(<ExamResultView resultId="r1" />, {
      'GET /api/exams/results/r1': () => json(result),
      'GET /api/exams/results/r1/notes': () => json({ message: 'Database unavailable' }, 503),
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    for (const button of screen.getAllByRole('button', { name: /Add a note/ }))
      expect(button).toHaveProperty('disabled', true);
  });

  it("keeps 'Add a note' in its place, disabled, while the notes load, so nothing below it moves", async () => {
    let answer: (response: Response) => void = () => {};
    render(<ExamResultView resultId="r1" />, {
      'GET /api/exams/results/r1': () => json(result),
      'GET /api/exams/results/r1/notes': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const first = await screen.findByRole('button', { name: 'Add a note (question 1)' });
    expect(first).toHaveProperty('disabled', true);
    answer(json({ notes: [] }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Add a note (question 1)' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  });

  it('shows the score, counts, time taken and a review of every question', async () => {
    render(<ExamResultView resultId="r1" />, { 'GET /api/exams/results/r1': () => json(result) });
    expect(await screen.findByRole('heading', { name: 'Exam Results' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Cardiology Basics' })).toBeTruthy();
    expect(screen.getByText('33%')).toBeTruthy();
    expect(screen.getByText('You answered 1 out of 3 questions correctly.')).toBeTruthy();
    // Omitted is not incorrect (decision 0065): the two are counted apart beside the spec's sentence.
    expect(screen.getByText('Incorrect: 1 · Omitted: 1')).toBeTruthy();
    expect(screen.getByText('Time taken: 00:12:34')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Question Review' })).toBeTruthy();

    const [right, wrong, skipped] = reviewItems() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(right).getByText('Correct')).toBeTruthy();
    expect(within(right).queryByText(/Correct answer:/)).toBeNull();
    expect(within(wrong).getByText('Incorrect')).toBeTruthy();
    expect(within(wrong).getByText(/Correct answer:/).textContent).toBe('Correct answer: D');
    expect(within(wrong).getByText('D because of reasons.', { exact: false })).toBeTruthy();
    expect(within(skipped).getByText('Omitted')).toBeTruthy();
    expect(within(skipped).queryByText('Incorrect')).toBeNull();
    expect(within(skipped).getByText(/Your answer:/).textContent).toBe('Your answer: Not answered');
    expect(within(skipped).getByText(/Correct answer:/).textContent).toBe('Correct answer: F');
    // The time on each question, with the result's average (102 s over 3 questions).
    expect(within(right).getByText('Time: 1 min 12 s (average 34 s)')).toBeTruthy();
    expect(within(wrong).getByText('Time: 30 s (average 34 s)')).toBeTruthy();
    expect(within(skipped).getByText('Time: 0 s (average 34 s)')).toBeTruthy();

    expect(screen.getByRole('link', { name: 'View All Results' }).getAttribute('href')).toBe(
      '/exams/history',
    );
    expect(screen.getByRole('link', { name: 'Take Another Exam' }).getAttribute('href')).toBe('/exams');
  });

  it('filters the review to incorrect, omitted, flagged or noted questions, each with its count, in the URL', async () => {
    render(<ExamResultView resultId="r1" />, {
      'GET /api/exams/results/r1': () => json(result),
    });
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Question Review' });
    const group = screen.getByRole('group', { name: 'Show questions' });
    expect(
      await within(group)
        .findByRole('button', { name: 'Noted (0)' })
        .then(() =>
          within(group)
            .getAllByRole('button')
            .map((button) => button.textContent),
        ),
    ).toEqual(['All (3)', 'Incorrect (1)', 'Omitted (1)', 'Flagged (1)', 'Noted (0)']);
    expect(within(group).getByRole('button', { name: 'All (3)' }).getAttribute('aria-pressed')).toBe('true');

    await user.click(within(group).getByRole('button', { name: 'Omitted (1)' }));
    expect(reviewItems().map((item) => item.id)).toEqual(['question-q3']);
    // The question keeps its number in the result.
    expect(screen.getByRole('heading', { level: 3, name: 'Question 3' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/result?show=omitted');

    await user.click(within(group).getByRole('button', { name: 'Incorrect (1)' }));
    expect(reviewItems().map((item) => item.id)).toEqual(['question-q2']);
    await user.click(within(group).getByRole('button', { name: 'Flagged (1)' }));
    expect(reviewItems().map((item) => item.id)).toEqual(['question-q2']);
    // Pressing the chosen filter again keeps it.
    await user.click(within(group).getByRole('button', { name: 'Flagged (1)' }));
    expect(reviewItems()).toHaveLength(1);

    // An empty filter says so in a short line.
    await user.click(within(group).getByRole('button', { name: 'Noted (0)' }));
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(screen.getByText('No noted questions.')).toBeTruthy();

    // The keyboard: the group is one Tab stop (the chosen filter), the arrow keys move, Space presses.
    await user.tab({ shift: true });
    await user.tab();
    expect(document.activeElement?.textContent).toBe('Noted (0)');
    const visited = [];
    for (let step = 0; step < 4; step += 1) {
      await user.keyboard('{ArrowLeft}');
      visited.push(document.activeElement?.textContent);
    }
    expect(visited).toEqual(['Flagged (1)', 'Omitted (1)', 'Incorrect (1)', 'All (3)']);
    await user.keyboard(' ');
    expect(reviewItems()).toHaveLength(3);
    expect(screen.getByTestId('location').textContent).toBe('/result');
  });

  it('opens on the filter the URL names, and shows no times for a result stored before they were kept', async () => {
    const old = { ...result, questions: result.questions.map((item) => ({ ...item, seconds: null })) };
    render(
      <ExamResultView resultId="r1" />,
      { 'GET /api/exams/results/r1': () => json(old) },
      '/result?show=omitted',
    );
    await screen.findByRole('heading', { name: 'Question Review' });
    expect(reviewItems().map((item) => item.id)).toEqual(['question-q3']);
    expect(screen.getByRole('button', { name: 'Omitted (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByText(/^Time: /)).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'All (3)' }));
    expect(reviewItems()).toHaveLength(3);
    expect(screen.queryByText(/^Time: /)).toBeNull();
  });

  it('shows every option of a missed question, the pick and the key, each rationale, the objective and references', async () => {
    const [, wrongOne, ...rest] = result.questions;
    const taught = {
      ...result,
      questions: [
        result.questions[0]!,
        {
          ...wrongOne!,
          choices: ['C', 'D', 'E'],
          rationales: ['C treats the symptom, not the cause.', 'D treats the cause.', ''],
          objective: 'Treat the cause first.',
          references: [
            { title: 'Oxford Handbook, ch. 4', url: 'https://example.org/oxford' },
            { title: 'Lecture notes', url: null },
          ],
        },
        ...rest,
      ],
    };
    render(<ExamResultView resultId="r1" />, { 'GET /api/exams/results/r1': () => json(taught) });
    await screen.findByRole('heading', { name: 'Question Review' });
    const wrong = reviewItems()[1]!;
    // The spec's lines stay: the learner's answer, and the correct one when wrong.
    expect(within(wrong).getByText(/Your answer:/).textContent).toBe('Your answer: C');
    expect(within(wrong).getByText(/Correct answer:/).textContent).toBe('Correct answer: D');
    // Then every option, in the result's order, marked and explained.
    const rows = within(within(wrong).getByRole('list', { name: 'Options' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      '1CYour answer, incorrectC treats the symptom, not the cause.',
      '2DCorrect answerD treats the cause.',
      '3E',
    ]);
    expect(within(wrong).getByRole('heading', { level: 4, name: 'Learning objective' })).toBeTruthy();
    expect(within(wrong).getByText('Treat the cause first.')).toBeTruthy();
    expect(within(wrong).getByRole('heading', { level: 4, name: 'References' })).toBeTruthy();
    const link = within(wrong).getByRole('link', { name: /^Oxford Handbook, ch\. 4/ });
    expect([link.getAttribute('href'), link.getAttribute('rel'), link.getAttribute('target')]).toEqual([
      'https://example.org/oxford',
      'noopener noreferrer',
      '_blank',
    ]);
    expect(within(wrong).getByText('Lecture notes').closest('a')).toBeNull();
    // A question with nothing written shows no such sections; an unanswered one marks only the key.
    const [right, , skipped] = reviewItems() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(right).queryByRole('heading', { name: 'Learning objective' })).toBeNull();
    expect(within(right).queryByRole('heading', { name: 'References' })).toBeNull();
    expect(
      within(within(skipped).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['1E', '2FCorrect answer']);
  });

  it('shows the question and explanation images, lazily, with their alt text and size (decision 0040)', async () => {
    const image = (hash: string, alt: string) => ({
      hash,
      url: `/api/media/${hash}`,
      contentType: 'image/png' as const,
      width: 2400,
      height: 800,
      alt,
    });
    const [first, ...rest] = result.questions;
    const illustrated = {
      ...result,
      questions: [
        {
          ...first!,
          image: image('a'.repeat(64), 'Chest X-ray'),
          explanationImage: image('b'.repeat(64), 'Annotated X-ray'),
        },
        ...rest,
      ],
    };
    render(<ExamResultView resultId="r1" />, { 'GET /api/exams/results/r1': () => json(illustrated) });
    const picture = await screen.findByRole('img', { name: 'Chest X-ray' });
    expect(picture.getAttribute('src')).toBe(`/api/media/${'a'.repeat(64)}`);
    expect(picture.getAttribute('loading')).toBe('lazy');
    expect([picture.getAttribute('width'), picture.getAttribute('height')]).toEqual(['2400', '800']);
    const [right] = reviewItems();
    expect(within(right!).getByRole('img', { name: 'Annotated X-ray' })).toBeTruthy();
    expect(screen.getAllByRole('img')).toHaveLength(2);
  });

  it("offers each question's discussion, asking for it only once opened (decision 0056)", async () => {
    const requests = render(<ExamResultView resultId="r1" />, {
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/exams/results/r1': () => json(result),
      'GET /api/questions/q2/comments': () => json(buildThread({ comments: [buildThreadComment()] })),
    });
    const toggle = await screen.findByRole('button', { name: 'Discussion (question 2)' });
    const [, wrong] = reviewItems() as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(wrong).getByRole('heading', { level: 4, name: /^Discussion/ })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Discussion \(question \d\)$/ })).toHaveLength(3);
    expect(requests.some((r) => r.path.endsWith('/comments'))).toBe(false);

    await userEvent.setup().click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(await within(wrong).findByRole('article', { name: 'Comment by Dr Ann' })).toBeTruthy();
    expect(requests.filter((r) => r.path.endsWith('/comments')).map((r) => r.path)).toEqual([
      '/api/questions/q2/comments',
    ]);
  });

  it("shows 'No result found' for a 404, with 'Back to Exams'", async () => {
    render(<ExamResultView resultId="nope" />, {});
    expect(await screen.findByText('No result found')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Exams' }).getAttribute('href')).toBe('/exams');
  });

  it("shows 'Failed to load exam result' for other failures", async () => {
    const requests = render(<ExamResultView resultId="r1" />, {
      'GET /api/exams/results/r1': () => new Response(null, { status: 400 }),
    });
    expect(await screen.findByText('Failed to load exam result')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/exams/results/r1');
  });
});

describe('LatestExamResult', () => {
  it("loads the learner's newest result for the exam", async () => {
    const requests = render(<LatestExamResult examId="e1" />, {
      'GET /api/exams/results': () =>
        json({
          results: [
            { ...result, _id: 'r0', examId: 'e2' },
            { ...result, _id: 'old', completedAt: '2025-03-01T10:00:00.000Z' },
            { ...result, _id: 'r1' },
          ],
          page: 1,
          pages: 1,
          total: 3,
        }),
      'GET /api/exams/results/r1': () => json(result),
    });
    expect(await screen.findByText('You answered 1 out of 3 questions correctly.')).toBeTruthy();
    expect(requests.some((r) => r.path === '/api/exams/results/old')).toBe(false);
  });

  it("says 'No result found' when the learner has not taken it", async () => {
    render(<LatestExamResult examId="e9" />, {
      'GET /api/exams/results': () => json({ results: [], page: 1, pages: 1, total: 0 }),
    });
    expect(await screen.findByText('No result found')).toBeTruthy();
  });
});
