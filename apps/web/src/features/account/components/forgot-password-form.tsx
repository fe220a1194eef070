import { useForgotPasswordMutation } from '../api/account-api.ts';
import { EmailRequestForm } from './email-request-form.tsx';

export function ForgotPasswordForm() {
  const mutation = useForgotPasswordMutation();
  return (
    <EmailRequestForm
      title="Forgot Password"
      description="Enter your email address and we will send you a link to reset your password."
      submitLabel="Send Reset Link"
      defaultSuccess="Password reset link has been sent. Please check your inbox."
      defaultError="Failed to send password reset email"
      mutation={mutation}
    />
  );
}
