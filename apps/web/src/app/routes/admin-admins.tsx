import { usePageTitle } from '../../lib/site-settings.tsx';
import { AdminsPage } from '../../features/admin-users/components/admins-page.tsx';

export default function AdminAdminsRoute() {
  usePageTitle('Admin Management');
  return <AdminsPage />;
}
