import { useEffect, useId, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Comment, CommunityProfile, ThreadComment, ThreadResponse } from '@mlp/contract';
import { ApiError, errorMessage } from '../../lib/api-client.ts';
import { useAuth } from '../../lib/auth.tsx';
import type { LoginRedirectState } from '../../lib/login-redirect.ts';
import { useSiteSettings } from '../../lib/site-settings.tsx';
import { ConfirmDialog } from '../dialogs/confirm-dialog.tsx';
import { useConfirmTarget } from '../dialogs/use-confirm-target.ts';
import { LoadError } from '../load-error.tsx';
import { VisuallyHidden } from '../visually-hidden.tsx';
import { ChangeDisplayNameDialog, CommentComposer, ComposerGate } from './comment-composer.tsx';
import { CommentItem, type CommentIds } from './comment-item.tsx';
import { threadQueryOptions, useDeleteCommentMutation, usePostCommentMutation } from './discussion-api.ts';
import type { DiscussionTarget } from './discussion-keys.ts';
import { ReportCommentDialog } from './report-comment-dialog.tsx';

/*
 * The learning community's discussion under a question or an article (decision 0056). A question's is
 * open only to a learner who has answered it (the server answers 403 otherwise); an article's to signed-in
 * learners, a visitor is asked to sign in. With the community switched off nothing shows at all.
 */

const EMPTY_TEXT = 'No comments yet. Start the discussion.';
const SIGN_IN_TEXT = 'Sign in to join the discussion';

/**
 * Moves focus to the element with an id once it is on the page: a comment that arrives with the next
 * render (posted, loaded), a button that comes back when a form closes.
 */
function useFocusRequest(): (elementId: string) => void {
  const pending = useRef<string | null>(null);
  const [, setRequests] = useState(0);
  useEffect(() => {
    if (pending.current === null) return;
    const element = document.getElementById(pending.current);
    if (!element) return;
    pending.current = null;
    element.focus();
  });
  return (elementId: string) => {
    pending.current = elementId;
    setRequests((count) => count + 1);
  };
}

/** The top-level comments of the loaded pages, each once (a new comment shifts the server's pages by one). */
function loadedComments(pages: readonly ThreadResponse[]): ThreadComment[] {
  const seen = new Set<string>();
  const comments: ThreadComment[] = [];
  for (const comment of pages.flatMap((page) => page.comments)) {
    if (seen.has(comment._id)) continue;
    seen.add(comment._id);
    comments.push(comment);
  }
  return comments;
}

/** 'Replies to Dr Ann'; a deleted or hidden comment's author is not named. */
function repliesLabel(comment: Comment): string {
  if (comment.author.you) return 'Replies to your comment';
  if (comment.status === 'deleted' || comment.status === 'hidden') return 'Replies';
  return `Replies to ${comment.author.displayName}`;
}

function commentCount(total: number): string {
  return total === 1 ? '1 comment' : `${total} comments`;
}

function ThreadSkeleton() {
  return (
    <Box aria-busy="true">
      <VisuallyHidden>Loading the discussion</VisuallyHidden>
      {[0, 1].map((row) => (
        <Box key={row} sx={{ py: 1.5 }}>
          <Skeleton variant="text" width={160} />
          <Skeleton variant="text" />
          <Skeleton variant="text" width="70%" />
        </Box>
      ))}
    </Box>
  );
}

/** The new-comment form: 'Posting as … · Change', then the text field. */
function NewComment({
  target,
  profile,
  inputId,
  onPosted,
  onNotice,
  focus,
}: {
  target: DiscussionTarget;
  profile: CommunityProfile;
  inputId: string;
  onPosted: (comment: Comment, message: string) => void;
  onNotice: (message: string) => void;
  focus: (elementId: string) => void;
}) {
  const post = usePostCommentMutation(target);
  const [changing, setChanging] = useState(false);
  return (
    <ComposerGate
      profile={profile}
      onNamed={(message) => {
        onNotice(message);
        focus(inputId);
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Posting as <strong>{profile.displayName}</strong> ·{' '}
        <Link
          component="button"
          type="button"
          variant="body2"
          aria-label="Change display name"
          underline="always"
          onClick={() => setChanging(true)}
          sx={{ verticalAlign: 'baseline' }}
        >
          Change
        </Link>
      </Typography>
      <CommentComposer
        inputId={inputId}
        label="Add a comment"
        submitLabel="Post"
        busy={post.isPending}
        error={post.isError ? errorMessage(post.error, 'Your comment could not be posted') : null}
        onSubmit={(body, clear) =>
          post.mutate(
            { body },
            {
              onSuccess: (response) => {
                clear();
                onPosted(response.comment, response.message);
              },
            },
          )
        }
      />
      <ChangeDisplayNameDialog
        open={changing}
        current={profile.displayName ?? ''}
        onClose={() => setChanging(false)}
        onSaved={(message) => {
          setChanging(false);
          onNotice(message);
        }}
      />
    </ComposerGate>
  );
}

/** The reply form under a top-level comment. */
function ReplyForm({
  target,
  parent,
  profile,
  inputId,
  onPosted,
  onCancel,
  onNotice,
  focus,
}: {
  target: DiscussionTarget;
  parent: Comment;
  profile: CommunityProfile;
  inputId: string;
  onPosted: (comment: Comment, message: string) => void;
  onCancel: () => void;
  onNotice: (message: string) => void;
  focus: (elementId: string) => void;
}) {
  const post = usePostCommentMutation(target);
  const to = parent.author.you ? 'your comment' : parent.author.displayName;
  return (
    <Box sx={{ pl: { xs: 2, sm: 4 }, py: 1 }}>
      <ComposerGate
        profile={profile}
        onNamed={(message) => {
          onNotice(message);
          focus(inputId);
        }}
      >
        <CommentComposer
          inputId={inputId}
          label={`Reply to ${to}`}
          submitLabel="Post reply"
          busy={post.isPending}
          error={post.isError ? errorMessage(post.error, 'Your reply could not be posted') : null}
          autoFocus
          onSubmit={(body, clear) =>
            post.mutate(
              { body, parentId: parent._id },
              {
                onSuccess: (response) => {
                  clear();
                  onPosted(response.comment, response.message);
                },
              },
            )
          }
          onCancel={onCancel}
        />
      </ComposerGate>
    </Box>
  );
}

function Thread({ target }: { target: DiscussionTarget }) {
  const base = useId();
  const thread = useInfiniteQuery(threadQueryOptions(target));
  const focus = useFocusRequest();
  const [notice, setNotice] = useState<string | null>(null);
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const deleting = useConfirmTarget<Comment>();
  const remove = useDeleteCommentMutation(target);
  const reporting = useConfirmTarget<Comment>();

  const summaryId = `${base}-summary`;
  const composerId = `${base}-new`;
  const idsOf = (commentId: string): CommentIds => {
    const id = `${base}-comment-${commentId}`;
    return { comment: id, reply: `${id}-reply`, edit: `${id}-edit`, editInput: `${id}-edit-text` };
  };

  if (thread.isPending) return <ThreadSkeleton />;
  if (thread.isError && !thread.data) {
    if (thread.error instanceof ApiError && thread.error.status === 403) {
      return (
        <Alert severity="info">
          {errorMessage(thread.error, 'Answer this question to see its discussion.')}
        </Alert>
      );
    }
    return (
      <LoadError
        message={errorMessage(thread.error, 'The discussion could not be loaded')}
        onRetry={() => thread.refetch()}
      />
    );
  }

  const { pages } = thread.data;
  const comments = loadedComments(pages);
  const total = pages.at(-1)?.total ?? comments.length;
  const profile = pages[0]?.profile ?? { displayName: null, commentingSuspended: false };
  const canComment = !profile.commentingSuspended;

  const posted = (comment: Comment, message: string) => {
    setNotice(message);
    if (comment.parentId !== null) setReplyingTo(null);
    focus(idsOf(comment._id).comment);
  };
  const edited = (comment: Comment, message: string) => {
    setNotice(message);
    focus(idsOf(comment._id).comment);
  };
  const showMore = () => {
    const shown = comments.length;
    void thread.fetchNextPage().then((result) => {
      const next = result.data ? loadedComments(result.data.pages)[shown] : undefined;
      if (next) focus(idsOf(next._id).comment);
    });
  };

  const item = (comment: Comment, replies?: ThreadComment['replies']) => (
    <CommentItem
      key={comment._id}
      comment={comment}
      target={target}
      ids={idsOf(comment._id)}
      canComment={canComment}
      replyOpen={replyingTo === comment._id}
      onReply={replies ? () => setReplyingTo(replyingTo === comment._id ? null : comment._id) : undefined}
      onDelete={(own) => {
        remove.reset();
        deleting.ask(own);
      }}
      onReport={reporting.ask}
      onEdited={edited}
      onEditCancelled={(own) => focus(idsOf(own._id).edit)}
    >
      {replies && replies.length > 0 && (
        <Box
          component="ul"
          aria-label={repliesLabel(comment)}
          sx={{ m: 0, pl: { xs: 2, sm: 4 }, borderLeft: 2, borderColor: 'divider' }}
        >
          {replies.map((reply) => item(reply))}
        </Box>
      )}
      {replies && replyingTo === comment._id && canComment && (
        <ReplyForm
          target={target}
          parent={comment}
          profile={profile}
          inputId={`${idsOf(comment._id).comment}-reply-text`}
          onPosted={posted}
          onCancel={() => {
            setReplyingTo(null);
            focus(idsOf(comment._id).reply);
          }}
          onNotice={setNotice}
          focus={focus}
        />
      )}
    </CommentItem>
  );

  return (
    <Stack spacing={2}>
      <Typography
        id={summaryId}
        tabIndex={-1}
        variant="body2"
        color="text.secondary"
        sx={{ outline: 'none' }}
      >
        {comments.length === 0 ? EMPTY_TEXT : commentCount(total)}
      </Typography>
      <NewComment
        target={target}
        profile={profile}
        inputId={composerId}
        onPosted={posted}
        onNotice={setNotice}
        focus={focus}
      />
      {/* The line is kept while empty: a notice appearing above the comments would move them under a
          pointer on its way to a comment's button (a click on Report landed on nothing). */}
      <Typography role="status" variant="body2" color="success.dark" sx={{ minHeight: '1.43em' }}>
        {notice}
      </Typography>
      {comments.length > 0 && (
        <Box
          component="ul"
          aria-label="Comments"
          sx={{ m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
        >
          {comments.map((comment) => item(comment, comment.replies))}
        </Box>
      )}
      {thread.isFetchNextPageError && (
        <Alert severity="error">{errorMessage(thread.error, 'More comments could not be loaded')}</Alert>
      )}
      {thread.hasNextPage && (
        <Box>
          <Button variant="outlined" size="small" onClick={showMore} disabled={thread.isFetchingNextPage}>
            {thread.isFetchingNextPage ? 'Loading…' : 'Show more comments'}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={deleting.open}
        title="Delete comment?"
        message={
          deleting.target?.parentId
            ? 'Delete your reply? This cannot be undone.'
            : 'Delete your comment? This cannot be undone.'
        }
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'Your comment could not be deleted') : null}
        onConfirm={() => {
          const comment = deleting.target;
          if (!comment) return;
          remove.mutate(comment._id, {
            onSuccess: (response) => {
              deleting.close();
              setNotice(response.message);
              focus(comment.parentId ? idsOf(comment.parentId).comment : summaryId);
            },
          });
        }}
        onClose={deleting.close}
      />
      <ReportCommentDialog
        key={reporting.target?._id}
        target={target}
        comment={reporting.target}
        open={reporting.open}
        onClose={reporting.close}
        onReported={(comment, message) => {
          reporting.close();
          setNotice(message);
          focus(idsOf(comment._id).comment);
        }}
      />
    </Stack>
  );
}

function SignInPrompt() {
  const location = useLocation();
  const state: LoginRedirectState = { from: location };
  return (
    <Typography variant="body2">
      <Link component={RouterLink} to="/login" state={state} underline="always">
        {SIGN_IN_TEXT}
      </Link>
    </Typography>
  );
}

/**
 * A discussion's comments and forms: `<Discussion target={{ kind: 'question', questionId }} />` or
 * `{ kind: 'article', articleId }`. Nothing when the community is off; a sign-in link for a visitor.
 */
export function Discussion({ target }: { target: DiscussionTarget }) {
  const { communityEnabled } = useSiteSettings();
  const { isSignedIn } = useAuth();
  if (!communityEnabled) return null;
  if (!isSignedIn) return <SignInPrompt />;
  return <Thread target={target} />;
}
