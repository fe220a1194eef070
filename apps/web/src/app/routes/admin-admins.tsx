import { usePageTitle } from '../../lib/site-settings.tsx';
import { AdminsPage } from '../../features/admin/components/admins/admins-page.tsx';

export default function AdminAdminsRoute() {
  usePageTitle('Admin Management');
  return <AdminsPage />;
}
