import { usePageTitle } from '../../lib/site-settings.tsx';
import { CohortsPage } from '../../features/admin-cohorts/components/cohorts-page.tsx';

export default function AdminCohortsRoute() {
  usePageTitle('Cohorts');
  return <CohortsPage />;
}
