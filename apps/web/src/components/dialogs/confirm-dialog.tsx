import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { ResponsiveDialog } from './responsive-dialog.tsx';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. the spec's 'Are you sure you want to delete this user?'. */
  message: string;
  /** More about what will happen, shown under the question. */
  details?: ReactNode;
  confirmLabel?: string;
  /** The confirm button's label while the action runs. */
  busyLabel?: string;
  /** 'error' (the default) for destructive actions, 'primary' for others. */
  tone?: 'error' | 'primary';
  busy?: boolean;
  /** Shown inside the dialog when the action failed, so the user can retry or cancel. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before a destructive action; it cannot be dismissed while the action runs. */
export function ConfirmDialog({
  open,
  title,
  message,
  details,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  tone = 'error',
  busy = false,
  error,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <ResponsiveDialog
      open={open}
      onClose={busy ? undefined : onClose}
      maxWidth="xs"
      aria-labelledby={titleId}
      aria-describedby={textId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id={textId}>{message}</DialogContentText>
        {details && (
          <DialogContentText component="div" sx={{ mt: 1.5, wordBreak: 'break-word' }}>
            {details}
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button
          onClick={onConfirm}
          color={tone}
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
        >
          {busy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </ResponsiveDialog>
  );
}
