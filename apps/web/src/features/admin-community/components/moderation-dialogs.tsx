import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COMMUNITY_LIMITS, type AdminComment } from '@mlp/contract';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import {
  authorAccount,
  moderationReasonProblem,
  replyProblem,
  suspendReasonProblem,
} from '../community-rules.ts';

/** What every moderation dialog takes; the comment is kept while the dialog closes, so its text stays. */
interface DialogProps {
  comment: AdminComment | null;
  open: boolean;
  busy: boolean;
  /** the server's refusal, shown in the dialog */
  error: string | null;
  onCancel: () => void;
}

/** Characters of the comment quoted in a dialog. */
const QUOTE_LENGTH = 300;

/** The comment acted on: its author's public name and the start of its text, as plain text. */
function QuotedComment({ comment }: { comment: AdminComment | null }) {
  if (!comment) return null;
  const text =
    comment.body.length > QUOTE_LENGTH ? `${comment.body.slice(0, QUOTE_LENGTH - 1)}…` : comment.body;
  return (
    <Box
      component="figure"
      sx={{ m: 0, mb: 2, pl: 1.5, borderLeft: 3, borderColor: 'divider', color: 'text.secondary' }}
    >
      <Typography component="figcaption" variant="body2" sx={{ fontWeight: 600 }}>
        {comment.author.displayName}
      </Typography>
      <Typography
        component="blockquote"
        variant="body2"
        sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      >
        {text}
      </Typography>
    </Box>
  );
}

/** 'Hide comment': it leaves the discussion; its author still sees it, with the reason. */
export function HideCommentDialog({
  comment,
  onHide,
  ...props
}: DialogProps & { onHide: (reason: string) => void }) {
  return (
    <ReasonDialog
      {...props}
      title="Hide comment"
      onConfirm={onHide}
      check={(reason) => moderationReasonProblem('hide', reason)}
      label="Reason"
      helperText="The author is shown this reason."
      maxLength={COMMUNITY_LIMITS.moderationReason}
      submit={{ label: 'Hide', busyLabel: 'Hiding...', spinner: true, color: 'warning' }}
    >
      <QuotedComment comment={comment} />
      <DialogContentText>
        Learners no longer see the comment. Its author sees it marked hidden, with your reason.
      </DialogContentText>
    </ReasonDialog>
  );
}

/** 'Delete comment': for good, after a warning; the reason is kept and shown to the author. */
export function DeleteCommentDialog({
  comment,
  onDelete,
  ...props
}: DialogProps & { onDelete: (reason: string) => void }) {
  return (
    <ReasonDialog
      {...props}
      title="Delete comment"
      onConfirm={onDelete}
      check={(reason) => moderationReasonProblem('delete', reason)}
      label="Reason"
      helperText="The author is shown this reason."
      maxLength={COMMUNITY_LIMITS.moderationReason}
      submit={{ label: 'Delete', busyLabel: 'Deleting...', spinner: true, color: 'error' }}
    >
      <QuotedComment comment={comment} />
      <Alert severity="warning">
        Deleting cannot be undone. Learners no longer see the comment; if it has replies, a placeholder stays
        above them.
      </Alert>
    </ReasonDialog>
  );
}

/** 'Suspend commenting': the author may no longer post; a reason is required. */
export function SuspendCommentingDialog({
  comment,
  onSuspend,
  ...props
}: DialogProps & { onSuspend: (reason: string) => void }) {
  const who = comment ? `${authorAccount(comment.author)}, "${comment.author.displayName}",` : 'The learner';
  return (
    <ReasonDialog
      {...props}
      title="Suspend commenting"
      onConfirm={onSuspend}
      check={suspendReasonProblem}
      label="Reason"
      helperText="The learner is shown this reason."
      maxLength={COMMUNITY_LIMITS.moderationReason}
      submit={{ label: 'Suspend', busyLabel: 'Suspending...', spinner: true, color: 'warning' }}
    >
      <DialogContentText>
        {`${who} will not be able to post or edit comments until you restore their commenting. Their comments stay as they are.`}
      </DialogContentText>
    </ReasonDialog>
  );
}

/**
 * 'Reply as team': a reply in the comment's thread, badged 'Team'. Plain text up to the contract's limit,
 * checked as the server checks it; after a refused submit it is checked again as it is typed.
 */
export function TeamReplyDialog({
  comment,
  open,
  busy,
  error,
  onCancel,
  onReply,
}: DialogProps & { onReply: (body: string) => void }) {
  const [body, setBody] = useState('');
  // After a refused submit the text is checked as it is typed.
  const [checked, setChecked] = useState(false);
  const problem = checked ? replyProblem(body) : null;
  const cancel = () => {
    if (!busy) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (!replyProblem(body)) onReply(body.trim());
  };
  const count = `${body.length} / ${COMMUNITY_LIMITS.body}`;

  return (
    <FormDialog
      open={open}
      title="Reply as team"
      onSubmit={submit}
      onCancel={cancel}
      busy={busy}
      submit={{ label: 'Post reply', busyLabel: 'Posting...', spinner: true }}
      dialog={{
        slotProps: {
          transition: {
            onExited: () => {
              setBody('');
              setChecked(false);
            },
          },
        },
      }}
    >
      <QuotedComment comment={comment} />
      <FormAlert message={error} />
      <TextField
        label="Reply"
        required
        fullWidth
        multiline
        minRows={4}
        margin="normal"
        value={body}
        onChange={(event) => setBody(event.target.value)}
        error={Boolean(problem)}
        helperText={problem ? `${problem} (${count})` : `Shown in the thread with a Team badge. ${count}`}
      />
    </FormDialog>
  );
}
