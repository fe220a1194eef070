import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { UserDetailPage } from '../../features/admin-users/components/user-detail-page.tsx';
import { LearnerPayments } from '../../features/admin-payments/components/payments-page.tsx';

/** A learner's page: the account and subscriptions (admin-users) with their payments (admin-payments). */
export default function AdminUserDetailRoute() {
  usePageTitle('User');
  const { id = '' } = useParams();
  return <UserDetailPage key={id} userId={id} payments={<LearnerPayments userId={id} />} />;
}
