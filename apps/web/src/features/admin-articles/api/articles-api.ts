import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '../../../lib/use-mutation.ts';
import type { ArticleBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, pagedListQuery, type PagedListFilters } from '../../../lib/admin/admin-api.ts';
import { adminArticleKeys } from './article-keys.ts';
import { api } from '@mlp/contract/routes';

/** GET /api/admin/articles?page=&keyword=&limit= (drafts included). */
export const adminArticlesQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminArticleKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(api.adminArticles.list, { query: pagedListQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/articles/{id}. */
export const adminArticleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminArticleKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(api.adminArticles.detail, { params: { id }, signal }),
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
      id
        ? apiRequest(api.adminArticles.update, { params: { id }, body })
        : apiRequest(api.adminArticles.create, { body }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/admin/articles/{id}. */
export function useDeleteArticleMutation() {
  const refresh = useRefreshArticles();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminArticles.remove, { params: { id } }),
    onSuccess: () => refresh(),
  });
}

/** POST /api/admin/articles/generate { prompt } → { title, summary, content (sanitised HTML), category }. */
export function useGenerateArticleMutation() {
  return useMutation({
    mutationFn: (prompt: string) => apiRequest(api.adminArticles.generate, { body: { prompt } }),
  });
}
