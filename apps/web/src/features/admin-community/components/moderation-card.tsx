import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMMENT_REPORT_REASON_LABELS, type AdminComment, type CommentStatus } from '@mlp/contract';
import { BusyButton } from '../../../components/form/form-controls.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import {
  approveLabel,
  COMMENT_STATUS_LABELS,
  commentActions,
  moderationText,
  targetText,
} from '../community-rules.ts';

const STATUS_COLOURS: Record<CommentStatus, ChipProps['color']> = {
  held: 'warning',
  visible: 'success',
  hidden: 'default',
  deleted: 'error',
};

const WRAP = { overflowWrap: 'anywhere' } as const;

export interface ModerationCardActions {
  onApprove: (comment: AdminComment) => void;
  onHide: (comment: AdminComment) => void;
  onDelete: (comment: AdminComment) => void;
  onReply: (comment: AdminComment) => void;
  onSuspend: (comment: AdminComment) => void;
  onRestore: (comment: AdminComment) => void;
}

/** The open reports on a comment: reason, the reporter's details and when (at most 5 are sent). */
function Reports({ comment }: { comment: AdminComment }) {
  const headingId = useId();
  if (comment.reportCount === 0) return null;
  const more = comment.reportCount - comment.reports.length;
  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 1.5 }}>
      <Typography id={headingId} component="h3" variant="subtitle2">
        {comment.reportCount === 1 ? '1 open report' : `${comment.reportCount} open reports`}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {comment.reports.map((report, index) => (
          <Typography key={`${report.createdAt}-${index}`} component="li" variant="body2" sx={WRAP}>
            <strong>{COMMENT_REPORT_REASON_LABELS[report.reason]}</strong>
            {report.details ? `: ${report.details}` : ''}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {` · ${formatDateTime(report.createdAt)}`}
            </Box>
          </Typography>
        ))}
      </Box>
      {more > 0 && (
        <Typography variant="body2" color="text.secondary">
          {more === 1 ? 'and 1 more report' : `and ${more} more reports`}
        </Typography>
      )}
    </Box>
  );
}

/**
 * One comment in the moderation queue: who wrote it (public name, and the learner's account for the panel
 * only), when, where, its status, its text as plain text (never markup), helpful votes, open reports and
 * the last moderation, then what a moderator may do. `busy` (any moderation request running) disables
 * every button, so nothing is sent twice.
 */
export function ModerationCard({
  comment,
  busy,
  approving,
  actions,
}: {
  comment: AdminComment;
  busy: boolean;
  /** this comment's approval is being sent */
  approving: boolean;
  actions: ModerationCardActions;
}) {
  const headingId = useId();
  const { author } = comment;
  const approve = approveLabel(comment);
  const allowed = commentActions(comment);

  return (
    <Paper variant="outlined" component="li" sx={{ listStyle: 'none' }}>
      <Box component="article" aria-labelledby={headingId} sx={{ p: 2 }}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id={headingId} component="h2" variant="subtitle1" sx={{ fontWeight: 600, ...WRAP }}>
            {author.displayName}
          </Typography>
          {author.team && <Chip size="small" color="primary" label="Team" />}
          <Chip
            size="small"
            color={STATUS_COLOURS[comment.status]}
            variant={comment.status === 'hidden' ? 'outlined' : 'filled'}
            label={COMMENT_STATUS_LABELS[comment.status]}
          />
          {comment.parentId && <Chip size="small" variant="outlined" label="Reply" />}
          {author.commentingSuspended && <Chip size="small" color="warning" label="Commenting suspended" />}
        </Stack>
        {!author.team && (author.name || author.email) && (
          <Typography variant="body2" color="text.secondary" sx={WRAP}>
            {[author.name, author.email].filter(Boolean).join(' · ')}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" sx={WRAP}>
          {formatDateTime(comment.createdAt)}
          {comment.editedAt ? ' · edited' : ''}
          {` · ${targetText(comment.target)}`}
        </Typography>

        <Typography
          component="div"
          sx={{ mt: 1.5, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          color={comment.body ? 'text.primary' : 'text.secondary'}
        >
          {comment.body ||
            (comment.status === 'deleted' ? 'Its text was removed when it was deleted.' : 'No text')}
        </Typography>

        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {comment.helpful === 1 ? '1 helpful vote' : `${comment.helpful} helpful votes`}
        </Typography>
        <Reports comment={comment} />
        {comment.moderation && (
          <Typography variant="body2" sx={{ mt: 1.5, ...WRAP }}>
            <strong>Last moderation: </strong>
            {moderationText(comment.moderation)}
          </Typography>
        )}

        <Stack direction="row" spacing={1} useFlexGap sx={{ mt: 2, flexWrap: 'wrap' }}>
          {approve && (
            <BusyButton
              size="small"
              busy={approving}
              busyLabel={
                approve === 'Approve'
                  ? 'Approving...'
                  : approve === 'Show again'
                    ? 'Showing...'
                    : 'Dismissing...'
              }
              spinner
              disabled={busy}
              color="success"
              onClick={() => actions.onApprove(comment)}
            >
              {approve}
            </BusyButton>
          )}
          {allowed.hide && (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => actions.onHide(comment)}>
              Hide
            </Button>
          )}
          {allowed.delete && (
            <Button
              size="small"
              variant="outlined"
              color="error"
              disabled={busy}
              onClick={() => actions.onDelete(comment)}
            >
              Delete
            </Button>
          )}
          {allowed.reply && (
            <Button size="small" variant="outlined" disabled={busy} onClick={() => actions.onReply(comment)}>
              Reply as team
            </Button>
          )}
          {allowed.commenting &&
            (author.commentingSuspended ? (
              <Button size="small" disabled={busy} onClick={() => actions.onRestore(comment)}>
                Restore commenting
              </Button>
            ) : (
              <Button size="small" disabled={busy} onClick={() => actions.onSuspend(comment)}>
                Suspend commenting
              </Button>
            ))}
        </Stack>
      </Box>
    </Paper>
  );
}
