import type { UseMutationResult } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { EmailBody, MessageResponse } from '@mlp/contract';
import { FormTextField } from '../../../components/form/form-text-field.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { emailFormSchema, type EmailFormValues } from '../forms.ts';
import { AuthCard, LoginLink } from './auth-card.tsx';

export interface EmailRequestFormProps {
  title: string;
  description: string;
  submitLabel: string;
  /** Shown when the server's answer carries no message. */
  defaultSuccess: string;
  defaultError: string;
  mutation: UseMutationResult<MessageResponse, Error, EmailBody>;
}

/** One e-mail field and a send button: resend verification and forgot password share it. */
export function EmailRequestForm({
  title,
  description,
  submitLabel,
  defaultSuccess,
  defaultError,
  mutation,
}: EmailRequestFormProps) {
  // Links to these pages carry the address the learner already typed (`?email=`): it starts the field.
  const [searchParams] = useSearchParams();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(emailFormSchema),
    defaultValues: { email: searchParams.get('email') ?? '' } satisfies EmailFormValues,
  });
  const onSubmit = handleSubmit((values) => mutation.mutate(values));

  return (
    <AuthCard title={title} subtitle={description}>
      {mutation.isSuccess && (
        <Alert severity="success" sx={{ mb: 1 }}>
          {mutation.data.message || defaultSuccess}
        </Alert>
      )}
      {mutation.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {errorMessage(mutation.error, defaultError)}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <Stack spacing={1.5} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" size="large" fullWidth disabled={mutation.isPending}>
            {mutation.isPending ? 'Sending...' : submitLabel}
          </Button>
          <LoginLink label="Back to Login" variant="outlined" />
        </Stack>
      </form>
    </AuthCard>
  );
}
