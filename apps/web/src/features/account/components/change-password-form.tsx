import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BusyButton } from '../../../components/form/busy-button.tsx';
import { RequestError } from '../../../components/form/form-alert.tsx';
import { ChangePasswordFields } from '../../../components/form/password-fields.tsx';
import { useChangePasswordMutation } from '../api/account-api.ts';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../forms.ts';
import { SectionCard } from '../../../components/section-card.tsx';

const EMPTY: ChangePasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordForm() {
  const mutation = useChangePasswordMutation();
  const { control, handleSubmit, reset } = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: EMPTY,
  });

  const onSubmit = handleSubmit(({ currentPassword, newPassword }) =>
    mutation.mutate({ currentPassword, newPassword }, { onSuccess: () => reset(EMPTY) }),
  );

  return (
    <SectionCard title="Change Password" titleVariant="h5" gutterBottom>
      {mutation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {mutation.data.message || 'Password updated successfully'}
        </Alert>
      )}
      <RequestError error={mutation.error} fallback="Error updating password" />
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 480 }}>
        <ChangePasswordFields control={control} />
        <BusyButton type="submit" busy={mutation.isPending} busyLabel="Updating..." sx={{ mt: 2 }}>
          Update Password
        </BusyButton>
      </Box>
    </SectionCard>
  );
}
