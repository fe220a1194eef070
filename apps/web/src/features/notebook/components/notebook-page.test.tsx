import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { NotebookItem } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { buildNotebookItem } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { NotebookPage } from './notebook-page.tsx';

const angina = buildNotebookItem({ questionId: 'q1', text: 'Nitrates for relief', resultId: 'r1' });
const arrhythmia = buildNotebookItem({
  questionId: 'q2',
  text: 'Rate before rhythm',
  question: 'Which drug controls the rate in AF?',
  topic: 'Arrhythmia',
  resultId: null,
  examId: 'e2',
  version: 1,
  currentVersion: 3,
  questionChanged: true,
});

function render(
  url = '/notebook',
  answer: (request: RecordedRequest) => Response = (request) => {
    const query = new URLSearchParams(request.search);
    const search = query.get('search');
    const notes: NotebookItem[] = search
      ? [angina, arrhythmia].filter((item) => item.text.toLowerCase().includes(search.toLowerCase()))
      : [angina, arrhythmia];
    return json({
      notes,
      total: search ? notes.length : 41,
      page: Number(query.get('page') ?? 1),
      pages: search ? 1 : 3,
    });
  },
) {
  window.localStorage.setItem('token', 'learner-token');
  const requests = stubFetch({ 'GET /api/notes': answer });
  // The page's 'Take it to Anki' button has tests of its own (anki-export.test.tsx).
  renderPage(<NotebookPage />, { url, path: '/notebook' });
  return { requests, user: userEvent.setup() };
}

describe('NotebookPage', () => {
  it('lists the notes with their question, exam, topic and a link back, paged', async () => {
    render();
    expect(screen.getByRole('heading', { level: 1, name: 'My notebook' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Your notes' });
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('heading', { name: 'Cardiology Basics' })).toBeTruthy();
    expect(within(first).getByText('Angina')).toBeTruthy();
    expect(within(first).getByText('Nitrates for relief')).toBeTruthy();
    expect(
      within(first)
        .getByRole('link', { name: /^Go to the question/ })
        .getAttribute('href'),
    ).toBe('/exams/results/r1#question-q1');
    expect(within(first).queryByText(/Written on version/)).toBeNull();
    // Noted before any result holds it: the link goes to the exam; the question changed since.
    expect(
      within(second)
        .getByRole('link', { name: /^Go to the exam/ })
        .getAttribute('href'),
    ).toBe('/exams/e2');
    expect(within(second).getByText(/Written on version 1 of this question/)).toBeTruthy();
    expect(screen.getByText('41 notes')).toBeTruthy();
    const pager = screen.getByRole('navigation', { name: 'Notebook pages' });
    expect(within(pager).getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toContain(
      'page=2',
    );
  });

  it('searches after a pause in typing, and says when nothing matches', async () => {
    const { requests, user } = render();
    await screen.findByRole('list', { name: 'Your notes' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your notes' }), 'rhythm');
    // The search goes after a pause in typing (400 ms).
    expect(await screen.findByText('1 note matches "rhythm"', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.queryByText('Nitrates for relief')).toBeNull();
    expect(requests.at(-1)?.search).toBe('?page=1&search=rhythm');

    await user.clear(screen.getByRole('searchbox', { name: 'Search your notes' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search your notes' }), 'zzz{Enter}');
    expect(await screen.findByText('No notes match "zzz"')).toBeTruthy();
  });

  it("says 'No notes yet' and how to add one before the first note", async () => {
    render('/notebook', () => json({ notes: [], total: 0, page: 1, pages: 1 }));
    expect(await screen.findByRole('heading', { name: 'No notes yet' })).toBeTruthy();
    expect(screen.getByText(/choose ‘Add a note’ under any question/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'View exam history' }).getAttribute('href')).toBe(
      '/exams/history',
    );
  });

  it('shows a failure with a way to try again', async () => {
    let calls = 0;
    const { user } = render('/notebook', () => {
      calls += 1;
      return calls === 1
        ? json({ message: 'Database unavailable' }, 503)
        : json({ notes: [angina], total: 1, page: 1, pages: 1 });
    });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Nitrates for relief')).toBeTruthy();
  });
});
