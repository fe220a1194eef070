import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Article, ArticlesResponse } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { articleKeys, type ArticleFilters } from './article-keys.ts';

/**
 * GET /api/articles/published?page&search, or GET /api/articles/category/{category}?page&search once a
 * category is chosen → { articles, page, pages, total, categories }.
 */
export const articlesQueryOptions = (filters: ArticleFilters) =>
  queryOptions({
    queryKey: articleKeys.list(filters),
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (filters.page > 1) params.set('page', String(filters.page));
      if (filters.search) params.set('search', filters.search);
      const query = params.toString() ? `?${params.toString()}` : '';
      const path = filters.category
        ? `/api/articles/category/${encodeURIComponent(filters.category)}${query}`
        : `/api/articles/published${query}`;
      return apiRequest<ArticlesResponse>(path, { auth: 'none', signal });
    },
    // The chips and cards stay while the next search or category loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/articles/{id}: a published article with its (sanitised) HTML body; 404 'Article not found'. */
export const articleQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: articleKeys.detail(articleId),
    queryFn: ({ signal }) =>
      apiRequest<Article>(`/api/articles/${encodeURIComponent(articleId)}`, { auth: 'none', signal }),
  });
