import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangeAdminPasswordMutation } from '../api/settings-api.ts';
import { adminPasswordFormSchema, type AdminPasswordFormValues } from '../forms.ts';
import { ResponsiveDialog } from '../../../components/dialogs/responsive-dialog.tsx';

const EMPTY: AdminPasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Spec §9: the dialog closes 1.5 seconds after a successful change. */
export const CLOSE_AFTER_SUCCESS_MS = 1500;

/** The administrator's own password: current, new and confirmation (spec §2 Admin settings). */
export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
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
    <ResponsiveDialog open={open} onClose={close} aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogTitle id={titleId}>Change Password</DialogTitle>
        <DialogContent>
          {succeeded && (
            <Alert severity="success" sx={{ mb: 1 }}>
              Password changed successfully
            </Alert>
          )}
          {mutation.isError && (
            <Alert severity="error" sx={{ mb: 1 }}>
              {errorMessage(mutation.error, 'Error changing password')}
            </Alert>
          )}
          <FormTextField
            control={control}
            name="currentPassword"
            label="Current Password"
            type="password"
            autoComplete="current-password"
          />
          <FormTextField
            control={control}
            name="newPassword"
            label="New Password"
            type="password"
            autoComplete="new-password"
            helperText="At least 8 characters"
          />
          <FormTextField
            control={control}
            name="confirmPassword"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={mutation.isPending || succeeded}
            startIcon={
              mutation.isPending ? (
                <CircularProgress size={16} color="inherit" aria-hidden="true" />
              ) : undefined
            }
          >
            {mutation.isPending ? 'Changing...' : 'Change Password'}
          </Button>
        </DialogActions>
      </form>
    </ResponsiveDialog>
  );
}
