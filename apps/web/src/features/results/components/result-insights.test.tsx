import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildExamResult, buildResultQuestion } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { peerFigures } from '../results-fixtures.ts';
import { ExamResultView } from './exam-result.tsx';

const result = buildExamResult({
  _id: 'r1',
  questions: [
    buildResultQuestion('q1', { certainty: 'sure' }),
    buildResultQuestion('q2', { userAnswer: 'B', isCorrect: false, certainty: 'sure', missTag: 'misread' }),
    buildResultQuestion('q3', { userAnswer: null, isCorrect: false }),
  ],
});

function resultApi(overrides: Parameters<typeof buildExamResult>[0] = {}, peers?: unknown) {
  return stubFetch({
    'GET /api/exams/results/r1': () => json({ ...result, ...overrides }),
    'GET /api/exams/results/r1/peers': () =>
      peers === undefined ? json({ message: 'Server error' }, 500) : json(peers),
    'PUT /api/exams/results/r1/questions/q2/tag': (request) =>
      json({ questionId: 'q2', tag: (request.body as { tag: string | null }).tag }),
    'PUT /api/exams/results/r1/questions/q3/tag': (request) =>
      json({ questionId: 'q3', tag: (request.body as { tag: string | null }).tag }),
  });
}

const items = async () => {
  await screen.findByRole('heading', { name: 'Question Review' });
  return screen.getAllByRole('listitem').filter((item) => /Question q\d\?/.test(item.textContent ?? ''));
};

describe('result review: why I missed it (decision 0038)', () => {
  it('offers the four tags on missed questions only, shows the saved tag, sets and clears it', async () => {
    window.localStorage.setItem('token', 'learner-token');
    const requests = resultApi();
    renderPage(<ExamResultView resultId="r1" />, { url: '/exams/results/r1' });
    const [first, second, third] = await items();
    expect(within(first!).queryByRole('group', { name: 'Why I missed it' })).toBeNull();
    const secondTags = within(second!).getByRole('group', { name: 'Why I missed it' });
    expect(
      within(secondTags)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(["Didn't know", 'Misread', 'Reasoning slip', 'Ran out of time']);
    expect(within(secondTags).getByRole('button', { name: 'Misread' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    const user = userEvent.setup();
    const thirdTags = within(third!).getByRole('group', { name: 'Why I missed it' });
    await user.click(within(thirdTags).getByRole('button', { name: 'Ran out of time' }));
    await waitFor(() =>
      expect(
        within(thirdTags).getByRole('button', { name: 'Ran out of time' }).getAttribute('aria-pressed'),
      ).toBe('true'),
    );
    // Pressing the chosen tag again clears it.
    await user.click(within(secondTags).getByRole('button', { name: 'Misread' }));
    await waitFor(() =>
      expect(within(secondTags).getByRole('button', { name: 'Misread' }).getAttribute('aria-pressed')).toBe(
        'false',
      ),
    );
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(puts.map((r) => [r.path, r.body])).toEqual([
      ['/api/exams/results/r1/questions/q3/tag', { tag: 'ran-out-of-time' }],
      ['/api/exams/results/r1/questions/q2/tag', { tag: null }],
    ]);
  });

  it('shows peer shares on the options, only for the questions the API gives them for', async () => {
    window.localStorage.setItem('token', 'learner-token');
    resultApi(
      {},
      {
        questions: [
          { questionId: 'q1', answered: 0, percentCorrect: null, choices: null },
          peerFigures('q2', 24, 58, { A: 58, B: 33, C: 9 }),
          // An option edited since the sitting: the shares are listed on their own, as they come.
          peerFigures('q3', 30, 50, { A: 50, 'B (edited)': 30, C: 20 }),
        ],
      },
    );
    renderPage(<ExamResultView resultId="r1" />, { url: '/exams/results/r1' });
    const [first, second, third] = await items();
    expect(await within(second!).findByText(/^58% of 24 learners answered this correctly\./)).toBeTruthy();
    expect(
      within(within(second!).getByRole('list', { name: 'Options' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '1Achosen by 58% of learnersCorrect answer',
      '2Bchosen by 33% of learnersYour answer, incorrect',
      '3Cchosen by 9% of learners',
    ]);
    expect(within(second!).queryByRole('region', { name: 'How other learners answered' })).toBeNull();

    const shares = within(third!).getByRole('region', { name: 'How other learners answered' });
    expect(within(shares).getByText('50% of 30 learners answered this correctly.')).toBeTruthy();
    expect(
      within(shares)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A (correct answer)50%', 'B (edited)30%', 'C20%']);
    expect(within(first!).queryByText(/learners answered this correctly/)).toBeNull();
    expect(within(first!).queryByText(/chosen by/)).toBeNull();
  });

  it('reports accuracy by certainty with the verdict, and says what each answer was marked', async () => {
    window.localStorage.setItem('token', 'learner-token');
    resultApi({
      certainty: {
        levels: [
          { level: 'sure', answered: 4, correct: 2, percentCorrect: 50 },
          { level: 'fairly-sure', answered: 0, correct: 0, percentCorrect: 0 },
          { level: 'guessing', answered: 1, correct: 1, percentCorrect: 100 },
        ],
        mark: -5,
        maxMark: 15,
        calibration: 'over',
      },
    });
    renderPage(<ExamResultView resultId="r1" />, { url: '/exams/results/r1' });
    const report = await screen.findByRole('region', { name: 'Accuracy by certainty' });
    const rows = within(report)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'How sure you wereAnsweredCorrect% correct',
      'Sure4250%',
      'Fairly sure000%',
      'Guessing11100%',
    ]);
    expect(within(report).getByText(/^You were over-confident/)).toBeTruthy();
    expect(report.textContent).toContain('Certainty-based mark: -5 of 15');
    expect(screen.getAllByText('You said: Sure')).toHaveLength(2);
  });

  it('shows no certainty report when the result has none, and the review when peer figures fail', async () => {
    window.localStorage.setItem('token', 'learner-token');
    resultApi();
    renderPage(<ExamResultView resultId="r1" />, { url: '/exams/results/r1' });
    await items();
    expect(screen.queryByRole('region', { name: 'Accuracy by certainty' })).toBeNull();
  });
});
