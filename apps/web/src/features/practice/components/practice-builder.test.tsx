import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PracticeOptions } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { buildAttempt } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { practiceExam } from '../practice-fixtures.ts';
import { PracticeBuilder } from './practice-builder.tsx';

const options: PracticeOptions = {
  exams: [
    // 12 questions: 12 unused, 3 wrong, 2 omitted.
    practiceExam('e1', 'Cardiology Basics', [
      { topic: 'Heart', total: 8, unused: 8, wrong: 3, omitted: 2, flagged: 0 },
      { topic: 'Vessels', total: 4, unused: 4, wrong: 0, omitted: 0, flagged: 0 },
    ]),
  ],
};

function setup(handlers: Parameters<typeof stubFetch>[0] = {}) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({
    'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    'GET /api/practice-sets/options': () => json(options),
    'POST /api/practice-sets': () => json(buildAttempt({ _id: 'set-1' }), 201),
    ...handlers,
  });
  const onStarted = vi.fn();
  renderPage(<PracticeBuilder onStarted={onStarted} />, { url: '/practice' });
  return { requests, onStarted, user: userEvent.setup() };
}

describe('PracticeBuilder', () => {
  it('builds a set from the chosen topic, source, size and mode, and starts it', async () => {
    const { requests, onStarted, user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: /^Vessels/ }));
    // Only 4 Vessels questions: too few for a set, said before asking the server.
    expect(screen.getByText(/Only 4 questions match: a set needs at least 5/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /^Vessels/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Heart/ }));
    // Omitted is a source of its own, apart from answered wrongly (two Heart questions were skipped).
    expect(screen.getByRole('radio', { name: /^Omitted/ }).closest('label')?.textContent).toMatch(
      /^Omitted.*2/,
    );
    expect(
      screen.getByRole('radio', { name: /^Answered wrongly before/ }).closest('label')?.textContent,
    ).toMatch(/3/);
    await user.click(screen.getByRole('radio', { name: /^All questions/ }));
    expect(screen.getByText('5 to 8')).toBeTruthy();
    const size = screen.getByLabelText('Number of questions');
    await user.clear(size);
    await user.type(size, '9');
    await user.tab();
    expect(screen.getByText('Choose 5 to 8 questions')).toBeTruthy();
    await user.clear(size);
    await user.type(size, '6');
    await user.click(screen.getByRole('radio', { name: /^Timed/ }));
    await user.click(screen.getByRole('button', { name: 'Start practice set' }));
    await waitFor(() => expect(onStarted).toHaveBeenCalled());
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      examIds: ['e1'],
      topics: ['Heart'],
      source: 'all',
      size: 6,
      mode: 'timed',
    });
  });

  it("shows the server's message, e.g. for the weak-areas preset with nothing to work on", async () => {
    const { requests, user } = setup({
      'POST /api/practice-sets': () =>
        json(
          {
            message:
              'There are no weak areas yet: answer some questions first, and the ones you miss or flag come back here.',
          },
          409,
        ),
    });
    await user.click(await screen.findByRole('button', { name: 'Improve weak areas' }));
    expect((await screen.findByRole('alert')).textContent).toContain('There are no weak areas yet');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ preset: 'weak-areas' });
  });

  it('links Simulate the exam to a timed sitting of the exam', async () => {
    setup();
    const link = await screen.findByRole('link', { name: 'Simulate the exam' });
    expect(link.getAttribute('href')).toBe('/exams/e1/take?mode=timed');
  });

  it('asks a learner without subscriptions to subscribe first', async () => {
    setup({ 'GET /api/practice-sets/options': () => json({ exams: [] }) });
    expect(await screen.findByText(/Subscribe to an exam first/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse Exams' }).getAttribute('href')).toBe('/exams');
  });
});
