import { usePageTitle } from '../../lib/site-settings.tsx';
import { RegisterForm } from '../../features/account/components/register-form.tsx';

export default function RegisterRoute() {
  usePageTitle('Register');
  return <RegisterForm />;
}
