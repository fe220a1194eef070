import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';

export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejection.';

/** Spec §2 reject-reason dialog: a reason is required before an AI question is rejected. */
export function RejectDialog({
  open,
  busy,
  error,
  onClose,
  onReject,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const titleId = useId();
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
    <ResponsiveDialog
      open={open}
      onClose={close}
      aria-labelledby={titleId}
      slotProps={{
        transition: {
          onExited: () => {
            setReason('');
            setProblem(null);
          },
        },
      }}
    >
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Reject Question</DialogTitle>
        <DialogContent>
          <DialogContentText>
            The question is removed from the exam. Say why, for the record.
          </DialogContentText>
          {(problem ?? error) && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {problem ?? error}
            </Alert>
          )}
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
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            type="submit"
            color="error"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
          >
            {busy ? 'Rejecting...' : 'Reject'}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
