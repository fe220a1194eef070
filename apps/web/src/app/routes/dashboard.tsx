import { useQueries } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import { PageLoading } from '../../components/page-loading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { Dashboard } from '../../features/dashboard/components/dashboard.tsx';
import { historyQueryOptions, recentExamsQueryOptions } from '../../features/results/api/results-api.ts';
import { userSubscriptionsQueryOptions } from '../../features/subscriptions/api/subscriptions-api.ts';

/**
 * Spec §2 Dashboard: the recent, user-subscriptions and history calls are made together on load; if any
 * fails, the whole dashboard is replaced by the error.
 */
export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const [recent, subscriptions, history] = useQueries({
    queries: [recentExamsQueryOptions(), userSubscriptionsQueryOptions(1), historyQueryOptions(1)],
  });

  const failed = [recent, subscriptions, history].find((query) => query.isError);
  if (failed) {
    return <Alert severity="error">{errorMessage(failed.error, 'Error fetching dashboard data')}</Alert>;
  }
  if (!recent.data || !subscriptions.data || !history.data) return <PageLoading label="Loading dashboard" />;

  return (
    <Dashboard
      data={{
        subscriptions: subscriptions.data,
        recent: recent.data.recent,
        resultsTotal: history.data.total,
      }}
    />
  );
}
