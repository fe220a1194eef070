import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { SignInFields } from '../../../components/form/sign-in-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { getDeviceId, getDeviceName, useAuth } from '../../../lib/auth.tsx';
import { loginRedirectTarget } from '../../../lib/login-redirect.ts';
import { emailServiceQueryOptions, useLoginMutation } from '../api/account-api.ts';
import { loginFormSchema, type LoginFormValues } from '../forms.ts';
import { AuthCard } from './auth-card.tsx';

export const EMAIL_BYPASS_NOTICE =
  'Email service is not configured in development mode. Email verification is bypassed and new users are verified automatically.';

/** Spec §2 Login: an error mentioning verification offers to resend the verification e-mail. */
export function mentionsVerification(message: string): boolean {
  return /verify|verification/i.test(message);
}

export function LoginForm() {
  const { isSignedIn, login, signedOutNotice } = useAuth();
  const location = useLocation();
  const loginMutation = useLoginMutation();
  const { data: emailService } = useQuery(emailServiceQueryOptions());
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(loginFormSchema),
    defaultValues: { email: '', password: '' } satisfies LoginFormValues,
  });

  // Also the way out after a successful login: storing the token flips isSignedIn.
  if (isSignedIn) return <Navigate to={loginRedirectTarget(location.state)} replace />;

  const onSubmit = handleSubmit((values) => {
    loginMutation.mutate(
      { ...values, deviceId: getDeviceId(), deviceName: getDeviceName() },
      { onSuccess: ({ token }) => login(token) },
    );
  });

  const error = loginMutation.error ? errorMessage(loginMutation.error, 'Login failed') : null;
  const attemptedEmail = loginMutation.variables?.email ?? '';
  // The banner says verification is bypassed, so it shows only when it is (SMTP_URL unset, decision 0020).
  const showEmailNotice =
    emailService?.environment === 'development' &&
    (emailService.verificationBypassed ?? !emailService.emailServiceWorking);

  return (
    <AuthCard title="Login">
      {signedOutNotice && !error && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {signedOutNotice}
        </Alert>
      )}
      {showEmailNotice && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {EMAIL_BYPASS_NOTICE}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
          {mentionsVerification(error) && (
            <>
              {' '}
              <Link
                component={RouterLink}
                to={`/resend-verification?email=${encodeURIComponent(attemptedEmail)}`}
                color="inherit"
                underline="always"
                sx={{ fontWeight: 600 }}
              >
                Resend verification email
              </Link>
            </>
          )}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <SignInFields control={control} emailAutoComplete="email" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={loginMutation.isPending}
          sx={{ mt: 2 }}
        >
          {loginMutation.isPending ? 'Logging in...' : 'Login'}
        </Button>
      </form>
      <Stack spacing={1} sx={{ mt: 3, alignItems: 'center', textAlign: 'center' }}>
        <Link component={RouterLink} to="/register">
          Don&apos;t have an account? Sign up
        </Link>
        <Link component={RouterLink} to="/resend-verification">
          Didn&apos;t receive verification email?
        </Link>
        <Link component={RouterLink} to="/forgot-password">
          Forgot your password?
        </Link>
      </Stack>
    </AuthCard>
  );
}
