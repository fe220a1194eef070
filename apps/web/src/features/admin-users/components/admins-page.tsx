import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import type { AdminAccount, MessageResponse } from '@mlp/contract';
import { PageHeader } from '../../../components/page-sections.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { adminAccountsQueryOptions } from '../../../lib/admin/admin-api.ts';
import { useDeleteAdminMutation } from '../api/users-api.ts';
import { DataTable, tableLoadError, type TableColumn } from '../../../components/table/data-table.tsx';
import { DeleteRowButton } from '../../../components/table/cells.tsx';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog.tsx';
import { useFeedback } from '../../../components/feedback.tsx';
import { roleLabel } from '../role-label.ts';
import { useConfirmedDelete } from '../../../components/dialogs/use-confirmed-delete.ts';
import { AddAdminDialog } from './add-admin-dialog.tsx';
import { ChangeRoleDialog } from './change-role-dialog.tsx';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';

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
  const { feedback, show } = useFeedback();
  const [adding, setAdding] = useState(false);
  const [changingRole, setChangingRole] = useState<AdminAccount | null>(null);
  const remove = useConfirmedDelete<AdminAccount, MessageResponse>(useDeleteAdminMutation(), {
    failure: 'Failed to delete admin',
    onDeleted: () => show('Admin deleted successfully'),
  });

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
        rows={admins.data?.admins ?? []}
        rowKey={(admin) => admin._id}
        actions={(admin) => (
          <>
            <Tooltip title="Change role">
              <IconButton aria-label={`Change role of ${admin.email}`} onClick={() => setChangingRole(admin)}>
                <ManageAccountsIcon />
              </IconButton>
            </Tooltip>
            {/* Spec §6: an administrator may not delete their own account. */}
            <DeleteRowButton
              label={`Delete admin ${admin.email}`}
              disabled={admin.isCurrent}
              onClick={() => remove.ask(admin)}
            />
          </>
        )}
        loading={admins.isPending}
        error={tableLoadError(admins, 'Failed to load admins')}
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
      <ChangeRoleDialog
        admin={changingRole}
        onClose={() => setChangingRole(null)}
        onChanged={(message) => {
          setChangingRole(null);
          show(message);
        }}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Delete Admin"
        message={`Are you sure you want to delete admin ${remove.target?.email ?? ''}? This action cannot be undone.`}
      />
      {feedback}
    </>
  );
}
