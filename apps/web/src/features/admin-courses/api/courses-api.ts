import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import type { CourseBody } from '@mlp/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys, pagedListQuery, type PagedListFilters } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { adminCourseKeys } from './course-keys.ts';

/** How many articles the article picker offers for one search. */
export const ARTICLE_PICKER_LIMIT = 20;

/** GET /api/admin/courses?page=&keyword=&limit= (drafts included, with enrolments and completions). */
export const adminCoursesQueryOptions = (filters: PagedListFilters) =>
  queryOptions({
    queryKey: adminCourseKeys.list(filters),
    queryFn: ({ signal }) => apiRequest(api.adminCourses.list, { query: pagedListQuery(filters), signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/courses/{id}: the course with its units' own fields. */
export const adminCourseQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminCourseKeys.detail(id),
    queryFn: ({ signal }) => apiRequest(api.adminCourses.detail, { params: { id }, signal }),
    // The form is filled once; a background refetch must not replace what the administrator is editing.
    staleTime: Infinity,
  });

/** GET /api/admin/exams: every exam, draft or published, with its topics (the exam picker). */
export const courseExamsQueryOptions = () =>
  queryOptions({
    queryKey: adminCourseKeys.exams(),
    queryFn: ({ signal }) => apiRequest(api.adminExams.list, { signal }),
    select: (data) => data.exams,
  });

/** GET /api/admin/articles?keyword=: the article picker's search (drafts included). */
export const courseArticleSearchQueryOptions = (keyword: string) =>
  queryOptions({
    queryKey: adminCourseKeys.articles(keyword),
    queryFn: ({ signal }) =>
      apiRequest(api.adminArticles.list, {
        query: pagedListQuery({ page: 0, keyword, rowsPerPage: ARTICLE_PICKER_LIMIT }),
        signal,
      }),
    select: (data) => data.articles,
    placeholderData: keepPreviousData,
  });

function useRefreshCourses() {
  const queryClient = useQueryClient();
  return (id?: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminCourseKeys.lists() }),
      id ? queryClient.invalidateQueries({ queryKey: adminCourseKeys.detail(id) }) : undefined,
      queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
    ]);
}

/** POST /api/admin/courses (new) or PUT /api/admin/courses/{id} (edit) → { message, course }. */
export function useSaveCourseMutation(id: string | undefined) {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (body: CourseBody) =>
      id
        ? apiRequest(api.adminCourses.update, { params: { id }, body })
        : apiRequest(api.adminCourses.create, { body }),
    onSuccess: () => refresh(id),
  });
}

/** DELETE /api/admin/courses/{id} → { message }. */
export function useDeleteCourseMutation() {
  const refresh = useRefreshCourses();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.adminCourses.remove, { params: { id } }),
    onSuccess: () => refresh(),
  });
}
