import { Navigate } from 'react-router';
import { useAdminRole } from '../../lib/admin/admin-api.ts';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { AdminDashboard } from '../../features/admin-dashboard/components/admin-dashboard.tsx';

export default function AdminDashboardRoute() {
  usePageTitle('Admin Dashboard');
  // A Tutor's panel is their cohorts: the dashboard's counts are the whole site's (decision 0079).
  if (useAdminRole() === 'tutor') return <Navigate to="/admin/cohorts" replace />;
  return <AdminDashboard />;
}
