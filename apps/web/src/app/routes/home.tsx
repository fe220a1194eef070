import { usePageTitle } from '../../lib/site-settings.tsx';
import { HomePage } from '../../features/marketing/components/home-page.tsx';

export default function HomeRoute() {
  usePageTitle();
  return <HomePage />;
}
