import DialogContentText from '@mui/material/DialogContentText';
import { ReasonDialog } from '../../../components/dialogs/reason-dialog.tsx';

export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejection.';

/** Spec §2 reject-reason dialog: a reason is required before an AI question is rejected. */
export function RejectDialog({
  open,
  busy,
  error,
  onClose,
  onReject,
  title = 'Reject Question',
}: {
  /** 'Reject 3 questions' for a bulk rejection; the spec's 'Reject Question' otherwise. */
  title?: string;
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  return (
    <ReasonDialog
      open={open}
      title={title}
      busy={busy}
      error={error}
      onCancel={onClose}
      onConfirm={onReject}
      check={(reason) => (reason.trim() ? null : REJECTION_REASON_REQUIRED)}
      label="Reason for rejection"
      maxLength={1000}
      submit={{ label: 'Reject', busyLabel: 'Rejecting...', spinner: true, color: 'error' }}
    >
      <DialogContentText>The question is removed from the exam. Say why, for the record.</DialogContentText>
    </ReasonDialog>
  );
}
