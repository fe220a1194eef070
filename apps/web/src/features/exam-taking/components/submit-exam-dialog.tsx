import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { flaggedMessage, unansweredMessage } from '../exam-progress.ts';

/**
 * Spec §2 'Submit Exam' confirm dialog, plus how many questions are still unanswered and how many are
 * flagged (decision 0037), with a way back to the first flagged one.
 */
export function SubmitExamDialog({
  open,
  unanswered,
  flagged = 0,
  submitting,
  onCancel,
  onSubmit,
  onReviewFlagged,
}: {
  open: boolean;
  unanswered: number;
  flagged?: number;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
  onReviewFlagged?: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : onCancel}
      aria-labelledby="submit-exam-title"
      aria-describedby="submit-exam-description"
    >
      <DialogTitle id="submit-exam-title">Submit Exam</DialogTitle>
      <DialogContent>
        <DialogContentText id="submit-exam-description">
          Are you sure you want to submit your exam? This action cannot be undone.
        </DialogContentText>
        {unanswered > 0 && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {unansweredMessage(unanswered)}
          </Alert>
        )}
        {flagged > 0 && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {flaggedMessage(flagged)}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        {flagged > 0 && onReviewFlagged && (
          <Button onClick={onReviewFlagged} disabled={submitting} sx={{ mr: 'auto' }}>
            Review flagged
          </Button>
        )}
        <Button onClick={onCancel} disabled={submitting}>
          Cancel
        </Button>
        <Button onClick={onSubmit} variant="contained" disabled={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
