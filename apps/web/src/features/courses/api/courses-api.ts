import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CourseListItem, CourseProgress } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { courseKeys, type CourseFilters } from './course-keys.ts';

/** GET /api/courses?page&search&category → { courses, page, pages, total }: published courses, newest first. */
export const coursesQueryOptions = (filters: CourseFilters) =>
  queryOptions({
    queryKey: courseKeys.list(filters),
    queryFn: ({ signal }) =>
      apiRequest(api.courses.list, {
        // Page 1 and 'every category' are the defaults: left out, so the URL is the same as the first load's.
        query: {
          page: filters.page > 1 ? filters.page : undefined,
          search: filters.search,
          category: (filters.category || undefined) as CourseListItem['category'] | undefined,
        },
        signal,
      }),
    // The chips and cards stay while the next search or category loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/courses/{id}: a published course with its units in order; 404 otherwise. */
export const courseQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.detail(courseId),
    queryFn: ({ signal }) => apiRequest(api.courses.detail, { params: { id: courseId }, signal }),
  });

/** GET /api/courses/enrolled: the signed-in learner's courses with their progress. */
export const enrolledCoursesQueryOptions = () =>
  queryOptions({
    queryKey: courseKeys.enrolled(),
    queryFn: ({ signal }) => apiRequest(api.courses.enrolled, { signal }),
    // Progress moves with every sitting submitted elsewhere: read it afresh each visit.
    staleTime: 0,
  });

/** GET /api/courses/{id}/progress: the learner's progress per unit (not enrolled: every unit not started). */
export const courseProgressQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.progress(courseId),
    queryFn: ({ signal }) => apiRequest(api.courses.progress, { params: { id: courseId }, signal }),
    staleTime: 0,
  });

/** GET /api/courses/{id}/certificate: only once the course is complete (404 before). */
export const courseCertificateQueryOptions = (courseId: string) =>
  queryOptions({
    queryKey: courseKeys.certificate(courseId),
    queryFn: ({ signal }) => apiRequest(api.courses.certificate, { params: { id: courseId }, signal }),
  });

/** The progress a write answers replaces the cached one; the enrolled list's figures follow. */
function useProgressWrite() {
  const queryClient = useQueryClient();
  return (progress: CourseProgress) => {
    queryClient.setQueryData(courseKeys.progress(progress.courseId), progress);
    void queryClient.invalidateQueries({ queryKey: courseKeys.enrolled() });
  };
}

/** POST /api/courses/{id}/enrol: enrols (again: no change) and answers the progress. */
export function useEnrolMutation(courseId: string) {
  const written = useProgressWrite();
  return useMutation({
    mutationFn: () => apiRequest(api.courses.enrol, { params: { id: courseId } }),
    onSuccess: written,
  });
}

/** POST /api/courses/{id}/units/{unitId}/read: marks an article unit read (again: no change). */
export function useMarkReadMutation(courseId: string) {
  const written = useProgressWrite();
  return useMutation({
    mutationFn: (unitId: string) => apiRequest(api.courses.markRead, { params: { id: courseId, unitId } }),
    onSuccess: written,
  });
}

/**
 * POST /api/courses/{id}/units/{unitId}/start: a practice unit's set (built, or the open one resumed) or a
 * checkpoint's exam. 409 while another practice set is open, 403 while the unit is locked.
 */
export function useStartUnitMutation(courseId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (unitId: string) => apiRequest(api.courses.startUnit, { params: { id: courseId, unitId } }),
    // A refusal may mean the access changed (a subscription ended): the units show it. (On success the page
    // is left, and the progress is read afresh on the way back.)
    onError: () => queryClient.invalidateQueries({ queryKey: courseKeys.progress(courseId) }),
  });
}
