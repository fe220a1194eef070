import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AdminMock } from '@mlp/contract';
import { ListCard } from '../../../components/cards/list-card.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { PageHeader, SectionCard } from '../../../components/page-sections.tsx';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useNow } from '../../../lib/use-now.ts';
import { adminMocksQueryOptions, useCancelMockMutation, useReleaseMockMutation } from '../api/mocks-api.ts';
import { groupMocks, type MockGroup } from '../mock-rules.ts';
import { MockFormDialog } from './mock-form-dialog.tsx';

const SECTIONS: Array<{ group: MockGroup; title: string; empty: string }> = [
  { group: 'open', title: 'Open now', empty: 'No mock is open now.' },
  { group: 'upcoming', title: 'Upcoming', empty: 'No mock is scheduled.' },
  { group: 'closed', title: 'Closed', empty: 'No mock has closed yet.' },
];

const RESULTS_RULE: Record<AdminMock['release'], string> = {
  at_close: 'at the close',
  immediately: 'as each learner submits',
  at: 'at a set time',
};

function MockRow({
  mock,
  onEdit,
  onCancel,
  onRelease,
  now,
}: {
  mock: AdminMock;
  now: number;
  onEdit?: (mock: AdminMock) => void;
  onCancel?: (mock: AdminMock) => void;
  onRelease?: (mock: AdminMock) => void;
}) {
  // A closed mock whose results wait for a later time may have them out now.
  const held = mock.state === 'closed' && Date.parse(mock.resultsAt) > now;
  return (
    <ListCard
      title={mock.title}
      badge={mock.state === 'cancelled' && <Chip size="small" label="Cancelled" />}
      details={
        <>
          <Typography variant="body2" color="text.secondary">
            {mock.exam.title} · {mock.timeLimitMinutes} minutes
          </Typography>
          <Typography variant="body2">
            {formatDateTime(mock.opensAt)} to {formatDateTime(mock.closesAt)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Results {RESULTS_RULE[mock.release]}
            {mock.release === 'immediately' ? '' : `: ${formatDateTime(mock.resultsAt)}`} · {mock.sittings}{' '}
            {mock.sittings === 1 ? 'sitting' : 'sittings'}
          </Typography>
        </>
      }
      actions={
        <>
          {(mock.state === 'open' || mock.state === 'closed') && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexShrink: 0, flexWrap: 'wrap' }}>
              <Button
                component={RouterLink}
                to={`/admin/mocks/${mock._id}/live`}
                variant="outlined"
                aria-label={`Live view of ${mock.title}`}
              >
                Live view
              </Button>
              {onRelease && held && (
                <Button onClick={() => onRelease(mock)} aria-label={`Release the results of ${mock.title}`}>
                  Release results
                </Button>
              )}
            </Stack>
          )}
          {(onEdit || onCancel) && mock.state === 'upcoming' && (
            <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
              {onEdit && (
                <Button variant="outlined" onClick={() => onEdit(mock)} aria-label={`Edit ${mock.title}`}>
                  Edit
                </Button>
              )}
              {onCancel && (
                <Button color="error" onClick={() => onCancel(mock)} aria-label={`Cancel mock ${mock.title}`}>
                  Cancel mock
                </Button>
              )}
            </Stack>
          )}
        </>
      }
    />
  );
}

/**
 * /admin/mocks (decision 0077): the mocks open now, upcoming and closed; schedule one, edit or cancel one
 * before it opens (asked first).
 */
export function MocksPage() {
  const mocks = useQuery(adminMocksQueryOptions());
  const canCreate = useAdminCan('adminMocks', 'create');
  const canCancel = useAdminCan('adminMocks', 'cancel');
  const cancel = useCancelMockMutation();
  const canRelease = useAdminCan('adminMocks', 'release');
  const release = useReleaseMockMutation();
  const [releasing, setReleasing] = useState<AdminMock | null>(null);
  const now = useNow();
  const [editing, setEditing] = useState<AdminMock | 'new' | null>(null);
  const [cancelling, setCancelling] = useState<AdminMock | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const groups = groupMocks(mocks.data ?? []);

  const closeRelease = () => {
    setReleasing(null);
    release.reset();
  };

  const closeCancel = () => {
    setCancelling(null);
    cancel.reset();
  };

  return (
    <>
      <PageHeader
        title="Mock exams"
        subtitle="Everyone sits the same exam in one window, then sees where they rank."
        actions={
          canCreate && (
            <Button variant="contained" onClick={() => setEditing('new')}>
              Schedule mock
            </Button>
          )
        }
      />
      {notice && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
      {mocks.isError && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errorMessage(mocks.error, 'The mock exams could not be loaded.')}
        </Alert>
      )}
      <Stack spacing={3}>
        {SECTIONS.map(({ group, title, empty }) => (
          <SectionCard key={group} title={title}>
            {mocks.isPending ? (
              <Skeleton variant="rounded" height={72} sx={{ mt: 2 }} />
            ) : groups[group].length === 0 ? (
              <Typography color="text.secondary" sx={{ mt: 1 }}>
                {empty}
              </Typography>
            ) : (
              <Stack component="ul" spacing={1.5} sx={{ mt: 2, mb: 0, p: 0 }}>
                {groups[group].map((mock) => (
                  <MockRow
                    key={mock._id}
                    mock={mock}
                    onEdit={canCreate ? setEditing : undefined}
                    onCancel={canCancel ? setCancelling : undefined}
                    onRelease={canRelease ? setReleasing : undefined}
                    now={now}
                  />
                ))}
              </Stack>
            )}
          </SectionCard>
        ))}
      </Stack>
      {editing && (
        <MockFormDialog
          mock={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setNotice(message);
          }}
        />
      )}
      <ConfirmDialog
        open={releasing !== null}
        title="Release the results now?"
        message={`Everyone who sat "${releasing?.title ?? ''}" will see their score, rank and the answers, instead of on ${releasing ? formatDateTime(releasing.resultsAt) : ''}.`}
        confirmLabel="Release results"
        busyLabel="Releasing..."
        busy={release.isPending}
        error={release.isError ? errorMessage(release.error, 'The results could not be released.') : null}
        onClose={closeRelease}
        onConfirm={() =>
          releasing &&
          release.mutate(releasing._id, {
            onSuccess: (result) => {
              closeRelease();
              setNotice(result.message);
            },
          })
        }
      />
      <ConfirmDialog
        open={cancelling !== null}
        title="Cancel this mock?"
        message={`Learners will no longer see "${cancelling?.title ?? ''}". This cannot be undone.`}
        confirmLabel="Cancel mock"
        busyLabel="Cancelling..."
        busy={cancel.isPending}
        error={cancel.isError ? errorMessage(cancel.error, 'The mock could not be cancelled.') : null}
        onClose={closeCancel}
        onConfirm={() =>
          cancelling &&
          cancel.mutate(cancelling._id, {
            onSuccess: (result) => {
              closeCancel();
              setNotice(result.message);
            },
          })
        }
      />
    </>
  );
}
