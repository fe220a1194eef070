import { useQuery } from '@tanstack/react-query';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import type { AdminUser } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { adminUsersQueryOptions, useDeleteUserMutation } from '../api/users-api.ts';
import { DataTable, TablePager, type TableColumn } from '../../../components/table/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SearchForm } from '../../../components/form/search-form.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { useClampPage, usePagedList } from '../../../components/table/use-paged-list.ts';

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
    render: (user) => (
      <Chip
        size="small"
        label={user.verified ? 'Verified' : 'Not verified'}
        color={user.verified ? 'success' : 'default'}
        variant={user.verified ? 'filled' : 'outlined'}
      />
    ),
  },
];

/** Spec §2 Admin users: keyword search, a paged table and deletion after confirmation. */
export function UsersPage() {
  const { filters, setPage, setRowsPerPage, search } = usePagedList();
  const users = useQuery(adminUsersQueryOptions(filters));
  const deleteUser = useDeleteUserMutation();
  const { feedback, show } = useFeedback();
  const confirm = useConfirmTarget<AdminUser>();

  useClampPage(filters.page, users.data?.pages, setPage);

  const rows = users.data?.users ?? [];
  const total = users.data?.total ?? 0;
  const pageForPager = Math.min(filters.page, Math.max(0, Math.ceil(total / filters.rowsPerPage) - 1));

  const confirmDelete = () => {
    if (!confirm.target) return;
    deleteUser.mutate(confirm.target._id, {
      onSuccess: (result) => {
        confirm.close();
        show(result.message || 'User deleted successfully');
      },
    });
  };

  return (
    <>
      <PageHeader title="Users" subtitle="Learner accounts registered on the platform" />
      <SearchForm label="Search users" onSearch={search} />
      <DataTable
        label="Users"
        columns={COLUMNS}
        rows={rows}
        rowKey={(user) => user._id}
        actions={(user) => (
          <IconButton
            aria-label={`Delete user ${user.email}`}
            color="error"
            onClick={() => {
              deleteUser.reset();
              confirm.ask(user);
            }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        )}
        loading={users.isPending}
        error={
          users.isError
            ? { message: errorMessage(users.error, 'Error fetching users'), onRetry: users.refetch }
            : null
        }
        emptyText={filters.keyword ? `No users found matching "${filters.keyword}"` : 'No users found'}
        footer={
          <TablePager
            count={total}
            page={pageForPager}
            rowsPerPage={filters.rowsPerPage}
            onPageChange={setPage}
            onRowsPerPageChange={setRowsPerPage}
          />
        }
      />

      <ConfirmDialog
        open={confirm.open}
        title="Delete User"
        message="Are you sure you want to delete this user?"
        details={
          confirm.target && (
            <>
              <strong>{confirm.target.email}</strong> and their subscriptions, results and devices will be
              deleted.
            </>
          )
        }
        busy={deleteUser.isPending}
        error={deleteUser.isError ? errorMessage(deleteUser.error, 'Error deleting user') : null}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      />
      {feedback}
    </>
  );
}
