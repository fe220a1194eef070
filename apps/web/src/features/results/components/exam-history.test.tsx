import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { ExamHistory } from './exam-history.tsx';

function render(respond: () => Response) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/exams/user/history': respond,
  });
  renderPage(<ExamHistory />, { url: '/exams/history' });
  return requests;
}

/** One past attempt of exam e1 (25 questions), as the history lists it. */
function pastAttempt(
  id: string,
  title: string,
  result: { score: number; correctAnswers: number; duration: number },
  completedAt: Date,
) {
  return {
    _id: id,
    examId: 'e1',
    exam: { _id: 'e1', title },
    ...result,
    totalQuestions: 25,
    completedAt: completedAt.toISOString(),
    mode: 'exam',
    kind: 'exam',
  };
}

describe('ExamHistory', () => {
  it('lists past attempts with score, date, time taken and a view link, plus a text summary of the chart', async () => {
    render(() =>
      json({
        history: [
          pastAttempt(
            'r2',
            'Newer',
            { score: 72, correctAnswers: 18, duration: 0 },
            new Date(2025, 2, 6, 14, 5),
          ),
          pastAttempt(
            'r1',
            'Older',
            { score: 40, correctAnswers: 10, duration: 125 },
            new Date(2025, 2, 5, 9, 0),
          ),
        ],
        page: 1,
        pages: 1,
        total: 2,
      }),
    );
    const list = await screen.findByRole('list', { name: 'Past attempts' });
    const [newer, older] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(newer).getByText('Score: 72%')).toBeTruthy();
    expect(within(newer).getByText('March 6, 2025 at 2:05 PM')).toBeTruthy();
    expect(within(newer).queryByText(/Time taken/)).toBeNull();
    expect(within(older).getByText('Time taken: 00:02:05')).toBeTruthy();
    expect(within(older).getByRole('link', { name: 'View result' }).getAttribute('href')).toBe(
      '/exams/results/r1',
    );
    expect(
      screen.getByText(
        'Scores over time, oldest to newest: Older, 40% on March 5, 2025; Newer, 72% on March 6, 2025.',
      ),
    ).toBeTruthy();
  });

  it("says 'You haven't taken any exams yet.'", async () => {
    render(() => json({ history: [], page: 1, pages: 1, total: 0 }));
    expect(await screen.findByText("You haven't taken any exams yet.")).toBeTruthy();
  });

  it("shows 'Failed to load exam results.'", async () => {
    const requests = render(() => new Response(null, { status: 500 }));
    expect(await screen.findByText('Failed to load exam results.')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/exams/user/history');
  });
});
