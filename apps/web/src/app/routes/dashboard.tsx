import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadError } from '../../components/load-error.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { Dashboard } from '../../features/dashboard/components/dashboard.tsx';
import { historyQueryOptions, recentExamsQueryOptions } from '../../features/results/api/results-api.ts';
import { resultKeys } from '../../features/results/api/result-keys.ts';
import { InProgressList } from '../../features/exam-taking/components/in-progress-list.tsx';
import { userSubscriptionsQueryOptions } from '../../features/subscriptions/api/subscriptions-api.ts';
import { ReviewDueCard } from '../../features/reviews/components/review-due-card.tsx';
import { enrolledCoursesQueryOptions } from '../../features/courses/api/courses-api.ts';
import { EnrolledCourses } from '../../features/courses/components/enrolled-courses.tsx';
import { UpcomingMocks } from '../../features/mocks/components/upcoming-mocks.tsx';
import { CohortAssignments } from '../../features/cohorts/components/cohort-assignments.tsx';

/**
 * Spec §2 Dashboard: the recent, user-subscriptions and history calls are made together on load; if any
 * fails, the whole dashboard is replaced by the error. The exams in progress come with the recent call
 * (ADR 0018), so there are still three calls; the learner's courses are a fourth, made with them, whose
 * failure stays in its own card.
 */
export default function DashboardRoute() {
  usePageTitle('Dashboard');
  const [recent, subscriptions, history] = useQueries({
    queries: [recentExamsQueryOptions(), userSubscriptionsQueryOptions(1), historyQueryOptions(1)],
  });
  // Waited for with the others (so its card does not push the page down when it arrives), but not part of
  // the all-or-nothing error above; only the first answer is waited for ('Try again' in the card does not
  // bring the spinner back).
  const courses = useQuery(enrolledCoursesQueryOptions());
  const queryClient = useQueryClient();

  const failed = [recent, subscriptions, history].find((query) => query.isError);
  if (failed) {
    // 'Try again' reloads only the calls that failed (decision 0022).
    const retry = () =>
      Promise.all([recent, subscriptions, history].filter((query) => query.isError).map((q) => q.refetch()));
    return (
      <LoadError message={errorMessage(failed.error, 'Error fetching dashboard data')} onRetry={retry} />
    );
  }
  if (!recent.data || !subscriptions.data || !history.data || !courses.isFetched) {
    return <PageLoading label="Loading dashboard" />;
  }

  return (
    <Dashboard
      data={{
        subscriptions: subscriptions.data,
        recent: recent.data.recent,
        inProgress: recent.data.inProgress ?? [],
        resultsTotal: history.data.total,
      }}
      inProgressSection={
        <InProgressList
          title="Exams in Progress"
          sittings={recent.data.inProgress ?? []}
          onDiscarded={() => void queryClient.invalidateQueries({ queryKey: resultKeys.all })}
        />
      }
      // Loads on its own (GET /api/reviews/summary): its failure does not replace the dashboard.
      reviewCard={<ReviewDueCard />}
      coursesSection={<EnrolledCourses invitation loadedByPage />}
      // Loads on its own (GET /api/mocks, decision 0077): shows only when there are mocks to show.
      // Loads on its own too (GET /api/cohorts/assignments, decision 0079): a tutor's assignments first.
      mocksSection={
        <>
          <CohortAssignments />
          <UpcomingMocks />
        </>
      }
    />
  );
}
