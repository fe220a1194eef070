import { usePageTitle } from '../../lib/site-settings.tsx';
import { ResetPassword } from '../../features/account/components/reset-password.tsx';

export default function ResetPasswordRoute() {
  usePageTitle('Reset Password');
  return <ResetPassword />;
}
