import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Article } from '@mlp/contract';
import { json, stubFetch } from '../../../test/fetch-stub.ts';
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
