import { useResendVerificationMutation } from '../api/account-api.ts';
import { EmailRequestForm } from './email-request-form.tsx';

export function ResendVerificationForm() {
  const mutation = useResendVerificationMutation();
  return (
    <EmailRequestForm
      title="Resend Verification"
      description="Enter the email address you registered with and we will send you a new verification link."
      submitLabel="Resend Verification Email"
      defaultSuccess="Verification email has been sent. Please check your inbox."
      defaultError="Failed to resend verification email"
      mutation={mutation}
    />
  );
}
