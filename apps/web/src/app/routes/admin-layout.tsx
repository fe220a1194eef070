import { AdminLayout } from '../../components/layout/admin-layout.tsx';

/** The administrator panel's frame, loaded with the first admin page so learners never download it. */
export default function AdminLayoutRoute() {
  return <AdminLayout />;
}
