import { usePageTitle } from '../../lib/site-settings.tsx';
import { AboutPage } from '../../features/marketing/components/about-page.tsx';

export default function AboutRoute() {
  usePageTitle('About');
  return <AboutPage />;
}
