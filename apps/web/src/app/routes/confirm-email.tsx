import { usePageTitle } from '../../lib/site-settings.tsx';
import { ConfirmEmail } from '../../features/account/components/confirm-email.tsx';

export default function ConfirmEmailRoute() {
  usePageTitle('Confirm Email');
  return <ConfirmEmail />;
}
