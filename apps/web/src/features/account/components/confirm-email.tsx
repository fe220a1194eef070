import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../lib/api-client.ts';
import { confirmEmailQueryOptions } from '../api/account-api.ts';
import { AuthCard, LoginLink } from './auth-card.tsx';

export const MISSING_CONFIRM_LINK_PARTS = 'Invalid confirmation link - missing token or userId';

function ConfirmWithLink({ userId, token }: { userId: string; token: string }) {
  const confirmation = useQuery(confirmEmailQueryOptions(userId, token));
  if (confirmation.isPending) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'center', py: 3 }}>
        <CircularProgress aria-label="Confirming your new email address" />
        <Typography color="text.secondary">Confirming your new email address...</Typography>
      </Stack>
    );
  }
  if (confirmation.isError) {
    return (
      <Stack spacing={2}>
        <Alert severity="error">
          {errorMessage(confirmation.error, 'The email address could not be changed')}
        </Alert>
        <LoginLink label="Back to Login" variant="text" />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Alert severity="success">{confirmation.data.message}</Alert>
      <LoginLink label="Go to Login" variant="contained" />
    </Stack>
  );
}

/** The link an administrator's change of a learner's address sends to the new address (decision 0072). */
export function ConfirmEmail() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const userId = searchParams.get('userId');
  return (
    <AuthCard title="Confirm Email Address">
      {token && userId ? (
        <ConfirmWithLink userId={userId} token={token} />
      ) : (
        <Stack spacing={2}>
          <Alert severity="error">{MISSING_CONFIRM_LINK_PARTS}</Alert>
          <LoginLink label="Back to Login" variant="text" />
        </Stack>
      )}
    </AuthCard>
  );
}
