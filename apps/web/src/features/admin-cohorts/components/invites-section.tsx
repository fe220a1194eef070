import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { COHORT_LIMITS, type CohortInvite } from '@mlp/contract';
import { useConfirmedRemoval } from '../../../components/dialogs/confirmed-removal.tsx';
import { SectionCard } from '../../../components/page-sections.tsx';
import { DataTable } from '../../../components/table/data-table.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import {
  cohortInvitesQueryOptions,
  useCreateInviteMutation,
  useRevokeInviteMutation,
} from '../api/cohorts-api.ts';

function inviteState(invite: CohortInvite, now: number): string {
  if (invite.revokedAt) return 'Revoked';
  return Date.parse(invite.expiresAt) <= now ? 'Expired' : 'Active';
}

/**
 * A cohort's invite codes (decision 0079): create one that lasts 1–90 days, shown whole only once with a
 * copy button (the server keeps only its hash), and revoke it. The list shows each code's first characters.
 */
export function InvitesSection({ cohortId, onNotice }: { cohortId: string; onNotice: (m: string) => void }) {
  const invites = useQuery(cohortInvitesQueryOptions(cohortId));
  const create = useCreateInviteMutation(cohortId);
  const revoke = useConfirmedRemoval<CohortInvite>(useRevokeInviteMutation(cohortId), {
    title: 'Revoke invite code',
    question: 'Revoke this code? Nobody can join with it any more; members who joined with it stay.',
    details: (invite) => <strong>Code {invite.prefix}…</strong>,
    confirmLabel: 'Revoke',
    busyLabel: 'Revoking...',
    failure: 'The invite code could not be revoked.',
    onDone: onNotice,
  });
  const [days, setDays] = useState('30');
  const [code, setCode] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  // The list's states are read against the time the codes were loaded.
  const now = invites.dataUpdatedAt;

  const copy = async () => {
    if (!code) return;
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  const joinLink = code ? `${window.location.origin}/join/${code}` : '';

  return (
    <SectionCard title="Invite codes">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 1, alignItems: { sm: 'flex-start' } }}
      >
        <TextField
          label="Lasts (days)"
          type="number"
          value={days}
          onChange={(event) => setDays(event.target.value)}
          slotProps={{
            htmlInput: { min: COHORT_LIMITS.minInviteDays, max: COHORT_LIMITS.maxInviteDays, step: 1 },
          }}
          helperText={`${COHORT_LIMITS.minInviteDays} to ${COHORT_LIMITS.maxInviteDays} days`}
          size="small"
        />
        <Button
          variant="outlined"
          disabled={create.isPending}
          onClick={() =>
            create.mutate(Number(days), {
              onSuccess: (result) => {
                setCode(result.code);
                setCopied(false);
              },
            })
          }
        >
          {create.isPending ? 'Creating...' : 'Create invite code'}
        </Button>
      </Stack>
      {create.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(create.error, 'The invite code could not be created.')}
        </Alert>
      )}
      {code && (
        <Alert severity="success" sx={{ mt: 2 }} onClose={() => setCode(null)}>
          <Typography>Copy this code now: it is shown only once.</Typography>
          <Typography
            component="p"
            sx={{ fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: 2, my: 1 }}
            data-testid="invite-code"
          >
            {code}
          </Typography>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            Learners join at {joinLink}
          </Typography>
          <Button size="small" sx={{ mt: 1 }} onClick={() => void copy()}>
            {copied ? 'Copied' : 'Copy code'}
          </Button>
        </Alert>
      )}
      {invites.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(invites.error, 'The invite codes could not be loaded.')}
        </Alert>
      ) : (
        invites.data && (
          <Box sx={{ mt: 2 }}>
            <DataTable
              label="Invite codes"
              columns={[
                {
                  label: 'Code',
                  render: (invite) => `${invite.prefix}…`,
                  cellSx: { fontFamily: 'monospace' },
                },
                { label: 'Expires', render: (invite) => formatDateTime(invite.expiresAt) },
                { label: 'Status', render: (invite) => inviteState(invite, now) },
                { label: 'Uses', render: (invite) => invite.uses },
              ]}
              rows={invites.data}
              rowKey={(invite) => invite._id}
              actions={(invite) =>
                inviteState(invite, now) === 'Active' && (
                  <Button
                    size="small"
                    color="error"
                    disabled={revoke.busy}
                    aria-label={`Revoke code ${invite.prefix}`}
                    onClick={() => revoke.ask(invite)}
                  >
                    Revoke
                  </Button>
                )
              }
              loading={false}
              emptyText="No invite code yet."
              minWidth={560}
            />
          </Box>
        )
      )}
      {revoke.dialog}
    </SectionCard>
  );
}
