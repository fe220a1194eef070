import { usePageTitle } from '../../lib/site-settings.tsx';
import { ReviewDeck } from '../../features/reviews/components/review-deck.tsx';

/** /reviews (decision 0038): the learner's review deck. */
export default function ReviewsRoute() {
  usePageTitle('Review deck');
  return <ReviewDeck />;
}
