import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Article } from '@mlp/contract';
import { json, publicSettings, stubFetch } from '../../../test/fetch-stub.ts';
import { buildThread, buildThreadComment } from '../../../test/factories.ts';
import { renderPage } from '../../../test/render.tsx';
import { expectTryAgainRefetches } from '../../../test/try-again.ts';
import { ArticleDetail } from './article-detail.tsx';

const article: Article = {
  _id: 'a1',
  title: 'Recognising Sepsis',
  summary: 'Spot it early.',
  content:
    '<h2>Why it matters</h2><p>Act fast.<img src="x" onerror="window.hacked=true"></p><script>window.hacked=true</script><a href="https://example.com">NICE</a>',
  category: 'medical',
  status: 'published',
  createdAt: new Date(2025, 2, 5, 12).toISOString(),
  updatedAt: new Date(2025, 2, 5, 12).toISOString(),
};

describe('ArticleDetail', () => {
  it('shows the title, date, category and the sanitised body', async () => {
    stubFetch({ 'GET /api/articles/a1': () => json(article) });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recognising Sepsis' })).toBeTruthy();
    expect(screen.getByText('March 5, 2025')).toBeTruthy();
    expect(screen.getByText('Medical')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'NICE' });
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onerror]')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Articles' }).getAttribute('href')).toBe('/articles');
  });

  it('asks a visitor to sign in to join the discussion under the article (decision 0056)', async () => {
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/articles/a1': () => json(article),
    });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1' });
    const section = await screen.findByRole('region', { name: 'Discussion' });
    // The discussion's own code loads lazily: wait for its link.
    expect(
      (await within(section).findByRole('link', { name: 'Sign in to join the discussion' })).getAttribute(
        'href',
      ),
    ).toBe('/login');
  });

  it("shows a signed-in learner the article's discussion", async () => {
    window.localStorage.setItem('token', 'learner-token');
    stubFetch({
      'GET /api/settings/public': () => publicSettings(),
      'GET /api/articles/a1': () => json(article),
      'GET /api/articles/a1/comments': () => json(buildThread({ comments: [buildThreadComment()] })),
    });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1' });
    const section = await screen.findByRole('region', { name: 'Discussion' });
    expect(await within(section).findByRole('article', { name: 'Comment by Dr Ann' })).toBeTruthy();
    expect(within(section).getByRole('textbox', { name: 'Add a comment' })).toBeTruthy();
  });

  it('offers the practice that follows the article in a course it was opened from (decision 0053)', async () => {
    stubFetch({ 'GET /api/articles/a1': () => json(article) });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1?course=c1&unit=u2' });
    const aside = await screen.findByRole('complementary', { name: 'Test yourself on this' });
    expect(within(aside).getByRole('link', { name: 'Go to the practice' }).getAttribute('href')).toBe(
      '/courses/c1#unit-u2',
    );
  });

  it('offers no practice to an article opened on its own', async () => {
    stubFetch({ 'GET /api/articles/a1': () => json(article) });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1' });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Test yourself on this')).toBeNull();
  });

  it("warns 'Article not found' on a 404", async () => {
    stubFetch();
    renderPage(<ArticleDetail articleId="missing" />, { url: '/articles/missing' });
    expect(await screen.findByText('Article not found')).toBeTruthy();
  });

  it("warns 'Article not found' when the article is empty", async () => {
    stubFetch({ 'GET /api/articles/a2': () => json({ ...article, _id: 'a2', content: ' ' }) });
    renderPage(<ArticleDetail articleId="a2" />, { url: '/articles/a2' });
    expect(await screen.findByText('Article not found')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it("shows 'Error fetching article' for other failures", async () => {
    const requests = stubFetch({ 'GET /api/articles/a1': () => new Response(null, { status: 400 }) });
    renderPage(<ArticleDetail articleId="a1" />, { url: '/articles/a1' });
    expect(await screen.findByText('Error fetching article')).toBeTruthy();
    await expectTryAgainRefetches(requests, '/api/articles/a1');
  });
});
