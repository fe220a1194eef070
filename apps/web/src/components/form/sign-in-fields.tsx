import type { Control } from 'react-hook-form';
import { FormTextField } from './form-text-field.tsx';

/**
 * The e-mail and password of a sign-in form (learner or administrator). `emailAutoComplete` tells the
 * browser which saved sign-ins to offer.
 */
export function SignInFields<TOutput>({
  control,
  emailAutoComplete,
}: {
  control: Control<{ email: string; password: string }, unknown, TOutput>;
  emailAutoComplete: 'email' | 'username';
}) {
  return (
    <>
      <FormTextField
        control={control}
        name="email"
        label="Email"
        type="email"
        autoComplete={emailAutoComplete}
      />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}
