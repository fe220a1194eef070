import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ERASE_CONFIRMATION_WORD } from '@mlp/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { StatusLine } from '../../../components/feedback.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadMyData, useDeleteAccountMutation } from '../api/account-api.ts';

/*
 * 'Your data' on the settings page (decision 0069): a copy of everything held about the learner, and the
 * deletion of their account.
 */

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { endSession } = useAuth();
  const navigate = useNavigate();
  const mutation = useDeleteAccountMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    if (mutation.isPending) return;
    setPassword('');
    setConfirmation('');
    setProblem(null);
    mutation.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.reset();
    if (!password) return setProblem('Enter your current password.');
    if (confirmation.trim() !== ERASE_CONFIRMATION_WORD) {
      return setProblem(`Type ${ERASE_CONFIRMATION_WORD} in capital letters to confirm.`);
    }
    setProblem(null);
    mutation.mutate(
      { password, confirmation: confirmation.trim() },
      {
        onSuccess: ({ message }) => {
          // The server has ended every session of the account: end this one here and say what happened.
          endSession(message);
          void navigate('/login', { replace: true });
        },
      },
    );
  };

  return (
    <FormDialog
      open={open}
      title="Delete your account?"
      onSubmit={submit}
      onCancel={close}
      busy={mutation.isPending}
      submit={{ label: 'Delete my account', color: 'error', busyLabel: 'Deleting...' }}
      dialog={{ maxWidth: 'sm', fullWidth: true }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        This cannot be undone. Your name, email address, notes, review deck and study history will be erased,
        you will be signed out on every device, and any automatic renewals will stop.
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Records of payments are kept for six years, as UK accounting law requires, without your name or email
        address. Your exam answers are kept only as anonymous statistics. We will send a last email to confirm
        the deletion.
      </Typography>
      <FormAlert
        message={
          problem ??
          (mutation.isError ? errorMessage(mutation.error, 'Your account could not be deleted') : null)
        }
      />
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        fullWidth
        margin="normal"
        required
      />
      <TextField
        label={`Type ${ERASE_CONFIRMATION_WORD} to confirm`}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        fullWidth
        margin="normal"
        required
        autoComplete="off"
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'characters' } }}
      />
    </FormDialog>
  );
}

export function YourData() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setBusy(true);
    setError(null);
    setDone('');
    try {
      const file = await downloadMyData();
      saveFile(file.blob, file.fileName ?? 'my-data.json');
      setDone('Your data is downloading as a JSON file.');
    } catch (err) {
      setError(errorMessage(err, 'Your data could not be downloaded'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title="Your data" titleVariant="h5" gutterBottom>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Download a copy of everything we hold about you, or delete your account.
      </Typography>
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="outlined" onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing...' : 'Download my data'}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
          Delete my account
        </Button>
      </Stack>
      <StatusLine text={done} gap={1} />
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </SectionCard>
  );
}
