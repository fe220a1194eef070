import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminCohort } from '@mlp/contract';
import { ListCard } from '../../../components/cards/list-card.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminCohortsQueryOptions } from '../api/cohorts-api.ts';
import { CohortFormDialog } from './cohort-form-dialog.tsx';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function CohortRow({ cohort }: { cohort: AdminCohort }) {
  return (
    <ListCard
      title={cohort.name}
      details={
        <>
          <Typography variant="body2">
            {formatDate(cohort.startsOn)} to {formatDate(cohort.endsOn)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {plural(cohort.members, 'member')} · {plural(cohort.assignments, 'assignment')} ·{' '}
            {cohort.tutors.length === 0
              ? 'No tutor yet'
              : `Tutors: ${cohort.tutors.map((tutor) => tutor.name).join(', ')}`}
          </Typography>
        </>
      }
      actions={
        <Button
          component={RouterLink}
          to={`/admin/cohorts/${encodeURIComponent(cohort._id)}`}
          variant="outlined"
          aria-label={`Open ${cohort.name}`}
          sx={{ flexShrink: 0 }}
        >
          Open
        </Button>
      }
    />
  );
}

/** /admin/cohorts (decision 0079): the cohorts the administrator runs; an Owner creates them. */
export function CohortsPage() {
  const cohorts = useQuery(adminCohortsQueryOptions());
  const canCreate = useAdminCan('adminCohorts', 'create');
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Cohorts"
        subtitle="Groups of learners with their tutors, invite codes and assignments."
        actions={
          canCreate && (
            <Button variant="contained" onClick={() => setCreating(true)}>
              New cohort
            </Button>
          )
        }
      />
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      <SectionCard title="Your cohorts">
        {cohorts.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(cohorts.error, 'The cohorts could not be loaded.')}
          </Alert>
        ) : cohorts.isPending ? (
          <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} aria-label="Loading cohorts" />
        ) : cohorts.data.length === 0 ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {canCreate
              ? 'No cohort yet. Create one to add learners.'
              : 'You are not a tutor of any cohort yet.'}
          </Typography>
        ) : (
          <Stack component="ul" spacing={1.5} sx={{ mt: 2, mb: 0, p: 0 }}>
            {cohorts.data.map((cohort) => (
              <CohortRow key={cohort._id} cohort={cohort} />
            ))}
          </Stack>
        )}
      </SectionCard>
      {creating && (
        <CohortFormDialog
          onClose={() => setCreating(false)}
          onSaved={(message) => {
            setCreating(false);
            setNotice(message);
          }}
        />
      )}
    </>
  );
}
