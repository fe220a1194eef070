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
