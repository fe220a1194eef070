import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ThumbUpIcon from '@mui/icons-material/ThumbUp';
import ThumbUpOutlinedIcon from '@mui/icons-material/ThumbUpOutlined';
import type { Comment } from '@mlp/contract';
import { errorMessage } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format.ts';
import { CommentComposer } from './comment-composer.tsx';
import { CommentText } from './comment-text.tsx';
import { useEditCommentMutation, useHelpfulMutation } from './discussion-api.ts';
import type { DiscussionTarget } from './discussion-keys.ts';

/** The ids a comment's parts carry, so the discussion can move focus to them. */
export interface CommentIds {
  /** the comment itself (focusable by script) */
  comment: string;
  reply: string;
  edit: string;
  /** the edit field */
  editInput: string;
}

/** Another learner's deleted or hidden comment kept for its replies, or an own deleted one: no text. */
function placeholderText(comment: Comment): string | null {
  if (comment.status === 'deleted') return 'This comment was deleted.';
  if (comment.status === 'hidden' && !comment.author.you) return 'This comment was hidden by a moderator.';
  return null;
}

/** How buttons name the comment they act on: 'Reply to Dr Ann', 'Report comment by Dr Ann'. */
function authorOf(comment: Comment): string {
  return comment.author.you ? 'your comment' : comment.author.displayName;
}

function HelpfulButton({ comment, target }: { comment: Comment; target: DiscussionTarget }) {
  const vote = useHelpfulMutation(target);
  const label = comment.helpful > 0 ? `Helpful (${comment.helpful})` : 'Helpful';
  return (
    <>
      <Button
        size="small"
        aria-pressed={comment.helpfulByYou}
        aria-label={`${label}, comment by ${comment.author.displayName}`}
        startIcon={comment.helpfulByYou ? <ThumbUpIcon /> : <ThumbUpOutlinedIcon />}
        variant={comment.helpfulByYou ? 'contained' : 'text'}
        disableElevation
        onClick={() => vote.mutate({ id: comment._id, helpful: !comment.helpfulByYou })}
      >
        {label}
      </Button>
      {vote.isError && (
        <Typography variant="body2" color="error" role="alert" sx={{ flexBasis: '100%' }}>
          {errorMessage(vote.error, 'Your vote could not be saved')}
        </Typography>
      )}
    </>
  );
}

/**
 * One comment (top-level or reply): its author (a 'Team' badge for the team's replies), when it was
 * written, its text and what the learner may do with it. Replies and the reply form come as `children`.
 */
export function CommentItem({
  comment,
  target,
  ids,
  canComment,
  replyOpen,
  onReply,
  onDelete,
  onReport,
  onEdited,
  onEditCancelled,
  children,
}: {
  comment: Comment;
  target: DiscussionTarget;
  ids: CommentIds;
  /** the learner may post (not suspended) */
  canComment: boolean;
  replyOpen: boolean;
  /** top-level comments only */
  onReply?: (() => void) | undefined;
  onDelete: (comment: Comment) => void;
  onReport: (comment: Comment) => void;
  onEdited: (comment: Comment, message: string) => void;
  onEditCancelled: (comment: Comment) => void;
  children?: ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const edit = useEditCommentMutation(target);
  const placeholder = placeholderText(comment);
  const visible = comment.status === 'visible';
  const { author } = comment;
  const isReply = comment.parentId !== null;

  const kind = isReply ? 'Reply' : 'Comment';
  const name = author.you ? `Your ${kind.toLowerCase()}` : `${kind} by ${author.displayName}`;

  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Box
        component="article"
        id={ids.comment}
        tabIndex={-1}
        aria-label={placeholder ? kind : name}
        sx={{
          py: 1.5,
          overflowWrap: 'anywhere',
          '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        {placeholder ? (
          <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
            {placeholder}
          </Typography>
        ) : (
          <>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography component="span" variant="subtitle2" sx={{ fontWeight: 700 }}>
                {author.displayName}
              </Typography>
              {author.team && <Chip size="small" color="primary" label="Team" />}
              {author.you && (
                <Typography component="span" variant="caption" color="text.secondary">
                  (you)
                </Typography>
              )}
              <Typography component="span" variant="caption" color="text.secondary">
                <time dateTime={comment.createdAt}>{formatDateTime(comment.createdAt)}</time>
                {comment.editedAt && ' · edited'}
              </Typography>
              {comment.status === 'held' && (
                <Chip size="small" variant="outlined" color="warning" label="Awaiting approval" />
              )}
            </Stack>
            {comment.status === 'hidden' && (
              <Alert severity="warning" sx={{ my: 1 }}>
                {comment.moderatorNote
                  ? `Hidden by a moderator: ${comment.moderatorNote}`
                  : 'Hidden by a moderator.'}
              </Alert>
            )}
            <Box sx={{ mt: 0.5 }}>
              {editing ? (
                <CommentComposer
                  inputId={ids.editInput}
                  label="Edit your comment"
                  submitLabel="Save"
                  initialBody={comment.body}
                  busy={edit.isPending}
                  error={edit.isError ? errorMessage(edit.error, 'Your comment could not be saved') : null}
                  autoFocus
                  onSubmit={(body) =>
                    edit.mutate(
                      { id: comment._id, body },
                      {
                        onSuccess: (response) => {
                          setEditing(false);
                          onEdited(response.comment, response.message);
                        },
                      },
                    )
                  }
                  onCancel={() => {
                    setEditing(false);
                    edit.reset();
                    onEditCancelled(comment);
                  }}
                />
              ) : (
                <CommentText text={comment.body} />
              )}
            </Box>
            {!editing && (
              <Stack
                direction="row"
                spacing={0.5}
                useFlexGap
                sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 0.5, ml: -0.75 }}
              >
                {!author.you && visible && <HelpfulButton comment={comment} target={target} />}
                {author.you && comment.helpful > 0 && (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 0.75 }}>
                    {comment.helpful === 1
                      ? '1 learner found this helpful'
                      : `${comment.helpful} learners found this helpful`}
                  </Typography>
                )}
                {onReply && visible && canComment && (
                  <Button
                    id={ids.reply}
                    size="small"
                    aria-expanded={replyOpen}
                    aria-label={`Reply to ${authorOf(comment)}`}
                    onClick={onReply}
                  >
                    Reply
                  </Button>
                )}
                {comment.canEdit && (
                  <Button
                    id={ids.edit}
                    size="small"
                    aria-label={`Edit ${authorOf(comment)}`}
                    onClick={() => setEditing(true)}
                  >
                    Edit
                  </Button>
                )}
                {comment.canDelete && (
                  <Button
                    size="small"
                    aria-label={`Delete ${authorOf(comment)}`}
                    onClick={() => onDelete(comment)}
                  >
                    Delete
                  </Button>
                )}
                {!author.you && visible && !comment.reportedByYou && (
                  <Button
                    size="small"
                    color="inherit"
                    aria-label={`Report comment by ${author.displayName}`}
                    onClick={() => onReport(comment)}
                  >
                    Report
                  </Button>
                )}
                {!author.you && comment.reportedByYou && (
                  <Typography variant="body2" color="text.secondary" sx={{ px: 0.75 }}>
                    Reported
                  </Typography>
                )}
              </Stack>
            )}
          </>
        )}
      </Box>
      {children}
    </Box>
  );
}
