import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import DownloadIcon from '@mui/icons-material/Download';
import type { AdminUser } from '@mlp/contract';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { ReasonField } from '../../../components/form/reason-field.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadLearnerData, useEraseLearnerMutation } from '../api/users-api.ts';

/** Why the erase button cannot send yet, or null. */
export function eraseProblem(
  user: Pick<AdminUser, 'email'>,
  reason: string,
  confirmation: string,
): string | null {
  if (reason.trim().length < 3) return 'Please give a reason (at least 3 characters).';
  if (confirmation.trim().toLowerCase() !== user.email.toLowerCase()) {
    return "Type the learner's e-mail address exactly to confirm.";
  }
  return null;
}

function EraseDialog({ user, open, onClose }: { user: AdminUser; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const erase = useEraseLearnerMutation(user._id);
  const [reason, setReason] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    if (erase.isPending) return;
    erase.reset();
    setProblem(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = eraseProblem(user, reason, confirmation);
    setProblem(found);
    if (found) return;
    erase.mutate(
      { reason: reason.trim(), confirmation: confirmation.trim() },
      // The account is no learner any more: back to the list, which says what was done.
      {
        onSuccess: ({ message }) =>
          void navigate('/admin/users', { replace: true, state: { notice: message } }),
      },
    );
  };
  return (
    <FormDialog
      open={open}
      title="Erase account"
      busy={erase.isPending}
      onCancel={close}
      onSubmit={submit}
      submit={{ label: 'Erase account', color: 'error', busyLabel: 'Erasing...', spinner: true }}
    >
      <FormAlert
        message={
          problem ?? (erase.isError ? errorMessage(erase.error, 'The account could not be erased') : null)
        }
      />
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        Only on the learner&apos;s written request. This cannot be undone: the name, email address, notes,
        review deck, study history and community texts of {user.email} are erased, every session ends and
        renewals stop. Payments are kept without name or address; results stay only as anonymous exam
        statistics. The learner gets a last email to confirm it.
      </Typography>
      <ReasonField
        value={reason}
        onChange={setReason}
        helperText="Kept in the activity log with your name, e.g. the date of the learner's letter."
      />
      <TextField
        label="Type the learner's e-mail address to confirm"
        required
        fullWidth
        margin="normal"
        autoComplete="off"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
    </FormDialog>
  );
}

/**
 * Data rights on a learner's page (decision 0069), on the learner's written request: their data file, and
 * the erasure of their account.
 */
export function DataRightsDesk({ user }: { user: AdminUser }) {
  const [erasing, setErasing] = useState(false);
  const [busy, setBusy] = useState(false);
  const { feedback, show } = useFeedback();
  const download = async () => {
    setBusy(true);
    try {
      const file = await downloadLearnerData(user._id);
      saveFile(file.blob, file.fileName ?? 'learner-data.json');
      show('The data file is downloading.');
    } catch (err) {
      show(errorMessage(err, 'The data could not be downloaded'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          disabled={busy}
          onClick={() => void download()}
        >
          {busy ? 'Preparing...' : 'Download data'}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverIcon />}
          onClick={() => setErasing(true)}
        >
          Erase account
        </Button>
      </Stack>
      <EraseDialog user={user} open={erasing} onClose={() => setErasing(false)} />
      {feedback}
    </>
  );
}
