import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { UserDetailPage } from '../../features/admin-users/components/user-detail-page.tsx';
import { LearnerPayments } from '../../features/admin-payments/components/payments-page.tsx';
import { LearnerReports } from '../../features/admin-reports/components/reports-page.tsx';
import { useAdminCan } from '../../lib/admin/admin-api.ts';

/**
 * A learner's page: the account, subscriptions, results and devices (admin-users) with their payments
 * (admin-payments) and their reports about questions (admin-reports).
 */
export default function AdminUserDetailRoute() {
  usePageTitle('User');
  const { id = '' } = useParams();
  // Each part only for a role that may read it (decision 0067): Support sees no money, Finance no reports.
  const seesPayments = useAdminCan('adminPayments', 'list');
  const seesReports = useAdminCan('reports', 'list');
  return (
    <UserDetailPage
      key={id}
      userId={id}
      payments={seesPayments ? <LearnerPayments userId={id} /> : undefined}
      reports={seesReports ? <LearnerReports userId={id} /> : undefined}
    />
  );
}
