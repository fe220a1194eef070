import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamPublic } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamCatalogue } from './exam-catalogue.tsx';

const exam = (id: string, overrides: Partial<ExamPublic> = {}): ExamPublic => ({
  _id: id,
  title: `Exam ${id}`,
  description: `About exam ${id}`,
  category: 'nursing',
  price: 4.99,
  numberOfQuestions: 25,
  tags: [],
  createdAt: '2025-03-01T00:00:00.000Z',
  modes: ['exam', 'timed', 'tutor'],
  secondsPerQuestion: 90,
  ...overrides,
});

/** Stubs the API and records each catalogue call's query string (the shared stub keeps paths only). */
function render(url: string, respond: (request: RecordedRequest, query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  stubFetch({ 'GET /api/exams/published': (request) => respond(request, queries.at(-1) as URLSearchParams) });
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const requestUrl = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    if (requestUrl.pathname === '/api/exams/published') queries.push(requestUrl.searchParams);
    return stubbed(input, init);
  });
  const rendered = renderPage(<ExamCatalogue />, { url, path: '/exams' });
  return { ...rendered, queries, user: userEvent.setup() };
}

describe('ExamCatalogue', () => {
  it("shows the cards, which exams are shown ('Showing 1–2 of 22 exams') and a pager", async () => {
    const { queries } = render('/exams', () =>
      json({
        exams: [exam('1'), exam('2', { price: 0, category: 'medical' })],
        page: 1,
        pages: 2,
        totalExams: 22,
      }),
    );
    expect(await screen.findByText('Showing 1\u20132 of 22 exams')).toBeTruthy();
    const [paid, free] = screen.getAllByRole('article') as [HTMLElement, HTMLElement];
    expect(within(paid).getByRole('heading', { name: 'Exam 1' })).toBeTruthy();
    expect(within(paid).getByText('25 questions')).toBeTruthy();
    expect(within(paid).getByText('Nursing')).toBeTruthy();
    expect(within(paid).getByText('£4.99')).toBeTruthy();
    expect(within(free).getByText('Free')).toBeTruthy();
    expect(within(free).getByRole('link', { name: 'View Details' }).getAttribute('href')).toBe('/exams/2');
    expect(screen.getByRole('navigation', { name: 'Exam pages' })).toBeTruthy();
    expect(queries[0]?.get('limit')).toBe('20');
    expect(queries[0]?.get('page')).toBe('1');
  });

  it('searches only on submit, from page 1, and keeps the search in the URL', async () => {
    const { queries, user, router } = render('/exams?page=2', (_request, query) =>
      query.get('search')
        ? json({ exams: [], page: 1, pages: 1, totalExams: 0 })
        : json({ exams: [exam('1')], page: 2, pages: 2, totalExams: 21 }),
    );
    await screen.findByText('Showing 21\u201321 of 21 exams');
    await user.type(screen.getByRole('searchbox', { name: 'Search exams' }), 'cardio');
    expect(queries).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No exams found matching "cardio"')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=cardio');
    expect(queries.at(-1)?.get('page')).toBe('1');
    expect(queries.at(-1)?.get('search')).toBe('cardio');
  });

  it("says 'No exams available' when there are none", async () => {
    render('/exams', () => json({ exams: [], page: 1, pages: 1, totalExams: 0 }));
    expect(await screen.findByText('No exams available')).toBeTruthy();
  });

  it("shows 'Error fetching exams' with a 'Try again' that loads the page again", async () => {
    let calls = 0;
    const { user } = render('/exams', () =>
      ++calls === 1
        ? new Response(null, { status: 400 })
        : json({ exams: [exam('1')], page: 1, pages: 1, totalExams: 1 }),
    );
    expect(await screen.findByText('Error fetching exams')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Exam 1' })).toBeTruthy();
    expect(screen.queryByText('Error fetching exams')).toBeNull();
  });

  it('says a page past the last does not exist, with a link to the last page', async () => {
    const { user, router } = render('/exams?page=5&search=cardio', (_request, query) =>
      query.get('page') === '5'
        ? json({ exams: [], page: 5, pages: 2, totalExams: 23 })
        : json({ exams: [exam('21'), exam('22'), exam('23')], page: 2, pages: 2, totalExams: 23 }),
    );
    expect(await screen.findByText('There is no such page: the exams end on page 2.')).toBeTruthy();
    expect(screen.queryByText('No exams available')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the last page' }));
    expect(await screen.findByText('Showing 21\u201323 of 23 exams')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&search=cardio');
  });

  it('follows back and forward through the URL', async () => {
    const { router } = render('/exams?search=cardio', (_request, query) =>
      json({ exams: [exam(query.get('search') ?? 'all')], page: 1, pages: 1, totalExams: 1 }),
    );
    expect(await screen.findByRole('heading', { name: 'Exam cardio' })).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search exams' }).value).toBe('cardio');
    await router.navigate('/exams');
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search exams' }).value).toBe(''),
    );
    expect(await screen.findByRole('heading', { name: 'Exam all' })).toBeTruthy();
  });

  it("marks the signed-in learner's subscribed exams 'Subscribed'", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/exams/published': () =>
        json({ exams: [exam('1'), exam('2')], page: 1, pages: 1, totalExams: 2 }),
      'GET /api/exams/user': () => json({ exams: [exam('2')] }),
      'GET /api/users/me': () => json({ _id: 'u1', name: 'Ada', email: 'ada@example.com' }),
    });
    renderPage(<ExamCatalogue />, { url: '/exams', path: '/exams' });
    const [first, second] = (await screen.findAllByRole('article')) as [HTMLElement, HTMLElement];
    expect(await within(second).findByText('Subscribed')).toBeTruthy();
    expect(within(first).queryByText('Subscribed')).toBeNull();
  });

  it('asks for no subscriptions when signed out', async () => {
    const requests = stubFetch({
      'GET /api/exams/published': () => json({ exams: [exam('1')], page: 1, pages: 1, totalExams: 1 }),
    });
    renderPage(<ExamCatalogue />, { url: '/exams', path: '/exams' });
    expect(await screen.findByRole('heading', { name: 'Exam 1' })).toBeTruthy();
    expect(screen.queryByText('Subscribed')).toBeNull();
    expect(requests.some((r) => r.path === '/api/exams/user')).toBe(false);
  });
});
