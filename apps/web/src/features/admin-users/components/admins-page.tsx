import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { AdminAccount } from '@mlp/contract';
import { errorMessage } from '../../../lib/api-client.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { adminAccountsQueryOptions } from '../../../lib/admin/admin-queries.ts';
import { useDeleteAdminMutation } from '../api/users-api.ts';
import { DataTable, type TableColumn } from '../../../components/table/data-table.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { roleLabel } from '../role-label.ts';
import { PageHeader } from '../../../components/page-header.tsx';
import { useConfirmTarget } from '../../../components/dialogs/use-confirm-target.ts';
import { AddAdminDialog } from './add-admin-dialog.tsx';

const COLUMNS: Array<TableColumn<AdminAccount>> = [
  {
    label: 'Email',
    render: (admin) => (
      <>
        {admin.email}
        {admin.isCurrent && <Chip label="You" size="small" color="primary" sx={{ ml: 1 }} />}
      </>
    ),
    cellSx: { wordBreak: 'break-all' },
  },
  { label: 'Name', render: (admin) => admin.name || 'N/A' },
  { label: 'Role', render: (admin) => roleLabel(admin.role) },
  { label: 'Created', render: (admin) => formatDate(admin.createdAt), cellSx: { whiteSpace: 'nowrap' } },
  {
    label: 'Last Login',
    render: (admin) => (admin.lastLogin ? formatDateTime(admin.lastLogin) : 'Never'),
    cellSx: { whiteSpace: 'nowrap' },
  },
];

/** Spec §2 Admin management: the administrators, adding one, deleting others (never yourself). */
export function AdminsPage() {
  const admins = useQuery(adminAccountsQueryOptions());
  const deleteAdmin = useDeleteAdminMutation();
  const { feedback, show } = useFeedback();
  const [adding, setAdding] = useState(false);
  const confirm = useConfirmTarget<AdminAccount>();
  const rows = admins.data?.admins ?? [];

  const confirmDelete = () => {
    if (!confirm.target) return;
    deleteAdmin.mutate(confirm.target._id, {
      onSuccess: () => {
        confirm.close();
        show('Admin deleted successfully');
      },
    });
  };

  return (
    <>
      <PageHeader
        title="Admin Management"
        subtitle="People who can sign in to this panel"
        actions={
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            Add Admin
          </Button>
        }
      />
      <DataTable
        label="Administrators"
        columns={COLUMNS}
        rows={rows}
        rowKey={(admin) => admin._id}
        actions={(admin) => (
          // Spec §6: an administrator may not delete their own account.
          <IconButton
            aria-label={`Delete admin ${admin.email}`}
            color="error"
            disabled={admin.isCurrent}
            onClick={() => {
              deleteAdmin.reset();
              confirm.ask(admin);
            }}
          >
            <DeleteOutlinedIcon />
          </IconButton>
        )}
        loading={admins.isPending}
        error={
          admins.isError
            ? { message: errorMessage(admins.error, 'Failed to load admins'), onRetry: admins.refetch }
            : null
        }
        emptyText="No administrators found"
        minWidth={820}
      />

      <AddAdminDialog
        open={adding}
        onClose={() => setAdding(false)}
        onCreated={(message) => {
          setAdding(false);
          show(message);
        }}
      />
      <ConfirmDialog
        open={confirm.open}
        title="Delete Admin"
        message={`Are you sure you want to delete admin ${confirm.target?.email ?? ''}? This action cannot be undone.`}
        busy={deleteAdmin.isPending}
        error={deleteAdmin.isError ? errorMessage(deleteAdmin.error, 'Failed to delete admin') : null}
        onConfirm={confirmDelete}
        onClose={confirm.close}
      />
      {feedback}
    </>
  );
}
