import { useState, type ChangeEvent, type FormEvent } from 'react';
import { DEFAULT_ADMIN_ROLE } from '@mlp/contract/constants';
import TextField from '@mui/material/TextField';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useCreateAdminMutation } from '../api/users-api.ts';
import { validateNewAdmin, type NewAdminValues } from '../forms.ts';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { RoleField } from './role-field.tsx';

const EMPTY: NewAdminValues = {
  email: '',
  name: '',
  password: '',
  confirmPassword: '',
  role: DEFAULT_ADMIN_ROLE,
};

/** Spec §2 'Add Admin': e-mail, optional name, password twice; and the role (decision 0067). */
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

  /** What every field shares: full width, the normal margin, and its value in `values`. */
  const field = (name: Exclude<keyof NewAdminValues, 'role'>) => ({
    fullWidth: true,
    margin: 'normal' as const,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });

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
      { email: values.email.trim(), name: values.name.trim(), password: values.password, role: values.role },
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
      <TextField label="Email" type="email" autoComplete="off" required {...field('email')} />
      <TextField
        label="Name"
        autoComplete="off"
        {...field('name')}
        helperText="Optional. Defaults to the part of the email before the @."
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        required
        {...field('password')}
        helperText="At least 8 characters"
      />
      <TextField
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        required
        {...field('confirmPassword')}
      />
      <RoleField
        value={values.role}
        onChange={(role) => setValues((current) => ({ ...current, role }))}
        disabled={create.isPending}
      />
    </FormDialog>
  );
}
