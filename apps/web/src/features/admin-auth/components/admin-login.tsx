import type { FormEvent, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Navigate, Link as RouterLink, useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { BusyButton, RequestError } from '../../../components/form/form-controls.tsx';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { SignInFields } from '../../../components/form/sign-in-fields.tsx';
import { ApiError, errorMessage } from '../../../lib/api-client.ts';
import { useAuth } from '../../../lib/auth.tsx';
import { useSiteSettings } from '../../../lib/site-settings.tsx';
import { adminRedirectTarget } from '../admin-redirect.ts';
import {
  adminAuthKeys,
  adminCheckQueryOptions,
  useAdminLoginMutation,
  useAdminRegisterMutation,
} from '../api/admin-auth-api.ts';
import {
  adminLoginFormSchema,
  adminRegisterFormSchema,
  type AdminLoginFormValues,
  type AdminRegisterFormValues,
} from '../forms.ts';

const AUTH_FAILED = 'Authentication failed';

/** One of the page's two forms: the request's failure, the fields, then a full-width submit button. */
function AuthForm({
  name,
  error,
  busy,
  submit: { label, busyLabel },
  onSubmit,
  children,
}: {
  name: string;
  error: Error | null;
  busy: boolean;
  submit: { label: string; busyLabel: string };
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  return (
    <form noValidate aria-label={name} onSubmit={(event) => void onSubmit(event)}>
      <RequestError error={error} fallback={AUTH_FAILED} />
      {children}
      <BusyButton type="submit" size="large" fullWidth busy={busy} busyLabel={busyLabel} sx={{ mt: 2 }}>
        {label}
      </BusyButton>
    </form>
  );
}

function LoginFields({ onToken }: { onToken: (token: string) => void }) {
  const mutation = useAdminLoginMutation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminLoginFormSchema),
    defaultValues: { email: '', password: '' } satisfies AdminLoginFormValues,
  });
  const onSubmit = handleSubmit((values) =>
    mutation.mutate(values, { onSuccess: ({ token }) => onToken(token) }),
  );
  return (
    <AuthForm
      name="Admin Login"
      error={mutation.error}
      busy={mutation.isPending}
      submit={{ label: 'Login', busyLabel: 'Logging in...' }}
      onSubmit={onSubmit}
    >
      <SignInFields control={control} emailAutoComplete="username" />
    </AuthForm>
  );
}

function FirstAdminFields({
  onToken,
  setupCodeRequired,
}: {
  onToken: (token: string) => void;
  setupCodeRequired: boolean;
}) {
  const queryClient = useQueryClient();
  const mutation = useAdminRegisterMutation();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(adminRegisterFormSchema),
    defaultValues: { name: '', email: '', password: '', setupCode: '' } satisfies AdminRegisterFormValues,
  });
  const onSubmit = handleSubmit(({ setupCode, ...values }) =>
    mutation.mutate(setupCodeRequired ? { ...values, setupCode } : values, {
      onSuccess: ({ token }) => onToken(token),
      // Someone else created the first administrator meanwhile (409): offer the login form instead.
      onError: (error) =>
        error instanceof ApiError && error.status === 409
          ? void queryClient.invalidateQueries({ queryKey: adminAuthKeys.check() })
          : undefined,
    }),
  );
  return (
    <AuthForm
      name="Create First Admin"
      error={mutation.error}
      busy={mutation.isPending}
      submit={{ label: 'Create Admin', busyLabel: 'Creating...' }}
      onSubmit={onSubmit}
    >
      <FormTextField control={control} name="name" label="Name" autoComplete="name" />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="username" />
      <FormTextField
        control={control}
        name="password"
        label="Password"
        type="password"
        autoComplete="new-password"
        helperText="At least 8 characters"
      />
      {/* A production install (decision 0067): the code the server printed in its log at start. */}
      {setupCodeRequired && (
        <FormTextField
          control={control}
          name="setupCode"
          label="Set-up code"
          autoComplete="off"
          helperText="Printed in the server's log when it starts, e.g. ABCD-EFGH-JKLM-NPQR"
        />
      )}
    </AuthForm>
  );
}

/**
 * Spec §2 Admin login: first asks whether an administrator exists, then offers 'Create First Admin' or
 * 'Admin Login'. Signing in stores the administrator token and returns to the remembered admin page.
 */
export function AdminLogin() {
  const { isAdminSignedIn, adminLogin } = useAuth();
  const { siteName } = useSiteSettings();
  const location = useLocation();
  const check = useQuery(adminCheckQueryOptions());

  // Also the way out after signing in: storing the token flips isAdminSignedIn.
  if (isAdminSignedIn) return <Navigate to={adminRedirectTarget(location.state)} replace />;

  const firstAdmin = check.data?.exists === false;
  const title = firstAdmin ? 'Create First Admin' : 'Admin Login';

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        bgcolor: 'background.default',
      }}
    >
      <Link
        component={RouterLink}
        to="/"
        underline="hover"
        sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2, fontWeight: 700, fontSize: '1.1rem' }}
      >
        <AdminPanelSettingsIcon aria-hidden="true" />
        {siteName}
      </Link>
      <Paper variant="outlined" sx={{ width: '100%', maxWidth: 440, p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h4" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 1 }}>
          {check.isPending ? 'Admin Login' : title}
        </Typography>
        {firstAdmin && (
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            No administrator exists yet. Create the first administrator account to manage the platform.
          </Typography>
        )}
        {check.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Checking admin status" />
          </Box>
        )}
        {check.isError && (
          <Alert
            severity="error"
            sx={{ my: 1 }}
            action={
              <Button color="inherit" size="small" onClick={() => void check.refetch()}>
                Retry
              </Button>
            }
          >
            {errorMessage(check.error, 'Error checking admin status')}
          </Alert>
        )}
        {check.isSuccess &&
          (firstAdmin ? (
            <FirstAdminFields onToken={adminLogin} setupCodeRequired={check.data.setupCodeRequired} />
          ) : (
            <LoginFields onToken={adminLogin} />
          ))}
      </Paper>
    </Box>
  );
}
