import { usePageTitle } from '../../lib/site-settings.tsx';
import { UsersPage } from '../../features/admin-users/components/users-page.tsx';

export default function AdminUsersRoute() {
  usePageTitle('Users');
  return <UsersPage />;
}
