/** Where a discussion is: under a question (for learners who answered it) or under a published article. */
export type DiscussionTarget =
  { kind: 'question'; questionId: string } | { kind: 'article'; articleId: string };

/** The id of the question or article a discussion is under. */
export function discussionTargetId(target: DiscussionTarget): string {
  return target.kind === 'question' ? target.questionId : target.articleId;
}

/**
 * Query keys of the learning community (decision 0056): community → thread → (kind, id). Every thread
 * carries the learner's profile, so a new display name updates them all under `threads()`.
 */
export const discussionKeys = {
  all: ['community'] as const,
  profile: () => [...discussionKeys.all, 'profile'] as const,
  threads: () => [...discussionKeys.all, 'thread'] as const,
  thread: (target: DiscussionTarget) =>
    [...discussionKeys.threads(), target.kind, discussionTargetId(target)] as const,
};
