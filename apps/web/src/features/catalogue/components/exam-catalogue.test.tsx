import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ExamPublic } from '@mlp/contract';
import { json, stubFetch, type RecordedRequest } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ExamCatalogue } from './exam-catalogue.tsx';
import { buildExamPublic } from '../../../test/factories.ts';

const exam = (id: string, overrides: Partial<ExamPublic> = {}): ExamPublic =>
  buildExamPublic({
    _id: id,
    title: `Exam ${id}`,
    description: `About exam ${id}`,
    category: 'nursing',
    ...overrides,
  });

/** The categories every stubbed answer carries (the server's: one spelling each, in order). */
const CATEGORIES = ['Cardiology & ECG', 'nursing', 'pharmacy'];

/** A catalogue answer: the exams of one page, with the categories. */
function listing(exams: ExamPublic[], page = 1, pages = 1, totalExams = exams.length) {
  return json({ exams, page, pages, totalExams, categories: CATEGORIES });
}

/** The chips' group, and its chips' labels with whether each is pressed. */
function chips() {
  return within(screen.getByRole('group', { name: 'Categories' }))
    .getAllByRole('button')
    .map(
      (chip) =>
        `${chip.textContent ?? ''}${chip.getAttribute('aria-pressed') === 'true' ? ' (pressed)' : ''}`,
    );
}

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
      listing([exam('1'), exam('2', { price: 0, category: 'medical' })], 1, 2, 22),
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
      query.get('search') ? listing([]) : listing([exam('1')], 2, 2, 21),
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
    render('/exams', () => listing([]));
    expect(await screen.findByText('No exams available')).toBeTruthy();
  });

  it("shows 'Error fetching exams' with a 'Try again' that loads the page again", async () => {
    let calls = 0;
    const { user } = render('/exams', () =>
      ++calls === 1 ? new Response(null, { status: 400 }) : listing([exam('1')]),
    );
    expect(await screen.findByText('Error fetching exams')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Exam 1' })).toBeTruthy();
    expect(screen.queryByText('Error fetching exams')).toBeNull();
  });

  it('says a page past the last does not exist, with a link to the last page', async () => {
    const { user, router } = render('/exams?page=5&search=cardio', (_request, query) =>
      query.get('page') === '5'
        ? listing([], 5, 2, 23)
        : listing([exam('21'), exam('22'), exam('23')], 2, 2, 23),
    );
    expect(await screen.findByText('There is no such page: the exams end on page 2.')).toBeTruthy();
    expect(screen.queryByText('No exams available')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Go to the last page' }));
    expect(await screen.findByText('Showing 21\u201323 of 23 exams')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2&search=cardio');
  });

  it('follows back and forward through the URL', async () => {
    const { router } = render('/exams?search=cardio', (_request, query) =>
      listing([exam(query.get('search') ?? 'all')]),
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
      'GET /api/exams/published': () => listing([exam('1'), exam('2')]),
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
      'GET /api/exams/published': () => listing([exam('1')]),
    });
    renderPage(<ExamCatalogue />, { url: '/exams', path: '/exams' });
    expect(await screen.findByRole('heading', { name: 'Exam 1' })).toBeTruthy();
    expect(screen.queryByText('Subscribed')).toBeNull();
    expect(requests.some((r) => r.path === '/api/exams/user')).toBe(false);
  });

  it("shows 'All' and a chip for each category, capitalised, with 'All' pressed", async () => {
    const { queries } = render('/exams', () => listing([exam('1')]));
    await screen.findByRole('heading', { name: 'Exam 1' });
    expect(chips()).toEqual(['All (pressed)', 'Cardiology & ECG', 'Nursing', 'Pharmacy']);
    expect(queries[0]?.has('category')).toBe(false);
  });

  it('filters by a chosen category from page 1, keeps the search, and says which chip is chosen', async () => {
    const { queries, user, router } = render('/exams?search=ward&page=2', (_request, query) =>
      query.get('category') === 'nursing'
        ? listing([exam('n1', { title: 'Ward nursing' })])
        : listing([exam('21')], 2, 2, 21),
    );
    await screen.findByText('Showing 21\u201321 of 21 exams');
    await user.click(screen.getByRole('button', { name: 'Nursing' }));

    expect(await screen.findByRole('heading', { name: 'Ward nursing' })).toBeTruthy();
    expect(chips()).toEqual(['All', 'Cardiology & ECG', 'Nursing (pressed)', 'Pharmacy']);
    expect(screen.getByText('Showing 1 of 1 exams')).toBeTruthy();
    expect(router.state.location.search).toBe('?search=ward&category=nursing');
    expect(queries.at(-1)?.get('category')).toBe('nursing');
    expect(queries.at(-1)?.get('search')).toBe('ward');
    expect(queries.at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toBe('?search=ward'));
    await waitFor(() => expect(queries.at(-1)?.has('category')).toBe(false));
    expect(chips()[0]).toBe('All (pressed)');
  });

  it('keeps the chosen category when a search is submitted, back at page 1', async () => {
    const { queries, user, router } = render('/exams?category=pharmacy&page=3', () => listing([exam('1')]));
    await screen.findByRole('heading', { name: 'Exam 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search exams' }), 'dosage');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?category=pharmacy&search=dosage'));
    expect(queries.at(-1)?.get('category')).toBe('pharmacy');
    expect(queries.at(-1)?.get('search')).toBe('dosage');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it("says 'No exams in this category' for an empty category, and the spec's text when searching", async () => {
    render('/exams?category=pharmacy', () => listing([]));
    expect(await screen.findByText('No exams in this category')).toBeTruthy();
    expect(screen.queryByText('No exams available')).toBeNull();
    expect(chips()).toContain('Pharmacy (pressed)');
  });

  it("keeps the spec's 'No exams found matching' text for a search within a category", async () => {
    render('/exams?category=pharmacy&search=dosage', () => listing([]));
    expect(await screen.findByText('No exams found matching "dosage"')).toBeTruthy();
    expect(screen.queryByText('No exams in this category')).toBeNull();
  });

  it('marks a linked category whatever its case, and shows one that no exam has as a chip of its own', async () => {
    const { router } = render('/exams?category=NURSING', () => listing([exam('1')]));
    await screen.findByRole('heading', { name: 'Exam 1' });
    expect(chips()).toEqual(['All', 'Cardiology & ECG', 'Nursing (pressed)', 'Pharmacy']);

    await router.navigate('/exams?category=obsolete');
    await waitFor(() =>
      expect(chips()).toEqual(['All', 'Cardiology & ECG', 'Nursing', 'Pharmacy', 'Obsolete (pressed)']),
    );
  });

  it('chooses a category with the keyboard alone: Tab to a chip, then Enter or Space', async () => {
    const { user, router } = render('/exams', () => listing([exam('1')]));
    await screen.findByRole('heading', { name: 'Exam 1' });
    screen.getByRole('button', { name: 'Search' }).focus();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'All' }));
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nursing' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?category=nursing'));
    // Focus stays on the chip that was chosen, now pressed.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Nursing' }));
    expect(chips()).toContain('Nursing (pressed)');

    await user.tab();
    await user.keyboard(' ');
    await waitFor(() => expect(router.state.location.search).toBe('?category=pharmacy'));
  });
});
