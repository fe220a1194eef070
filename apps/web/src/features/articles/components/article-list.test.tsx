import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ArticleListItem } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
import { renderPage } from '../../../test/render.tsx';
import { ArticleList } from './article-list.tsx';

const article = (id: string, overrides: Partial<ArticleListItem> = {}): ArticleListItem => ({
  _id: id,
  title: `Article ${id}`,
  summary: '',
  category: 'research',
  status: 'published',
  preview: `Preview of ${id}`,
  createdAt: new Date(2025, 2, 5, 12).toISOString(),
  updatedAt: new Date(2025, 2, 5, 12).toISOString(),
  ...overrides,
});

function render(url = '/articles') {
  const calls: string[] = [];
  const list = (articles: ArticleListItem[]) =>
    json({
      articles,
      page: 1,
      pages: 1,
      total: articles.length,
      categories: ['medical', 'exam-prep', 'research'],
    });
  stubFetch({
    'GET /api/articles/published': () => {
      const search = new URLSearchParams(calls.at(-1)?.split('?')[1]).get('search');
      return list(search ? [] : [article('1', { preview: 'p'.repeat(200) }), article('2')]);
    },
    'GET /api/articles/category/exam-prep': () => list([article('3', { category: 'exam-prep' })]),
  });
  const stubbed = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const requestUrl = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    if (requestUrl.pathname.startsWith('/api/articles'))
      calls.push(`${requestUrl.pathname}${requestUrl.search}`);
    return stubbed(input, init);
  });
  const rendered = renderPage(<ArticleList />, { url, path: '/articles' });
  return { ...rendered, calls, user: userEvent.setup() };
}

describe('ArticleList', () => {
  it('shows cards with title, date, a 150-character preview and the category, linking to the article', async () => {
    render();
    const cards = await screen.findAllByRole('article');
    const first = cards[0] as HTMLElement;
    expect(within(first).getByRole('heading', { name: 'Article 1' })).toBeTruthy();
    expect(within(first).getByText('March 5, 2025')).toBeTruthy();
    expect(within(first).getByText(`${'p'.repeat(150)}\u2026`)).toBeTruthy();
    expect(within(first).getByText('Research')).toBeTruthy();
    expect(within(first).getByRole('link').getAttribute('href')).toBe('/articles/1');
    const chips = within(screen.getByRole('group', { name: 'Categories' })).getAllByRole('button');
    expect(chips.map((chip) => chip.textContent)).toEqual(['All', 'Medical', 'Exam Prep', 'Research']);
    expect(chips[0]?.getAttribute('aria-pressed')).toBe('true');
  });

  it('filters by category with the category endpoint', async () => {
    const { user, calls, router } = render();
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Exam Prep' }));
    expect(await screen.findByRole('heading', { name: 'Article 3' })).toBeTruthy();
    expect(calls.at(-1)).toBe('/api/articles/category/exam-prep');
    expect(router.state.location.search).toBe('?category=exam-prep');
    expect(screen.getByRole('button', { name: 'Exam Prep' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('searches on the server after typing pauses, and at once on Enter', async () => {
    const { user, calls } = render();
    await screen.findAllByRole('article');
    const box = screen.getByRole('searchbox', { name: 'Search articles' });
    expect(box.getAttribute('placeholder')).toBe('Search articles...');
    await user.type(box, 'sepsis');
    expect(await screen.findByText('No articles found matching "sepsis"')).toBeTruthy();
    expect(calls.filter((call) => call.includes('search='))).toEqual([
      '/api/articles/published?search=sepsis',
    ]);

    await user.clear(box);
    await user.type(box, 'trial{Enter}');
    await waitFor(() => expect(calls.at(-1)).toBe('/api/articles/published?search=trial'));
  });

  it('keeps a category chip clicked right after typing a search, and the search too', async () => {
    const { user, router } = render();
    await screen.findAllByRole('article');
    await user.type(screen.getByRole('searchbox', { name: 'Search articles' }), 'trial');
    // Before the typing pause has run the search.
    await user.click(screen.getByRole('button', { name: 'Exam Prep' }));
    // Past the pause: the debounced search must not undo the chip.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('category')).toBe('exam-prep');
    expect(params.get('search')).toBe('trial');
    expect(screen.getByRole('button', { name: 'Exam Prep' }).getAttribute('aria-pressed')).toBe('true');
  });

  it("shows 'Error fetching articles' with a 'Try again' that loads the list again", async () => {
    let calls = 0;
    stubFetch({
      'GET /api/articles/published': () =>
        ++calls === 1
          ? new Response(null, { status: 500 })
          : json({ articles: [article('9')], page: 1, pages: 1, total: 1, categories: ['research'] }),
    });
    const { user } = { user: userEvent.setup(), ...renderPage(<ArticleList />, { url: '/articles' }) };
    expect(await screen.findByText('Error fetching articles')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Article 9' })).toBeTruthy();
  });
});
