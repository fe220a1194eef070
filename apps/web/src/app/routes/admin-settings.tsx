import { usePageTitle } from '../../lib/site-settings.tsx';
import { SettingsPage } from '../../features/admin-settings/components/settings-page.tsx';

export default function AdminSettingsRoute() {
  usePageTitle('Admin Settings');
  return <SettingsPage />;
}
