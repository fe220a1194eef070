import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { MockLivePage } from '../../features/admin-mocks/components/mock-live-page.tsx';

export default function AdminMockLiveRoute() {
  usePageTitle('Live view');
  const { id = '' } = useParams();
  return <MockLivePage key={id} mockId={id} />;
}
