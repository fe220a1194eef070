import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdminMutation } from '../api/users-api.ts';
import { validateNewAdmin, type NewAdminValues } from '../forms.ts';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';

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
    <FormDialog
      open={open}
      title="Add Admin"
      onSubmit={submit}
      onCancel={close}
      busy={create.isPending}
      submit={{ label: 'Create Admin', busyLabel: 'Creating...', spinner: true }}
    >
      <FormAlert message={error} />
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
    </FormDialog>
  );
}
