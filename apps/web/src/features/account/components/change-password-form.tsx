import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { ChangePasswordFields } from '../../../components/form/password-fields.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { useChangePasswordMutation } from '../api/account-api.ts';
import { changePasswordFormSchema, type ChangePasswordFormValues } from '../forms.ts';
import { SectionCard } from '../../../components/page-sections.tsx';

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
      {mutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(mutation.error, 'Error updating password')}
        </Alert>
      )}
      <Box component="form" noValidate onSubmit={(event) => void onSubmit(event)} sx={{ maxWidth: 480 }}>
        <ChangePasswordFields control={control} />
        <Button type="submit" variant="contained" disabled={mutation.isPending} sx={{ mt: 2 }}>
          {mutation.isPending ? 'Updating...' : 'Update Password'}
        </Button>
      </Box>
    </SectionCard>
  );
}
