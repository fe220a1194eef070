import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { PageHeader } from '../../../components/page-sections.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useJoinCohortMutation } from '../api/cohorts-api.ts';

/**
 * /join and /join/:code (decision 0079): a signed-in learner joins a cohort with the invite code their tutor
 * gave them; a link with the code fills it in.
 */
export function JoinCohort({ initialCode = '' }: { initialCode?: string }) {
  const [code, setCode] = useState(initialCode);
  const join = useJoinCohortMutation();
  return (
    <Box sx={{ maxWidth: 560 }}>
      <PageHeader title="Join a cohort" subtitle="Enter the invite code your tutor gave you." />
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (code.trim()) join.mutate(code.trim());
        }}
      >
        <TextField
          label="Invite code"
          required
          fullWidth
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, maxLength: 64 } }}
        />
        {join.isError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(join.error, 'You could not join the cohort. Please try again.')}
          </Alert>
        )}
        {join.isSuccess ? (
          <Alert
            severity="success"
            sx={{ mt: 2 }}
            action={
              <Button component={RouterLink} to="/dashboard" color="inherit" size="small">
                Go to dashboard
              </Button>
            }
          >
            {join.data.message}
          </Alert>
        ) : (
          <Button type="submit" variant="contained" sx={{ mt: 2 }} disabled={join.isPending || !code.trim()}>
            {join.isPending ? 'Joining...' : 'Join'}
          </Button>
        )}
      </Box>
    </Box>
  );
}
