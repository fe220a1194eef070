import { usePageTitle } from '../../lib/site-settings.tsx';
import { LoginForm } from '../../features/account/components/login-form.tsx';

export default function LoginRoute() {
  usePageTitle('Login');
  return <LoginForm />;
}
