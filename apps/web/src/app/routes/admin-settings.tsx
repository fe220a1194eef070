import { usePageTitle } from '../../lib/site-settings.tsx';
import { SettingsPage } from '../../features/admin/components/settings/settings-page.tsx';

export default function AdminSettingsRoute() {
  usePageTitle('Admin Settings');
  return <SettingsPage />;
}
