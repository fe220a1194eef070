import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import Alert from '@mui/material/Alert';
import type { AdminUser, MessageResponse } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import Stack from '@mui/material/Stack';
import { ExportButton } from '../../../components/dialogs/export-dialog.tsx';
import { ResultsExportButton } from './results-export-button.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { useFeedback } from '../../../components/feedback.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { DataTable, tableLoadError, type TableColumn } from '../../../components/table/data-table.tsx';
import { DeleteRowButton, StateChip, ViewRowLink } from '../../../components/table/cells.tsx';
import { usePagedList } from '../../../components/table/use-paged-list.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminUsersQueryOptions, downloadLearners, useDeleteUserMutation } from '../api/users-api.ts';
import { useAdminCan } from '../../../lib/admin/admin-api.ts';

const COLUMNS: Array<TableColumn<AdminUser>> = [
  { label: 'Email', render: (user) => user.email, cellSx: { wordBreak: 'break-all' } },
  { label: 'Name', render: (user) => user.name },
  {
    label: 'Created At',
    render: (user) => formatDate(user.createdAt),
    cellSx: { whiteSpace: 'nowrap' },
  },
  {
    label: 'Verified',
    render: (user) => <StateChip on={user.verified} label={user.verified ? 'Verified' : 'Not verified'} />,
  },
];

/**
 * Spec §2 Admin users: keyword search, a paged table and deletion after confirmation; each learner's own
 * page (subscriptions and payments, decision 0033) opens from 'View'.
 */
export function UsersPage() {
  const list = usePagedList();
  const users = useQuery(adminUsersQueryOptions(list.filters));
  // Finance reads learners but may not delete them (decision 0067).
  const mayDelete = useAdminCan('adminUsers', 'remove');
  const canExport = useAdminCan('adminExports', 'learners');
  const canExportResults = useAdminCan('adminExports', 'results');
  const { feedback, show } = useFeedback();
  // What the learner's page did before it sent us back here (an account erased, decision 0069).
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const remove = useConfirmedDelete<AdminUser, MessageResponse>(useDeleteUserMutation(), {
    failure: 'Error deleting user',
    onDeleted: (result) => show(result.message || 'User deleted successfully'),
  });

  return (
    <>
      <PageHeader
        title="Users"
        subtitle="Learner accounts registered on the platform"
        actions={
          (canExport || canExportResults) && (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canExport && (
                <ExportButton
                  label="Export learners"
                  title="Export learners"
                  description="Name, e-mail, whether verified, when registered, status and active subscriptions. Leave the dates empty for every learner, or choose the days they registered."
                  range="optional"
                  fallbackName="learners"
                  download={downloadLearners}
                />
              )}
              {canExportResults && <ResultsExportButton />}
            </Stack>
          )
        }
      />
      {typeof notice === 'string' && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {notice}
        </Alert>
      )}
      <SearchForm label="Search users" onSearch={list.search} />
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={users.data?.users ?? []}
        rowKey={(user) => user._id}
        actions={(user) => (
          <>
            <ViewRowLink label={`View user ${user.email}`} to={`/admin/users/${user._id}`} />
            {mayDelete && (
              <DeleteRowButton label={`Delete user ${user.email}`} onClick={() => remove.ask(user)} />
            )}
          </>
        )}
        loading={users.isPending}
        error={tableLoadError(users, 'Error fetching users')}
        emptyText={list.emptyText('users')}
        paging={list.paging(users.data)}
      />

      <ConfirmDialog
        {...remove.dialog}
        title="Delete User"
        message="Are you sure you want to delete this user?"
        details={
          remove.target && (
            <>
              <strong>{remove.target.email}</strong> and their subscriptions, results and devices will be
              deleted.
            </>
          )
        }
      />
      {feedback}
    </>
  );
}
