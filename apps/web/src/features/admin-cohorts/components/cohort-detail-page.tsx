import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { PageHeader } from '../../../components/page-sections.tsx';
import { PageLoading } from '../../../components/page-loading.tsx';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { saveFile } from '../../../lib/save-file.ts';
import {
  adminCohortQueryOptions,
  useCohortReportMutation,
  useDeleteCohortMutation,
} from '../api/cohorts-api.ts';
import { AssignmentsSection } from './assignments-section.tsx';
import { InsightsSection } from './insights-section.tsx';
import { CohortFormDialog } from './cohort-form-dialog.tsx';
import { GrantAccessDialog } from './grant-access-dialog.tsx';
import { InvitesSection } from './invites-section.tsx';
import { MembersSection } from './members-section.tsx';

/**
 * /admin/cohorts/:id (decision 0079): a cohort's members, invite codes and assignments; an Owner also edits
 * and deletes it.
 */
export function CohortDetailPage({ id }: { id: string }) {
  const detail = useQuery(adminCohortQueryOptions(id));
  const canEdit = useAdminCan('adminCohorts', 'update');
  const canDelete = useAdminCan('adminCohorts', 'remove');
  const canGrant = useAdminCan('adminCohorts', 'grantAccess');
  const remove = useDeleteCohortMutation();
  const download = useCohortReportMutation(id);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const [granting, setGranting] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  if (detail.isError)
    return (
      <LoadError
        message={errorMessage(detail.error, 'The cohort could not be loaded.')}
        onRetry={() => void detail.refetch()}
      />
    );
  if (!detail.data) return <PageLoading label="Loading cohort" />;
  const { cohort, members, assignments } = detail.data;

  return (
    <>
      <PageHeader
        title={cohort.name}
        subtitle={`${formatDate(cohort.startsOn)} to ${formatDate(cohort.endsOn)}${cohort.description ? ` · ${cohort.description}` : ''}`}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/admin/cohorts">
              All cohorts
            </Button>
            <Button
              variant="outlined"
              disabled={download.isPending}
              onClick={() =>
                download.mutate(undefined, {
                  onSuccess: (file) => saveFile(file.blob, file.fileName ?? 'cohort-report.csv'),
                })
              }
            >
              {download.isPending ? 'Downloading...' : 'Download report'}
            </Button>
            {canGrant && members.length > 0 && (
              <Button variant="outlined" onClick={() => setGranting(true)}>
                Give access
              </Button>
            )}
            {canEdit && (
              <Button variant="outlined" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            {canDelete && (
              <Button color="error" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            )}
          </Stack>
        }
      />
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {download.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(download.error, 'The report could not be downloaded.')}
        </Alert>
      )}
      <Stack spacing={3}>
        <MembersSection cohortId={cohort._id} members={members} onNotice={setNotice} />
        <InvitesSection cohortId={cohort._id} onNotice={setNotice} />
        <AssignmentsSection cohortId={cohort._id} assignments={assignments} onNotice={setNotice} />
        <InsightsSection cohortId={cohort._id} />
      </Stack>
      {editing && (
        <CohortFormDialog
          cohort={cohort}
          onClose={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            setNotice(message);
          }}
        />
      )}
      {granting && (
        <GrantAccessDialog
          cohort={cohort}
          members={members.length}
          onClose={() => setGranting(false)}
          onSaved={(message) => {
            setGranting(false);
            setNotice(message);
          }}
        />
      )}
      <ConfirmDialog
        open={deleting}
        title="Delete this cohort?"
        message={`"${cohort.name}" with its members, invite codes and assignments will be deleted. Learners keep their results.`}
        confirmLabel="Delete cohort"
        busyLabel="Deleting..."
        busy={remove.isPending}
        error={remove.isError ? errorMessage(remove.error, 'The cohort could not be deleted.') : null}
        onClose={() => {
          setDeleting(false);
          remove.reset();
        }}
        onConfirm={() => remove.mutate(cohort._id, { onSuccess: () => void navigate('/admin/cohorts') })}
      />
    </>
  );
}
