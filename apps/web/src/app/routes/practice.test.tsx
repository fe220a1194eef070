import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InProgressExam } from '@mlp/contract';
import { json, stubFetch } from '../../test/fetch-stub.ts';
import { renderPage } from '../../test/render.tsx';
import PracticeRoute from './practice.tsx';

/* The practice page lists what is in progress, with Resume, Submit and Discard (decision 0063). */

const sitting = (over: Partial<InProgressExam>): InProgressExam => ({
  attemptId: 'a1',
  examId: 'exam-1',
  kind: 'exam',
  mode: 'exam',
  paused: false,
  examTitle: 'Renal physiology',
  startedAt: '2026-11-30T10:00:00.000Z',
  answered: 3,
  totalQuestions: 20,
  remainingSeconds: null,
  lastActiveAt: '2026-11-30T10:05:00.000Z',
  ...over,
});

function practiceApi(
  sittings: InProgressExam[],
  discard: () => Response = () => new Response(null, { status: 204 }),
) {
  window.localStorage.setItem('token', 'learner-token');
  let open = sittings;
  return stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/practice-sets/options': () => json({ exams: [] }),
    'GET /api/exams/attempts/open': () => json({ sittings: open }),
    'DELETE /api/exams/attempts/a2': () => {
      const answer = discard();
      if (answer.status === 204) open = open.filter((s) => s.attemptId !== 'a2');
      return answer;
    },
  });
}

describe('practice: in progress (decision 0063)', () => {
  it('lists every open sitting with its mode, progress and time left, and links to resume or submit it', async () => {
    practiceApi([
      sitting({ attemptId: 'a1', mode: 'timed', remainingSeconds: 754 }),
      sitting({
        attemptId: 'a2',
        examId: null,
        kind: 'practice',
        mode: 'tutor',
        examTitle: 'Practice set: 10 questions',
        paused: true,
      }),
    ]);
    renderPage(<PracticeRoute />, { url: '/practice' });
    const section = await screen.findByRole('region', { name: 'In progress' });
    const rows = within(section).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(/3 of 20 answered · started .* · timed · 00:12:34 left$/)).toBeTruthy();
    expect(within(rows[1]!).getByText(/practice set · tutor mode · paused$/)).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe(
      '/exams/exam-1/take',
    );
    expect(within(rows[0]!).getByRole('link', { name: 'Submit' }).getAttribute('href')).toBe(
      '/exams/exam-1/take?submit=1',
    );
    expect(within(rows[1]!).getByRole('link', { name: 'Resume' }).getAttribute('href')).toBe('/practice/a2');
    expect(within(rows[1]!).getByRole('link', { name: 'Submit' }).getAttribute('href')).toBe(
      '/practice/a2?submit=1',
    );
  });

  it('discards only after asking, says so, and shows a refusal inside the dialog', async () => {
    let fail = true;
    const requests = practiceApi(
      [sitting({ attemptId: 'a1' }), sitting({ attemptId: 'a2', examTitle: 'Cardiology' })],
      () =>
        fail
          ? json({ message: 'This exam or practice set is no longer in progress.' }, 404)
          : new Response(null, { status: 204 }),
    );
    renderPage(<PracticeRoute />, { url: '/practice' });
    const user = userEvent.setup();
    const section = await screen.findByRole('region', { name: 'In progress' });
    const row = within(section).getAllByRole('listitem')[1]!;
    await user.click(within(row).getByRole('button', { name: 'Discard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard this sitting?' });
    expect(within(dialog).getByText('Are you sure you want to discard "Cardiology"?')).toBeTruthy();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(
      await within(dialog).findByText('This exam or practice set is no longer in progress.'),
    ).toBeTruthy();
    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    expect(await screen.findByText('Sitting discarded')).toBeTruthy();
    await waitFor(() => expect(within(section).getAllByRole('listitem')).toHaveLength(1));
    expect(requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
      '/api/exams/attempts/a2',
      '/api/exams/attempts/a2',
    ]);
  });

  it('shows no list when nothing is in progress, and says when the limit is reached', async () => {
    practiceApi([]);
    const { unmount } = renderPage(<PracticeRoute />, { url: '/practice' });
    expect(await screen.findByRole('heading', { name: 'Practice' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'In progress' })).toBeNull());
    unmount();
    practiceApi(Array.from({ length: 10 }, (_, i) => sitting({ attemptId: `s${i}` })));
    renderPage(<PracticeRoute />, { url: '/practice' });
    expect(await screen.findByText(/You have 10 in progress, the most at once/)).toBeTruthy();
  });
});
