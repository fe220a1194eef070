import { queryOptions } from '@tanstack/react-query';
import type { CreatePracticeSetBody } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { practiceKeys } from './practice-keys.ts';

/** GET /api/practice-sets/options: per subscribed exam and topic, how many questions each source has. */
export const practiceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: practiceKeys.options(),
    queryFn: ({ signal }) => apiRequest(api.practice.options, { signal }),
    // Counts change with every submitted sitting: read them afresh each visit.
    staleTime: 0,
  });

/** POST /api/practice-sets: builds the set and starts it (the attempt, 201). */
export function useCreatePracticeSetMutation() {
  return useMutation({
    mutationFn: (body: CreatePracticeSetBody) => apiRequest(api.practice.create, { body }),
  });
}
