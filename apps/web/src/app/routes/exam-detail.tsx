import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../lib/site-settings.tsx';
import { examQueryOptions } from '../../features/catalogue/api/catalogue-api.ts';
import { ExamDetails } from '../../features/catalogue/components/exam-details.tsx';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel.tsx';

export default function ExamDetailRoute() {
  const { id = '' } = useParams();
  const { data: exam } = useQuery(examQueryOptions(id));
  usePageTitle(exam?.title ?? 'Exam');
  return <ExamDetails examId={id}>{(loaded) => <SubscriptionPanel exam={loaded} />}</ExamDetails>;
}
