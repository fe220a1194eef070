import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { NewPasswordFields } from '../../../components/form/password-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { useRegisterMutation } from '../api/account-api.ts';
import { registerFormSchema, type RegisterFormValues } from '../forms.ts';
import { AuthCard, LoginLink } from './auth-card.tsx';

const DEFAULT_SUCCESS = 'Registration successful! Please check your email to verify your account.';
/** Decision 0022: an account verified at once (no e-mail service) is ready; no verification notice. */
export const READY_SUCCESS = 'Registration successful! Your account is ready, so you can log in now.';
/** Decision 0022: what /register says while the administrator has closed registration. */
export const REGISTRATION_CLOSED_TITLE = 'Registration Closed';
export const REGISTRATION_CLOSED_TEXT =
  'New accounts cannot be created at the moment. Please check back later.';

/** /register while registration is closed: no form that would fail on submit. */
export function RegistrationClosed() {
  return (
    <AuthCard title={REGISTRATION_CLOSED_TITLE}>
      <Stack spacing={2}>
        <Alert severity="info">{REGISTRATION_CLOSED_TEXT}</Alert>
        <LoginLink label="Go to Login" variant="contained" />
      </Stack>
    </AuthCard>
  );
}

function AccountReady() {
  return (
    <AuthCard title="Registration Successful">
      <Stack spacing={2}>
        <Alert severity="success">{READY_SUCCESS}</Alert>
        <LoginLink label="Go to Login" variant="contained" />
      </Stack>
    </AuthCard>
  );
}

function RegistrationSuccess({ email, message }: { email: string; message: string }) {
  return (
    <AuthCard title="Registration Successful">
      <Stack spacing={2}>
        <Alert severity="success">{message}</Alert>
        <Alert severity="info">
          <AlertTitle>Verification Required</AlertTitle>
          We sent a verification link to <strong>{email}</strong>. Click the link in the email to activate
          your account.
        </Alert>
        <Link
          component={RouterLink}
          to={`/resend-verification?email=${encodeURIComponent(email)}`}
          sx={{ textAlign: 'center' }}
        >
          Resend Verification
        </Link>
        <LoginLink label="Go to Login" variant="contained" />
      </Stack>
    </AuthCard>
  );
}

export function RegisterForm() {
  const { registrationEnabled } = useSiteSettings();
  const registerMutation = useRegisterMutation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: { name: '', email: '', password: '', confirmPassword: '' } satisfies RegisterFormValues,
  });

  if (registerMutation.isSuccess) {
    if (registerMutation.data.emailVerified) return <AccountReady />;
    return (
      <RegistrationSuccess
        email={registerMutation.variables.email}
        message={registerMutation.data.message || DEFAULT_SUCCESS}
      />
    );
  }

  if (!registrationEnabled) return <RegistrationClosed />;

  const onSubmit = handleSubmit(({ name, email, password }) =>
    registerMutation.mutate({ name, email, password }),
  );

  return (
    <AuthCard title="Register">
      {registerMutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(registerMutation.error, 'Registration failed')}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField control={control} name="name" label="Name" autoComplete="name" />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <NewPasswordFields control={control} names={['password', 'confirmPassword']} label="Password" />
        <Button
          type="submit"
          variant="contained"
          size="large"
          fullWidth
          disabled={registerMutation.isPending}
          sx={{ mt: 2 }}
        >
          {registerMutation.isPending ? 'Registering...' : 'Register'}
        </Button>
      </form>
      <Stack sx={{ mt: 3, alignItems: 'center' }}>
        <Link component={RouterLink} to="/login">
          Already have an account? Log in
        </Link>
      </Stack>
    </AuthCard>
  );
}
