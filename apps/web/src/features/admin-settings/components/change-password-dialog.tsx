import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import { RequestError } from '../../../components/form/form-controls.tsx';
import { FormDialog } from '../../../components/dialogs/form-dialog.tsx';
import { ChangePasswordFields } from '../../../components/form/password-fields.tsx';
import { useChangeAdminPasswordMutation } from '../api/settings-api.ts';
import { adminPasswordFormSchema, type AdminPasswordFormValues } from '../forms.ts';

const EMPTY: AdminPasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §9: the dialog closes 1.5 seconds after a successful change. */
export const CLOSE_AFTER_SUCCESS_MS = 1500;

/** The administrator's own password: current, new and confirmation (spec §2 Admin settings). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const mutation = useChangeAdminPasswordMutation();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(adminPasswordFormSchema),
    defaultValues: EMPTY,
  });

  const close = () => {
    if (mutation.isPending) return;
    reset(EMPTY);
    mutation.reset();
    onClose();
  };

  const succeeded = mutation.isSuccess;
  useEffect(() => {
    if (!succeeded) return undefined;
    const timer = setTimeout(() => {
      reset(EMPTY);
      mutation.reset();
      onClose();
    }, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
    // Only the success itself starts the countdown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [succeeded]);

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate({ currentPassword, newPassword }),
  );

  return (
    <FormDialog
      open={open}
      title="Change Password"
      onSubmit={(event) => void onSubmit(event)}
      onCancel={close}
      busy={mutation.isPending}
      submit={{
        label: 'Change Password',
        busyLabel: 'Changing...',
        spinner: true,
        disabled: succeeded,
      }}
    >
      {succeeded && (
        <Alert severity="success" sx={{ mb: 1 }}>
          Password changed successfully
        </Alert>
      )}
      <RequestError error={mutation.error} fallback="Error changing password" />
      <ChangePasswordFields control={control} />
    </FormDialog>
  );
}
