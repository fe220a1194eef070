import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

interface NewPasswordFieldsProps<TValues extends FieldValues, TOutput> {
  control: Control<TValues, unknown, TOutput>;
  /** The new password's field and its confirmation's. */
  names: [FieldPath<TValues>, FieldPath<TValues>];
  /** 'Password' on a new account, 'New Password' when one is replaced. */
  label?: 'Password' | 'New Password';
}

/** A new password and its confirmation ('Confirm …'), with the 8-character hint (decision 0003). */
export function NewPasswordFields<TValues extends FieldValues, TOutput>({
  control,
  names: [password, confirmation],
  label = 'New Password',
}: NewPasswordFieldsProps<TValues, TOutput>) {
  return (
    <>
      <FormTextField
        control={control}
        name={password}
        label={label}
        type="password"
        autoComplete="new-password"
        helperText="At least 8 characters"
      />
      <FormTextField
        control={control}
        name={confirmation}
        label={`Confirm ${label}`}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}

interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The fields of a signed-in password change: the current password, then the new one twice. */
export function ChangePasswordFields<TOutput>({
  control,
}: {
  control: Control<PasswordChangeValues, unknown, TOutput>;
}) {
  return (
    <>
      <FormTextField
        control={control}
        name="currentPassword"
        label="Current Password"
        type="password"
        autoComplete="current-password"
      />
      <NewPasswordFields control={control} names={['newPassword', 'confirmPassword']} />
    </>
  );
}
