import { usePageTitle } from '../../lib/site-settings.tsx';
import { AdminLogin } from '../../features/admin-auth/components/admin-login.tsx';

export default function AdminLoginRoute() {
  usePageTitle('Admin Login');
  return <AdminLogin />;
}
