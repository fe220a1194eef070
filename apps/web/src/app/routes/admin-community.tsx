import { usePageTitle } from '../../lib/site-settings.tsx';
import { CommunityPage } from '../../features/admin-community/components/community-page.tsx';

export default function AdminCommunityRoute() {
  usePageTitle('Community');
  return <CommunityPage />;
}
