import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

/**
 * A question put to the learner before a step that cannot be taken back (submitting an exam, cancelling a
 * subscription): the title and the question name the dialog (ids `{id}-title`, `{id}-description`),
 * `error` stands above the question and `after` below it, `actions` are its buttons. It cannot be dismissed while
 * the step runs (`busy`).
 */
export function DecisionDialog({
  open,
  id,
  title,
  question,
  busy,
  onClose,
  error,
  after,
  actions,
  wrapActions = true,
}: {
  open: boolean;
  id: string;
  title: string;
  question: ReactNode;
  busy: boolean;
  onClose: () => void;
  /** why the step failed, above the question, so the learner can try again or go back */
  error?: string | null | undefined;
  after?: ReactNode;
  actions: ReactNode;
  /** the buttons wrap onto more lines on a narrow screen (three of them do not fit on a phone's line) */
  wrapActions?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={`${id}-description`}>{question}</DialogContentText>
        {after}
      </DialogContent>
      <DialogActions sx={wrapActions ? { flexWrap: 'wrap', gap: 1 } : undefined}>{actions}</DialogActions>
    </Dialog>
  );
}
