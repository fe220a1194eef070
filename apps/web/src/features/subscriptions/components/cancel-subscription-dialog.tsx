import Button from '@mui/material/Button';
import { DecisionDialog } from '../../../components/dialogs/decision-dialog.tsx';
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
    <DecisionDialog
      open={open}
      id="cancel-subscription"
      title="Cancel Subscription"
      question={cancelConfirmText(endDate)}
      busy={busy}
      onClose={onKeep}
      error={error}
      actions={
        <>
          <Button onClick={onKeep} disabled={busy}>
            No, Keep Subscription
          </Button>
          <Button onClick={onConfirm} color="error" variant="contained" disabled={busy}>
            {busy ? 'Cancelling...' : 'Yes, Cancel Subscription'}
          </Button>
        </>
      }
    />
  );
}
