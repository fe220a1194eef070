import { usePageTitle } from '../../lib/site-settings.tsx';
import { AnalyticsPage } from '../../features/analytics/components/analytics-page.tsx';
import { StartReviewButton } from '../../features/reviews/components/start-review-button.tsx';

/** /analytics (decision 0038): the analytics page, whose 'Next step' can start the review session. */
export default function AnalyticsRoute() {
  usePageTitle('Analytics');
  return <AnalyticsPage startReview={<StartReviewButton label="Start review" />} />;
}
