import {
  infiniteQueryOptions,
  queryOptions,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Comment, CommentReportReason, ThreadComment, ThreadResponse } from '@mlp/contract';
import { api } from '@mlp/contract/routes';
import { apiRequest } from '../../lib/api-client.ts';
import { useMutation } from '../../lib/use-mutation.ts';
import { discussionKeys, type DiscussionTarget } from './discussion-keys.ts';

/*
 * The learner's side of the learning community (decision 0056). The thread is one infinite query
 * ("Show more comments" loads the next page); each write updates the cached pages with the server's answer
 * instead of refetching them, so the comments do not reorder (the server sorts by helpful votes) under
 * the learner while they read and vote.
 */

type ThreadData = InfiniteData<ThreadResponse, number>;

/**
 * GET /api/questions/{questionId}/comments or GET /api/articles/{articleId}/comments?page → a page of
 * top-level comments (helpful votes, then newest) with their replies, the total and the learner's profile.
 * A question's discussion answers 403 until the learner has answered it.
 */
export const threadQueryOptions = (target: DiscussionTarget) =>
  infiniteQueryOptions({
    queryKey: discussionKeys.thread(target),
    queryFn: ({ pageParam, signal }) => {
      const query = { page: pageParam > 1 ? pageParam : undefined };
      return target.kind === 'question'
        ? apiRequest(api.community.questionThread, {
            params: { questionId: target.questionId },
            query,
            signal,
          })
        : apiRequest(api.community.articleThread, { params: { articleId: target.articleId }, query, signal });
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });

function updatePages(
  client: QueryClient,
  target: DiscussionTarget,
  update: (page: ThreadResponse, index: number) => ThreadResponse,
): void {
  client.setQueryData<ThreadData>(discussionKeys.thread(target), (data) =>
    data ? { ...data, pages: data.pages.map(update) } : data,
  );
}

/** Replaces one comment (top-level or reply) wherever the loaded pages hold it. */
function updateComment(
  client: QueryClient,
  target: DiscussionTarget,
  commentId: string,
  change: (comment: Comment) => Comment,
): void {
  const inList = (comments: ThreadComment[]): ThreadComment[] =>
    comments.map((comment) => {
      if (comment._id === commentId) return { ...change(comment), replies: comment.replies };
      if (!comment.replies.some((reply) => reply._id === commentId)) return comment;
      return {
        ...comment,
        replies: comment.replies.map((reply) => (reply._id === commentId ? change(reply) : reply)),
      };
    });
  updatePages(client, target, (page) => ({ ...page, comments: inList(page.comments) }));
}

/**
 * POST /api/questions/{questionId}/comments or /api/articles/{articleId}/comments { body, parentId? } →
 * { message, comment }. A new top-level comment goes first on the first page (where the learner is looking,
 * whatever its place in the server's order), a reply last under its comment.
 */
export function usePostCommentMutation(target: DiscussionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { body: string; parentId?: string }) =>
      target.kind === 'question'
        ? apiRequest(api.community.postOnQuestion, { params: { questionId: target.questionId }, body })
        : apiRequest(api.community.postOnArticle, { params: { articleId: target.articleId }, body }),
    onSuccess: ({ comment }) => {
      const { parentId } = comment;
      updatePages(client, target, (page, index) => {
        if (parentId !== null) {
          return {
            ...page,
            comments: page.comments.map((parent) =>
              parent._id === parentId ? { ...parent, replies: [...parent.replies, comment] } : parent,
            ),
          };
        }
        return {
          ...page,
          total: page.total + 1,
          comments: index === 0 ? [{ ...comment, replies: [] }, ...page.comments] : page.comments,
        };
      });
    },
  });
}

/** PUT /api/comments/{id} { body } → { message, comment }: an own comment, within 15 minutes of posting. */
export function useEditCommentMutation(target: DiscussionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: string }) =>
      apiRequest(api.community.edit, { params: { id }, body: { body } }),
    onSuccess: ({ comment }) => updateComment(client, target, comment._id, () => comment),
  });
}

/**
 * DELETE /api/comments/{id} → { message }. The comment leaves the thread; a top-level comment with replies
 * stays as the placeholder the server shows everyone ('This comment was deleted.').
 */
export function useDeleteCommentMutation(target: DiscussionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest(api.community.remove, { params: { id } }),
    onSuccess: (_response, id) =>
      updatePages(client, target, (page) => {
        const removed = page.comments.some((comment) => comment._id === id && comment.replies.length === 0);
        return {
          ...page,
          total: removed ? page.total - 1 : page.total,
          comments: page.comments
            .filter((comment) => !(comment._id === id && comment.replies.length === 0))
            .map((comment) =>
              comment._id === id
                ? {
                    ...comment,
                    body: '',
                    status: 'deleted' as const,
                    canEdit: false,
                    canDelete: false,
                  }
                : { ...comment, replies: comment.replies.filter((reply) => reply._id !== id) },
            ),
        };
      }),
  });
}

/** PUT (vote) or DELETE (take it back) /api/comments/{id}/helpful → { helpful, helpfulByYou }. */
export function useHelpfulMutation(target: DiscussionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, helpful }: { id: string; helpful: boolean }) =>
      apiRequest(helpful ? api.community.markHelpful : api.community.unmarkHelpful, { params: { id } }),
    onSuccess: (votes, { id }) =>
      updateComment(client, target, id, (comment) => ({
        ...comment,
        helpful: votes.helpful,
        helpfulByYou: votes.helpfulByYou,
      })),
  });
}

/** POST /api/comments/{id}/report { reason, details } → { message }. */
export function useReportCommentMutation(target: DiscussionTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason, details }: { id: string; reason: CommentReportReason; details: string }) =>
      apiRequest(api.community.report, { params: { id }, body: { reason, details } }),
    onSuccess: (_response, { id }) =>
      updateComment(client, target, id, (comment) => ({ ...comment, reportedByYou: true })),
  });
}

/**
 * GET /api/community/profile → the learner's display name (null until chosen) and whether a moderator
 * suspended their commenting: the Settings page's Community card (each thread carries it too).
 */
export const communityProfileQueryOptions = () =>
  queryOptions({
    queryKey: discussionKeys.profile(),
    queryFn: ({ signal }) => apiRequest(api.community.profile, { signal }),
  });

/**
 * PUT /api/community/profile { displayName } → { message, profile }. The name is the learner's everywhere,
 * so the profile and every cached thread take the new one.
 */
export function useSaveDisplayNameMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (displayName: string) => apiRequest(api.community.saveProfile, { body: { displayName } }),
    onSuccess: ({ profile }) => {
      client.setQueryData(discussionKeys.profile(), profile);
      client.setQueriesData<ThreadData>({ queryKey: discussionKeys.threads() }, (data) =>
        data ? { ...data, pages: data.pages.map((page) => ({ ...page, profile })) } : data,
      );
    },
  });
}
