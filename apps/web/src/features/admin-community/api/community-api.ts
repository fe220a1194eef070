import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CommentingBody, ModerateBody, ModerationView } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshDashboard } from '../../../lib/admin/admin-api.ts';
import { useMutation } from '../../../lib/use-mutation.ts';
import { adminCommunityKeys } from './community-keys.ts';

/** Comments on one page of the moderation queue (the contract's default). */
export const MODERATION_PAGE_SIZE = 20;

/** GET /api/admin/comments?view=&page=&limit=: one page of a view, with the held and reported counts. */
export const moderationQueueQueryOptions = (view: ModerationView, page: number) =>
  queryOptions({
    queryKey: adminCommunityKeys.list(view, page),
    queryFn: ({ signal }) =>
      apiRequest(api.adminCommunity.queue, { query: { view, page, limit: MODERATION_PAGE_SIZE }, signal }),
    // The tabs' counts and the cards stay on screen while another view or page loads.
    placeholderData: keepPreviousData,
  });

/** After any moderation the queue (every view: a comment moves between them) and the dashboard reload. */
function useRefreshQueue() {
  const queryClient = useQueryClient();
  const refreshDashboard = useRefreshDashboard();
  return () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: adminCommunityKeys.all }), refreshDashboard()]);
}

/** POST /api/admin/comments/{id}/moderate { action, reason } → { message, comment }. */
export function useModerateCommentMutation() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ModerateBody }) =>
      apiRequest(api.adminCommunity.moderate, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** POST /api/admin/comments/{id}/reply { body } → { message, comment }: a reply in the thread, as the team. */
export function useTeamReplyMutation() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest(api.adminCommunity.reply, { params: { id }, body: { body } }),
    onSuccess: refresh,
  });
}

/** PUT /api/admin/users/{userId}/commenting { suspended, reason } → { message }. */
export function useCommentingMutation() {
  const refresh = useRefreshQueue();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: string; body: CommentingBody }) =>
      apiRequest(api.adminCommunity.commenting, { params: { id: userId }, body }),
    onSuccess: refresh,
  });
}
