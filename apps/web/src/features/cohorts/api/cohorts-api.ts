import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { cohortKeys } from './cohort-keys.ts';

/** GET /api/cohorts/assignments: the assignments of the learner's cohorts with their status (0079). */
export const cohortAssignmentsQueryOptions = () =>
  queryOptions({
    queryKey: cohortKeys.assignments(),
    queryFn: ({ signal }) => apiRequest(api.cohorts.assignments, { signal }),
    select: (data) => data.assignments,
    // A status changes as the learner sits the exam and as the due time passes: read afresh on each visit.
    staleTime: 0,
  });

/** POST /api/cohorts/join with an invite code → { message, cohort }. */
export function useJoinCohortMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest(api.cohorts.join, { body: { code } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: cohortKeys.all }),
  });
}

/**
 * POST /api/practice-sets/assigned/:id: starts the practice set an assignment asks for (or resumes the one
 * started from it) → the practice set, to sit at /practice/<id>.
 */
export function useStartAssignedSetMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assignmentId: string) =>
      apiRequest(api.practice.startAssigned, { params: { id: assignmentId } }),
    // The status moves to in progress (and a free exam's subscription may have been taken out).
    onSettled: () => queryClient.invalidateQueries({ queryKey: cohortKeys.all }),
  });
}
