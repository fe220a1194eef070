import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { articlesQueryOptions } from '../../features/articles/api/articles-api.ts';
import { publishedExamsQueryOptions } from '../../features/catalogue/api/catalogue-api.ts';
import { HERO_SUBTITLE, HERO_TITLE, WHY_CHOOSE_TITLE } from '../../features/marketing/home-copy.ts';
import { FALLBACK_SITE_NAME } from '../../lib/site-name.ts';
import { publicSettingsQueryOptions } from '../../lib/site-settings.tsx';
import { SHELL_PAGES, shellMarkup } from './page-shell.ts';

/** The URL a query's first request goes to, with fetch stubbed. */
async function requestedUrl(run: (client: QueryClient) => Promise<unknown>): Promise<string> {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  await run(new QueryClient()).catch(() => undefined);
  const [url] = fetchMock.mock.calls[0] as unknown as [string];
  return url;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('page shells', () => {
  it("paints the home page's hero and first heading with the page's own copy", () => {
    const home = shellMarkup('home');
    expect(home).toContain(`<h1>${HERO_TITLE}</h1>`);
    expect(home).toContain(`<p>${HERO_SUBTITLE}</p>`);
    expect(home).toContain(`>${WHY_CHOOSE_TITLE}</h2>`);
    expect(home).toContain(`<span>${FALLBACK_SITE_NAME}</span>`);
    const bar = shellMarkup('bar');
    expect(bar).toContain(FALLBACK_SITE_NAME);
    expect(bar).not.toContain('<h1>');
  });

  it('preloads exactly the API request the catalogue and the article list make first', async () => {
    const byPath = new Map(SHELL_PAGES.map((page) => [page.path, page.data]));
    const exams = publishedExamsQueryOptions({ page: 1, search: '' });
    const articles = articlesQueryOptions({ page: 1, search: '', category: '' });
    expect(await requestedUrl((client) => client.fetchQuery(exams))).toBe(byPath.get('/exams'));
    expect(await requestedUrl((client) => client.fetchQuery(articles))).toBe(byPath.get('/articles'));
  });

  it('preloads, on every page, exactly the site settings request the app makes first', async () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../../index.html'), 'utf8');
    const url = await requestedUrl((client) => client.fetchQuery(publicSettingsQueryOptions()));
    expect(url).toBe('/api/settings/public');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${url}" />`);
  });

  it('names route modules that exist, one page per path', () => {
    for (const page of SHELL_PAGES)
      expect(existsSync(path.join(import.meta.dirname, '../routes', `${page.route}.tsx`))).toBe(true);
    expect(new Set(SHELL_PAGES.map((page) => page.path)).size).toBe(SHELL_PAGES.length);
  });
});
