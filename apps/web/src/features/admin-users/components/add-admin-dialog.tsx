import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdminMutation } from '../api/users-api.ts';
import { validateNewAdmin, type NewAdminValues } from '../forms.ts';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';

const EMPTY: NewAdminValues = { email: '', name: '', password: '', confirmPassword: '' };

/** Spec §2 'Add Admin': e-mail, optional name, password twice. */
export function AddAdminDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (message: string) => void;
}) {
  const titleId = useId();
  const [values, setValues] = useState<NewAdminValues>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateAdminMutation();

  const set = (field: keyof NewAdminValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  const close = () => {
    if (create.isPending) return;
    setValues(EMPTY);
    setProblem(null);
    create.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateNewAdmin(values);
    setProblem(invalid);
    if (invalid) return;
    create.mutate(
      { email: values.email.trim(), name: values.name.trim(), password: values.password },
      {
        onSuccess: (result) => {
          setValues(EMPTY);
          create.reset();
          onCreated(result.message || 'Admin created successfully');
        },
      },
    );
  };

  const error = problem ?? (create.isError ? errorMessage(create.error, 'Failed to create admin') : null);

  return (
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId}>
      <form noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Add Admin</DialogTitle>
        <DialogContent>
          {error && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {error}
            </Alert>
          )}
          <TextField
            label="Email"
            type="email"
            autoComplete="off"
            required
            fullWidth
            margin="normal"
            value={values.email}
            onChange={set('email')}
          />
          <TextField
            label="Name"
            autoComplete="off"
            fullWidth
            margin="normal"
            value={values.name}
            onChange={set('name')}
            helperText="Optional. Defaults to the part of the email before the @."
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            margin="normal"
            value={values.password}
            onChange={set('password')}
            helperText="At least 8 characters"
          />
          <TextField
            label="Confirm Password"
            type="password"
            autoComplete="new-password"
            required
            fullWidth
            margin="normal"
            value={values.confirmPassword}
            onChange={set('confirmPassword')}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={create.isPending}
            startIcon={
              create.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined
            }
          >
            {create.isPending ? 'Creating...' : 'Create Admin'}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
