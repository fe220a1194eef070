import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { unansweredMessage } from '../exam-progress.ts';

/** Spec §2 'Submit Exam' confirm dialog, plus how many questions are still unanswered. */
export function SubmitExamDialog({
  open,
  unanswered,
  submitting,
  onCancel,
  onSubmit,
}: {
  open: boolean;
  unanswered: number;
  submitting: boolean;
  onCancel: () => void;
  onSubmit: () => void;
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
      </DialogContent>
      <DialogActions>
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
