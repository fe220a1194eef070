import { usePageTitle } from '../../lib/site-settings.tsx';
import { MocksPage } from '../../features/admin-mocks/components/mocks-page.tsx';

export default function AdminMocksRoute() {
  usePageTitle('Mock exams');
  return <MocksPage />;
}
