import { readFileSync } from 'node:fs';
import path from 'node:path';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as articlesPage from '../src/app/routes/articles.tsx';
import * as examsPage from '../src/app/routes/exams.tsx';
import * as homePage from '../src/app/routes/home.tsx';
import * as loginPage from '../src/app/routes/login.tsx';
import { appTheme } from '../src/app/theme.ts';
import { articlesQueryOptions } from '../src/features/articles/api/articles-api.ts';
import { publishedExamsQueryOptions } from '../src/features/catalogue/api/catalogue-api.ts';
import {
  HERO_BROWSE,
  HERO_GET_STARTED,
  HERO_SIGN_IN,
  HERO_SUBTITLE,
  HERO_TITLE,
  WHY_CHOOSE_TITLE,
} from '../src/features/marketing/home-copy.ts';
import { FALLBACK_SITE_NAME } from '../src/lib/site-name.ts';
import { publicSettingsQueryOptions } from '../src/lib/site-settings.tsx';
import { firstRequests, renderShell } from './shell-render.tsx';

/** The URL a query's first request goes to, with fetch stubbed. */
async function requestedUrl(run: (client: QueryClient) => Promise<unknown>): Promise<string> {
  const fetchMock = vi.fn(() => Promise.resolve(Response.json({})));
  vi.stubGlobal('fetch', fetchMock);
  await run(new QueryClient()).catch(() => undefined);
  const [url] = fetchMock.mock.calls[0] as unknown as [string];
  return url;
}

/** An element with this tag and text, whatever its attributes. */
const element = (tag: string, text: string, attributes = '[^>]*') =>
  new RegExp(`<${tag}${attributes}>${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</${tag}>`);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('renderShell', () => {
  it("paints the home page itself, as a visitor sees it first, with the page's own copy", async () => {
    const { html } = await renderShell('/', 'page', homePage);
    expect(html).toMatch(element('h1', HERO_TITLE));
    expect(html).toMatch(element('p', HERO_SUBTITLE));
    expect(html).toMatch(element('h2', WHY_CHOOSE_TITLE));
    expect(html).toMatch(element('a', HERO_GET_STARTED, '[^>]*href="/register"[^>]*'));
    expect(html).toMatch(element('a', HERO_BROWSE, '[^>]*href="/exams"[^>]*'));
    expect(html).toMatch(element('a', HERO_SIGN_IN, '[^>]*href="/login"[^>]*'));
    expect(html).toContain(`>${FALLBACK_SITE_NAME}</span>`);
  });

  it("paints only the layout for a 'layout' shell, with the page's link marked in the top bar", async () => {
    const { html } = await renderShell('/login', 'layout', loginPage);
    expect(html).toContain(`>${FALLBACK_SITE_NAME}</span>`);
    expect(html).toContain('<main');
    expect(html).not.toContain('<h1');
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/login"/);
  });

  it("carries the theme's own styles for exactly that markup, as emotion's style tags", async () => {
    const theme = appTheme();
    const { html, styles } = await renderShell('/', 'page', homePage);
    expect(styles).toMatch(/^<style data-emotion="css-global [a-z0-9]+">/);
    expect(styles).toContain(`background-color:${theme.palette.background.default}`);
    expect(styles).toContain(`background-color:${theme.palette.primary.main}`);
    expect(styles).toContain(`@media (min-width:${theme.breakpoints.values.sm}px)`);
    // Every class the markup uses is defined, and nothing else is ('css-0' is emotion's name for no styles).
    const used = new Set(html.match(/css-[a-z0-9]+/g)?.filter((name) => name !== 'css-0'));
    const defined = new Set(styles.match(/\.css-[a-z0-9]+/g)?.map((name) => name.slice(1)));
    expect(used.size).toBeGreaterThan(10);
    expect([...used].filter((name) => !defined.has(name))).toEqual([]);
    expect([...defined].filter((name) => !used.has(name))).toEqual([]);
  });
});

describe('firstRequests', () => {
  it('finds exactly the API request the catalogue and the article list make first', async () => {
    const exams = publishedExamsQueryOptions({ page: 1, search: '', category: '' });
    const articles = articlesQueryOptions({ page: 1, search: '', category: '' });
    expect(await firstRequests(examsPage, '/exams')).toEqual([
      await requestedUrl((client) => client.fetchQuery(exams)),
    ]);
    expect(await firstRequests(articlesPage, '/articles')).toEqual([
      await requestedUrl((client) => client.fetchQuery(articles)),
    ]);
    expect(await firstRequests(examsPage, '/exams')).toEqual(['/api/exams/published?page=1&limit=20']);
  });

  it('finds nothing for a page without first-load data, and leaves fetch as it was', async () => {
    const realFetch = globalThis.fetch;
    expect(await firstRequests(homePage, '/')).toEqual([]);
    await firstRequests(examsPage, '/exams');
    expect(globalThis.fetch).toBe(realFetch);
  });
});

describe('index.html', () => {
  it('preloads, on every page, exactly the site settings request the app makes first', async () => {
    const html = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');
    const url = await requestedUrl((client) => client.fetchQuery(publicSettingsQueryOptions()));
    expect(url).toBe('/api/settings/public');
    expect(html).toContain(`<link rel="preload" as="fetch" crossorigin href="${url}" />`);
  });
});
