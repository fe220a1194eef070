import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import RestoreIcon from '@mui/icons-material/Restore';
import { BULK_REVIEW_MAX, type AdminQuestion } from '@mlp/contract';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useBulkReviewMutation } from '../api/exams-api.ts';
import { RejectDialog } from './reject-dialog.tsx';

type Show = (message: string, severity?: 'success' | 'error') => void;
type Action = 'approve' | 'reject' | 'restore';

const plural = (n: number) => `${n} question${n === 1 ? '' : 's'}`;

/**
 * Moderating AI drafts together (decision 0043): in the Pending view, approve all or reject all with one
 * reason; in the Rejected view, restore all to pending. It acts on the questions shown, which are one
 * page of the list (decision 0043): when the list has more pages, its buttons say 'on this page'. At
 * most BULK_REVIEW_MAX at once; the server does all or nothing.
 */
export function BulkReviewBar({
  examId,
  view,
  questions,
  morePages = false,
  show,
}: {
  examId: string;
  view: 'pending' | 'rejected';
  questions: AdminQuestion[];
  /** the list has questions on other pages, which these buttons leave alone */
  morePages?: boolean;
  show: Show;
}) {
  const bulk = useBulkReviewMutation(examId);
  const [asking, setAsking] = useState<Action | null>(null);
  const chosen = questions.slice(0, BULK_REVIEW_MAX).map((question) => question._id);
  if (chosen.length < 2) return null;

  // Not mutate's own onSuccess: the mutation reloads the list before that runs, and when the reloaded
  // page has nothing left to moderate this bar is gone, and React Query drops the callbacks of an
  // unmounted caller: the administrator would not be told the questions were approved. The promise
  // settles either way; a failure is shown in the dialog from the mutation's state.
  const run = (action: Action, rejectionReason?: string) =>
    bulk.mutateAsync({ action, questionIds: chosen, ...(rejectionReason ? { rejectionReason } : {}) }).then(
      (result) => {
        setAsking(null);
        show(result.message);
      },
      () => undefined,
    );
  const open = (action: Action) => {
    bulk.reset();
    setAsking(action);
  };
  const error = bulk.isError ? errorMessage(bulk.error, 'The questions could not be updated') : null;
  const n = chosen.length;
  const where = morePages ? ' on this page' : '';

  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {view === 'pending' ? (
          <>
            <Button
              variant="outlined"
              color="success"
              startIcon={<DoneAllIcon />}
              onClick={() => open('approve')}
            >
              {`Approve all ${n}${where}`}
            </Button>
            <Button variant="outlined" color="error" onClick={() => open('reject')}>
              {`Reject all ${n}${where}`}
            </Button>
          </>
        ) : (
          <Button variant="outlined" startIcon={<RestoreIcon />} onClick={() => open('restore')}>
            {`Restore all ${n}${where} to pending`}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={asking === 'approve' || asking === 'restore'}
        title={asking === 'restore' ? `Restore ${plural(n)}?` : `Approve ${plural(n)}?`}
        message={
          asking === 'restore'
            ? 'They go back to Pending, without their rejection reason, to be reviewed again.'
            : 'They count towards the exam and learners can be served them.'
        }
        confirmLabel={asking === 'restore' ? 'Restore' : 'Approve'}
        busyLabel="Working..."
        tone="primary"
        busy={bulk.isPending}
        error={error}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && run(asking)}
      />
      <RejectDialog
        title={`Reject ${plural(n)}`}
        open={asking === 'reject'}
        busy={bulk.isPending}
        error={asking === 'reject' ? error : null}
        onClose={() => setAsking(null)}
        onReject={(reason) => run('reject', reason)}
      />
    </>
  );
}
