import { usePageTitle } from '../../lib/site-settings.tsx';
import { ResendVerificationForm } from '../../features/account/components/resend-verification-form.tsx';

export default function ResendVerificationRoute() {
  usePageTitle('Resend Verification');
  return <ResendVerificationForm />;
}
