import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { DecisionDialog } from '../../../components/dialogs/decision-dialog.tsx';
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
    <DecisionDialog
      open={open}
      id="submit-exam"
      title="Submit Exam"
      question="Are you sure you want to submit your exam? This action cannot be undone."
      busy={submitting}
      onClose={onCancel}
      after={
        <>
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
        </>
      }
      actions={
        <>
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
        </>
      }
    />
  );
}
