import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { cancelConfirmText } from '../subscription-text.ts';

/** Spec §2 cancel dialog: exact text and buttons, 'Cancelling...' while busy. */
export function CancelSubscriptionDialog({
  open,
  endDate,
  busy,
  error,
  onKeep,
  onConfirm,
}: {
  open: boolean;
  endDate: string | null;
  busy: boolean;
  error: string | null;
  onKeep: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onKeep}
      aria-labelledby="cancel-subscription-title"
      aria-describedby="cancel-subscription-description"
    >
      <DialogTitle id="cancel-subscription-title">Cancel Subscription</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <DialogContentText id="cancel-subscription-description">
          {cancelConfirmText(endDate)}
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onKeep} disabled={busy}>
          No, Keep Subscription
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
          {busy ? 'Cancelling...' : 'Yes, Cancel Subscription'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
