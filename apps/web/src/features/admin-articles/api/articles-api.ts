import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { Article, ArticleBody, ArticleListItem, MessageResponse } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, pagedListQuery, type PagedListFilters } from '../../../lib/admin/admin-api.ts';
import { adminArticleKeys } from './article-keys.ts';

const articlePath = (id: string) => `/api/admin/articles/${encodeURIComponent(id)}`;

export interface AdminArticlesResponse {
  articles: ArticleListItem[];
  page: number;
  pages: number;
  total: number;
}

/** GET /api/admin/articles?page=&keyword=&limit= (drafts included). */
export const adminArticlesQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminArticleKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest<AdminArticlesResponse>(`/api/admin/articles?${pagedListQuery(filters)}`, {
        auth: 'admin',
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/articles/{id}. */
export const adminArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminArticleKeys.detail(id),
    queryFn: ({ signal }) => apiRequest<Article>(articlePath(id), { auth: 'admin', signal }),
    // The form is filled once; a background refetch must not replace what the author is typing.
    staleTime: Infinity,
  });

function useRefreshArticles() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminArticleKeys.lists() }),
      id ? queryClient.invalidateQueries({ queryKey: adminArticleKeys.detail(id) }) : undefined,
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    ]);
}

/** POST /api/admin/articles (new) or PUT /api/admin/articles/{id} (edit). */
export function useSaveArticleMutation(id: string | undefined) {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (body: ArticleBody) =>
      apiRequest<{ message: string; article: Article }>(id ? articlePath(id) : '/api/admin/articles', {
        method: id ? 'PUT' : 'POST',
        body,
        auth: 'admin',
      }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/admin/articles/{id}. */
export function useDeleteArticleMutation() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<MessageResponse>(articlePath(id), { method: 'DELETE', auth: 'admin' }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/articles/generate { prompt } → { title, summary, content } (sanitised HTML). */
export function useGenerateArticleMutation() {
  return useMutation({
    mutationFn: (prompt: string) =>
      apiRequest<{ title: string; summary: string; content: string }>('/api/admin/articles/generate', {
        method: 'POST',
        body: { prompt },
        auth: 'admin',
      }),
  });
}
