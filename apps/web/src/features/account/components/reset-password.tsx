import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NewPasswordFields } from '../../../components/form/password-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { resetTokenQueryOptions, useResetPasswordMutation } from '../api/account-api.ts';
import { resetPasswordFormSchema, type ResetPasswordFormValues } from '../forms.ts';
import { AuthCard, LoginLink } from './auth-card.tsx';

export const MISSING_RESET_LINK_PARTS = 'Invalid password reset link. Please request a new one.';
const INVALID_RESET_LINK = 'This password reset link is invalid or has expired. Please request a new one.';
const RESET_SUCCESS = 'Your password has been reset successfully. You can now login with your new password.';
/** Spec §9: redirect to login 3000 ms after a successful reset. */
export const REDIRECT_AFTER_RESET_MS = 3000;

function InvalidLink({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <Button component={RouterLink} to="/forgot-password" variant="contained" size="large" fullWidth>
        Request New Reset Link
      </Button>
    </Stack>
  );
}

function NewPasswordForm({ userId, token }: { userId: string; token: string }) {
  const navigate = useNavigate();
  const mutation = useResetPasswordMutation(userId, token);
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' } satisfies ResetPasswordFormValues,
  });

  useEffect(() => {
    if (!mutation.isSuccess) return;
    const timer = setTimeout(() => void navigate('/login'), REDIRECT_AFTER_RESET_MS);
    return () => clearTimeout(timer);
  }, [mutation.isSuccess, navigate]);

  if (mutation.isSuccess) {
    return (
      <Stack spacing={2}>
        <Alert severity="success">{mutation.data.message || RESET_SUCCESS}</Alert>
        <LoginLink label="Back to Login" variant="outlined" />
      </Stack>
    );
  }

  const onSubmit = handleSubmit(({ password }) => mutation.mutate({ password }));

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      {mutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(mutation.error, 'Failed to reset password. Please try again.')}
        </Alert>
      )}
      <NewPasswordFields control={control} names={['password', 'confirmPassword']} />
      <Stack spacing={1.5} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
          {mutation.isPending ? 'Resetting...' : 'Reset Password'}
        </Button>
        <LoginLink label="Back to Login" variant="outlined" />
      </Stack>
    </form>
  );
}

function ResetWithLink({ userId, token }: { userId: string; token: string }) {
  const validation = useQuery(resetTokenQueryOptions(userId, token));
  if (validation.isPending) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Validating your reset link" />
        <Typography color="text.secondary">Validating your reset link...</Typography>
      </Stack>
    );
  }
  if (validation.isError) return <InvalidLink message={errorMessage(validation.error, INVALID_RESET_LINK)} />;
  return <NewPasswordForm userId={userId} token={token} />;
}

export function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const userId = searchParams.get('userId');
  return (
    <AuthCard title="Reset Password">
      {token && userId ? (
        <ResetWithLink userId={userId} token={token} />
      ) : (
        <InvalidLink message={MISSING_RESET_LINK_PARTS} />
      )}
    </AuthCard>
  );
}
