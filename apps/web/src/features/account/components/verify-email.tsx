import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { useResendVerificationMutation, verifyEmailQueryOptions } from '../api/account-api.ts';
import { AuthCard, LoginLink } from './auth-card.tsx';

export const MISSING_LINK_PARTS = 'Invalid verification link - missing token or userId';

/** Spec §2: after a failed verification the learner can ask for a new link right here. */
function ResendVerificationInline() {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [validationError, setValidationError] = useState<string | null>(null);
  const mutation = useResendVerificationMutation();

  if (!open) {
    return (
      <Button variant="outlined" size="large" fullWidth onClick={() => setOpen(true)}>
        Need a New Verification Link?
      </Button>
    );
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      setValidationError('Please enter your email address');
      return;
    }
    setValidationError(null);
    mutation.mutate({ email: trimmed.toLowerCase() });
  };

  return (
    <Box component="form" noValidate onSubmit={onSubmit}>
      {mutation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {mutation.data.message || 'Verification email has been sent. Please check your inbox.'}
        </Alert>
      )}
      {mutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(mutation.error, 'Failed to resend verification email')}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        fullWidth
        margin="normal"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={validationError !== null}
        helperText={validationError}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        fullWidth
        disabled={mutation.isPending}
        sx={{ mt: 1 }}
      >
        {mutation.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </Box>
  );
}

function VerificationFailed({ message }: { message: string }) {
  return (
    <Stack spacing={2}>
      <Alert severity="error">{message}</Alert>
      <ResendVerificationInline />
      <LoginLink label="Back to Login" variant="text" />
    </Stack>
  );
}

function VerifyWithLink({ userId, token }: { userId: string; token: string }) {
  const verification = useQuery(verifyEmailQueryOptions(userId, token));

  if (verification.isPending) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Verifying your email" />
        <Typography color="text.secondary">Verifying your email...</Typography>
      </Stack>
    );
  }
  if (verification.isError) {
    return <VerificationFailed message={errorMessage(verification.error, 'Email verification failed')} />;
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success">
        {verification.data.message || 'Email verified successfully. You can now login.'}
      </Alert>
      <LoginLink label="Go to Login" variant="contained" />
    </Stack>
  );
}

export function VerifyEmail() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const userId = searchParams.get('userId');
  return (
    <AuthCard title="Email Verification">
      {token && userId ? (
        <VerifyWithLink userId={userId} token={token} />
      ) : (
        <VerificationFailed message={MISSING_LINK_PARTS} />
      )}
    </AuthCard>
  );
}
