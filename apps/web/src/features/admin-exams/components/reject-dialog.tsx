import { useState, type FormEvent } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';

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
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (busy) return;
    setReason('');
    setProblem(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem(REJECTION_REASON_REQUIRED);
      return;
    }
    setProblem(null);
    onReject(reason.trim());
  };

  return (
    <FormDialog
      open={open}
      title={title}
      onSubmit={submit}
      onCancel={close}
      busy={busy}
      submit={{ label: 'Reject', busyLabel: 'Rejecting...', spinner: true, color: 'error' }}
      dialog={{
        slotProps: {
          transition: {
            onExited: () => {
              setReason('');
              setProblem(null);
            },
          },
        },
      }}
    >
      <DialogContentText>The question is removed from the exam. Say why, for the record.</DialogContentText>
      <FormAlert message={problem ?? error} sx={{ mt: 2 }} />
      <TextField
        label="Reason for rejection"
        required
        fullWidth
        multiline
        minRows={2}
        margin="normal"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        error={Boolean(problem)}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
      />
    </FormDialog>
  );
}
