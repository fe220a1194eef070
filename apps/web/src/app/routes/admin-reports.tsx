import { usePageTitle } from '../../lib/site-settings.tsx';
import { ReportsPage } from '../../features/admin-reports/components/reports-page.tsx';

export default function AdminReportsRoute() {
  usePageTitle('Learner reports');
  return <ReportsPage />;
}
