import { usePageTitle } from '../../lib/site-settings.tsx';
import { ActivityPage } from '../../features/admin-dashboard/components/activity-page.tsx';

export default function AdminActivityRoute() {
  usePageTitle('Activity');
  return <ActivityPage />;
}
