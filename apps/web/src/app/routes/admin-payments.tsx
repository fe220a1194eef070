import { usePageTitle } from '../../lib/site-settings.tsx';
import { PaymentsPage } from '../../features/admin-payments/components/payments-page.tsx';

export default function AdminPaymentsRoute() {
  usePageTitle('Payments');
  return <PaymentsPage />;
}
