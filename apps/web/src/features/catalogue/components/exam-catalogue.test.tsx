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
  it("shows the cards, 'Showing N of M exams' and a pager", async () => {
    const { queries } = render('/exams', () =>
      json({
        exams: [exam('1'), exam('2', { price: 0, category: 'medical' })],
        page: 1,
        pages: 2,
        totalExams: 22,
      }),
    );
    expect(await screen.findByText('Showing 2 of 22 exams')).toBeTruthy();
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
    await screen.findByText('Showing 1 of 21 exams');
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

  it("shows 'Error fetching exams'", async () => {
    render('/exams', () => new Response(null, { status: 400 }));
    expect(await screen.findByText('Error fetching exams')).toBeTruthy();
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
});
