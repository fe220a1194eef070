import { useState, type FormEvent } from 'react';
import Typography from '@mui/material/Typography';
import type { AdminAccount, AdminRole } from '@mlp/contract';
import { FormAlert } from '../../../components/form/form-controls.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeAdminRoleMutation } from '../api/users-api.ts';
import { RoleField } from './role-field.tsx';

/**
 * 'Change Role' for one administrator (decision 0067). The server keeps at least one Owner and says so
 * when a change would leave none; lowering one's own role is allowed while another Owner remains.
 */
export function ChangeRoleDialog({
  admin,
  onClose,
  onChanged,
}: {
  admin: AdminAccount | null;
  onClose: () => void;
  onChanged: (message: string) => void;
}) {
  const change = useChangeAdminRoleMutation();
  const [picked, setPicked] = useState<{ id: string; role: AdminRole } | null>(null);
  // The dialog opens on the administrator's current role; a pick belongs to the administrator it was made for.
  const role = picked && admin && picked.id === admin._id ? picked.role : (admin?.role ?? 'editor');

  const close = () => {
    if (change.isPending) return;
    setPicked(null);
    change.reset();
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!admin) return;
    change.mutate(
      { adminId: admin._id, role },
      {
        onSuccess: (result) => {
          setPicked(null);
          change.reset();
          onChanged(result.message);
        },
      },
    );
  };

  return (
    <FormDialog
      open={admin !== null}
      title="Change Role"
      onSubmit={submit}
      onCancel={close}
      busy={change.isPending}
      submit={{ label: 'Save Role', busyLabel: 'Saving...', spinner: true }}
    >
      <FormAlert message={change.isError ? errorMessage(change.error, 'Failed to change the role') : null} />
      <Typography sx={{ overflowWrap: 'anywhere' }}>
        {admin?.isCurrent ? 'Your own role' : `The role of ${admin?.email ?? ''}`}: it applies from their next
        action, without signing in again.
      </Typography>
      <RoleField value={role} onChange={(next) => admin && setPicked({ id: admin._id, role: next })} />
    </FormDialog>
  );
}
