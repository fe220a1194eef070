import { usePageTitle } from '../../lib/site-settings.tsx';
import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard.tsx';

export default function AdminDashboardRoute() {
  usePageTitle('Admin Dashboard');
  return <AdminDashboard />;
}
