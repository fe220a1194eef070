import { usePageTitle } from '../../lib/site-settings.tsx';
import { ExamsPage } from '../../features/admin-exams/components/exams-page.tsx';

export default function AdminExamsRoute() {
  usePageTitle('Manage Exams');
  return <ExamsPage />;
}
