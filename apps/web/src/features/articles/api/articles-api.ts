import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ArticleCategory } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
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
      // Page 1 is the default: left out, so the first load's preloaded URL is the same (decision 0015).
      const query = { page: filters.page > 1 ? filters.page : undefined, search: filters.search };
      return filters.category
        ? apiRequest(api.articles.byCategory, {
            params: { category: filters.category as ArticleCategory },
            query,
            signal,
          })
        : apiRequest(api.articles.published, { query, signal });
    },
    // The chips and cards stay while the next search or category loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/articles/{id}: a published article with its (sanitised) HTML body; 404 'Article not found'. */
export const articleQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: articleKeys.detail(articleId),
    queryFn: ({ signal }) => apiRequest(api.articles.detail, { params: { id: articleId }, signal }),
  });
