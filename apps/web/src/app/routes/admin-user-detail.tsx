import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { UserDetailPage } from '../../features/admin-users/components/user-detail-page.tsx';
import { LearnerPayments } from '../../features/admin-payments/components/payments-page.tsx';
import { LearnerReports } from '../../features/admin-reports/components/reports-page.tsx';

/**
 * A learner's page: the account, subscriptions, results and devices (admin-users) with their payments
 * (admin-payments) and their reports about questions (admin-reports).
 */
export default function AdminUserDetailRoute() {
  usePageTitle('User');
  const { id = '' } = useParams();
  return (
    <UserDetailPage
      key={id}
      userId={id}
      payments={<LearnerPayments userId={id} />}
      reports={<LearnerReports userId={id} />}
    />
  );
}
