import { usePageTitle } from '../../lib/site-settings.tsx';
import { ForgotPasswordForm } from '../../features/account/components/forgot-password-form.tsx';

export default function ForgotPasswordRoute() {
  usePageTitle('Forgot Password');
  return <ForgotPasswordForm />;
}
