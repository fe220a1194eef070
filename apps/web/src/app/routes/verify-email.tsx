import { usePageTitle } from '../../lib/site-settings.tsx';
import { VerifyEmail } from '../../features/account/components/verify-email.tsx';

export default function VerifyEmailRoute() {
  usePageTitle('Verify Email');
  return <VerifyEmail />;
}
